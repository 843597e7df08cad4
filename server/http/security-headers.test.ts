/** The Content-Security-Policy the server sends is built from the content folder's site.json. */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_SCRIPT, SPECULATION_RULES } from '../../engine/node.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { contentSecurityPolicy, siteHostLists } from './security-headers.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

/** The cookie banner's inline line (engine/render/notice-script.ts), allowed by its hash and nothing else inline. */
const NOTICE = `'sha256-${createHash('sha256').update(NOTICE_SCRIPT).digest('base64')}'`;
// The page's inline Speculation Rules (prerendering the next page) run only by their hash.
const RULES = `'sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}'`;

let t: TestServer | undefined;
let content: TempDir | undefined;
afterEach(async () => {
  await t?.close();
  content?.cleanup();
  t = content = undefined;
});

/** The shop's site.json with `hosts` added to integrations.hosts, in a content folder of its own. */
function siteWith(hosts: Record<string, unknown>): string {
  const site = JSON.parse(readFileSync(join(FIXTURE_SHOP_DIR, 'site.json'), 'utf8'));
  site.integrations.hosts = { ...site.integrations.hosts, ...hosts };
  content = tempDir('joinery-csp-');
  writeFileSync(content.join('site.json'), JSON.stringify(site));
  return content.path;
}

/** directive name -> its sources. */
async function policy(path = '/'): Promise<Map<string, string[]>> {
  const res = await t!.app.request(path);
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('Content-Security-Policy from site.json', () => {
  it("adds an integration's hosts to their directives, and its media hosts to media-src", async () => {
    t = await createTestServer({
      siteDir: siteWith({
        showroomTour: {
          script: ['https://tour.example.net'],
          frame: ['https://player.tour.example.net'],
          media: ['https://*.cdn.example.net'],
          connect: ['wss://live.tour.example.net'],
        },
      }),
    });
    for (const path of ['/', '/aboutus', '/missing']) {
      const csp = await policy(path);
      expect(csp.get('script-src')).toContain('https://tour.example.net');
      expect(csp.get('frame-src')).toContain('https://player.tour.example.net');
      expect(csp.get('connect-src')).toContain('wss://live.tour.example.net');
      expect(csp.get('media-src')).toEqual([
        "'self'",
        'https://media.hearthlinecabinetry.com',
        'https://*.cdn.example.net',
      ]);
      // Only in the directives it was given for.
      expect(csp.get('script-src')).not.toContain('https://player.tour.example.net');
      expect(csp.get('frame-src')).not.toContain('https://tour.example.net');
      // The site's own integrations are still there; no payment provider is configured here, so none of Stripe's.
      expect(csp.get('script-src')).toEqual(
        expect.arrayContaining(["'self'", 'https://www.roomvo.com', 'https://assets.calendly.com']),
      );
      expect(csp.get('frame-src')).toEqual(
        expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://calendly.com']),
      );
      expect(csp.get('script-src')).not.toContain('https://js.stripe.com');
    }
  });

  it('drops entries that are not origins, so site.json cannot add a directive or a wildcard', async () => {
    t = await createTestServer({
      siteDir: siteWith({
        bad: {
          script: [
            "https://ok.example.net; script-src 'unsafe-inline'",
            '*',
            'http://plain.example.net',
            'https://ok2.example.net',
          ],
        },
      }),
    });
    const csp = await policy();
    expect(csp.get('script-src')).toContain('https://ok2.example.net');
    expect(csp.get('script-src')).not.toContain('*');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain('http://plain.example.net');
    expect([...csp.keys()].filter((d) => d === 'script-src')).toHaveLength(1);
  });

  it("without a site.json and with no card provider configured: self (and the banner's inline line and the Speculation Rules) only, media-src included", async () => {
    t = await createTestServer();
    const csp = await policy();
    expect(csp.get('script-src')).toEqual(["'self'", NOTICE, RULES]);
    expect(csp.get('media-src')).toEqual(["'self'"]);
  });
});

describe('contentSecurityPolicy(siteHosts, extra)', () => {
  it("unions the site's hosts with a provider's, each directive once", () => {
    const site = siteHostLists({
      video: { media: ['https://media.example.net'] },
      pay: { script: ['https://js.pay.example'] },
    });
    const csp = contentSecurityPolicy(site, {
      pay: { scriptSrc: ['https://js.pay.example'], frameSrc: ['https://hooks.pay.example'] },
    });
    expect(csp.scriptSrc).toEqual(["'self'", NOTICE, RULES, 'https://js.pay.example']);
    expect(csp.frameSrc).toEqual(["'self'", 'https://hooks.pay.example']);
    expect(csp.mediaSrc).toEqual(["'self'", 'https://media.example.net']);
  });
});
