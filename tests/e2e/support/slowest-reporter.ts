/**
 * Lists the run's slowest tests at its end (title, file:line, duration), beside the 'list'
 * reporter: where a slow machine spends its time, and which tests grow slower.
 */
import { dirname, relative } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SlowestReporter implements Reporter {
  private readonly count: number;
  private rootDir = process.cwd();
  /** Per test, its last attempt's duration. */
  private readonly durations = new Map<TestCase, number>();

  constructor(options: { count?: number } = {}) {
    this.count = options.count ?? 20;
  }

  onBegin(config: FullConfig) {
    // Paths as the 'list' reporter prints them: from the project (the config's folder).
    if (config.configFile) this.rootDir = dirname(config.configFile);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this.durations.set(test, result.duration);
  }

  onEnd() {
    const slowest = [...this.durations].sort((a, b) => b[1] - a[1]).slice(0, this.count);
    if (!slowest.length) return;
    const lines = slowest.map(([test, ms]) => {
      const where = `${relative(this.rootDir, test.location.file)}:${test.location.line}`;
      return `${`${(ms / 1000).toFixed(1)} s`.padStart(8)}  ${where}  ${test.titlePath().slice(3).join(' › ')}`;
    });
    console.log(`\nSlowest ${slowest.length} tests:\n${lines.join('\n')}`);
  }

  printsToStdio() {
    return true;
  }
}
