/**
 * vitest reporter, beside the default one: after a run, the 20 slowest tests (project, file, name,
 * duration) and the 10 slowest files (tests and hooks together), to see where the time goes.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const TESTS = 20;
const FILES = 10;

export default class SlowestReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const root = this.vitest?.config.root ?? process.cwd();
    const file = (m: TestModule) => `[${m.project.name}] ${relative(root, m.moduleId)}`;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(7)} s`;
    const tests = modules
      .flatMap((m) =>
        [...m.children.allTests()].map((t) => ({ file: file(m), name: t.fullName, ms: t.diagnostic()?.duration ?? 0 })),
      )
      .sort((a, b) => b.ms - a.ms)
      .slice(0, TESTS);
    const files = modules
      .map((m) => ({ file: file(m), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, FILES);
    if (!tests.length) return;
    const lines = [
      '',
      `Slowest ${tests.length} tests:`,
      ...tests.map((t) => `${seconds(t.ms)}  ${t.file} > ${t.name}`),
      `Slowest ${files.length} files:`,
      ...files.map((f) => `${seconds(f.ms)}  ${f.file}`),
      '',
    ];
    const log = this.vitest?.logger;
    if (log) log.log(lines.join('\n'));
    else console.log(lines.join('\n'));
  }
}
