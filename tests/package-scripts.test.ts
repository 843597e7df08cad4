// Every npm script must run on a fresh clone: npm puts node_modules/.bin on a script's PATH, but
// not the package's own `bin` (so `joinery ...` in a script fails with "joinery: not found").
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const scripts: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
const SYSTEM = new Set(['node', 'npm', 'npx', 'sh', 'bash']);

describe('package.json scripts', () => {
  for (const [name, line] of Object.entries(scripts)) {
    it(`"${name}" starts only commands a fresh clone has`, () => {
      for (const part of line.split(/&&|\|\||;|\|/)) {
        const cmd = part
          .trim()
          .split(/\s+/)
          .find((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w));
        if (!cmd) continue;
        const found = SYSTEM.has(cmd) || existsSync(join(ROOT, 'node_modules', '.bin', cmd));
        expect(found, `script "${name}" runs "${cmd}", which is not node, npm or a dependency's bin`).toBe(true);
      }
    });
  }
});
