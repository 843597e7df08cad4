import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guard = fileURLToPath(new URL('./process-guard.ts', import.meta.url));

/** Runs a small ESM script in its own node (a thrown error must not reach the test runner). */
function run(withGuard: boolean) {
  const script = `
    import { EventEmitter } from 'node:events';
    import { guardProcess } from ${JSON.stringify(guard)};
    if (${withGuard}) guardProcess({ info() {}, warn() {}, error: (m, e) => console.error(m, e.message) });
    setTimeout(() => new EventEmitter().emit('error', new Error('stream without a listener')));
    setTimeout(() => Promise.reject(new Error('promise nobody awaited')));
    setTimeout(() => console.log('still serving'), 50);`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('guardProcess', () => {
  it('logs an uncaught error and an unhandled rejection and keeps the process running', () => {
    const r = run(true);
    expect(r.stdout).toContain('still serving');
    expect(r.stderr).toContain('uncaught exception (a bug; still serving): stream without a listener');
    expect(r.stderr).toContain('unhandled promise rejection (a bug; still serving): promise nobody awaited');
    expect(r.status).toBe(0);
  });

  it('without it the same error ends the process', () => {
    const r = run(false);
    expect(r.stdout).not.toContain('still serving');
    expect(r.status).not.toBe(0);
  });
});
