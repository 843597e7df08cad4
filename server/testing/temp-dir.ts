/** A fresh temporary folder per test, removed by `cleanup()`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  join(...parts: string[]): string;
  cleanup(): void;
}

export function tempDir(prefix = 'joinery-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    join: (...parts) => join(path, ...parts),
    cleanup: () => rmSync(path, { recursive: true, force: true }),
  };
}
