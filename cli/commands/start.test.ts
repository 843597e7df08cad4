/** `joinery start` as an operator runs it: a payment provider given only some of its values stops it. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.ts';
import { tempDir, type TempDir } from '../../server/testing/index.ts';

let dir: TempDir | undefined;
afterEach(() => dir?.cleanup());

/** The environment without any payment configuration of the caller's. */
const cleanEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(STRIPE_|AUTHORIZE_NET_)/.test(k)));

function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  dir = tempDir('joinery-start-');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['cli/bin.js', 'start', '--port', '0'],
      { cwd: PROJECT_ROOT, env: { ...cleanEnv(), JOINERY_DATA_DIR: dir!.path, ...env }, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe('joinery start with a payment provider partly configured', () => {
  it('exits 2 naming the missing Stripe key, before opening the database', async () => {
    const r = await start({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'joinery start: Stripe is partly configured: STRIPE_WEBHOOK_SECRET is missing (set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none to turn Stripe off)',
    );
    expect(r.stdout).not.toContain('running at');
    expect(existsSync(join(dir!.path, 'joinery.db'))).toBe(false);
  });

  it('names every missing Authorize.Net value', async () => {
    const r = await start({
      AUTHORIZE_NET_LOGIN_ID: 'login',
      AUTHORIZE_NET_TRANSACTION_KEY: 'key',
      AUTHORIZE_NET_CLIENT_KEY: ' ',
      AUTHORIZE_NET_API_URL: 'https://apitest.authorize.net/xml/v1/request.api',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'joinery start: Authorize.Net is partly configured: AUTHORIZE_NET_CLIENT_KEY and AUTHORIZE_NET_ACCEPT_JS_URL are missing',
    );
  });
});
