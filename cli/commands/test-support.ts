/**
 * For the CLI commands' tests: run `joinery` in this process against a test server's database
 * and capture what it writes.
 */
import { vi } from 'vitest';
import type { TestServer } from '../../server/testing/index.ts';
import { main } from '../main.ts';

/** Points the commands at the test server's database, as an operator's environment would. */
export function pointAtDatabaseOf(t: Pick<TestServer, 'dbKind' | 'dbTarget'>): void {
  if (t.dbKind === 'postgres') vi.stubEnv('DATABASE_URL', t.dbTarget);
  else {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('JOINERY_DB', t.dbTarget);
  }
}

/** `joinery --site SITE ARGS...`: its exit code, what it wrote to stdout and to stderr. */
export async function runJoinery(args: string[], siteDir: string) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err.push(String(chunk));
    return true;
  });
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(`${a.join(' ')}\n`));
  try {
    const code = await main(['node', 'joinery', '--site', siteDir, ...args]);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    vi.mocked(process.stdout.write).mockRestore();
    vi.mocked(process.stderr.write).mockRestore();
    vi.mocked(console.error).mockRestore();
  }
}
