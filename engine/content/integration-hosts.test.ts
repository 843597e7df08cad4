import { describe, expect, it } from 'vitest';
import { integrationHosts, sourceAllows, sourcesFor } from './integration-hosts.ts';

const allows = (source: string, url: string) => sourceAllows(source, new URL(url));

describe('sourceAllows (CSP host-source matching)', () => {
  it('matches the host exactly, on the default port of the scheme', () => {
    expect(allows('https://www.roomvo.com', 'https://www.roomvo.com/static/a.js')).toBe(true);
    expect(allows('https://www.roomvo.com', 'https://roomvo.com/a.js')).toBe(false);
    expect(allows('https://www.roomvo.com', 'https://www.roomvo.com:8443/a.js')).toBe(false);
    expect(allows('https://www.roomvo.com:8443', 'https://www.roomvo.com:8443/a.js')).toBe(true);
  });

  it('*. allows subdomains only; https allows wss but not http', () => {
    expect(allows('https://*.cdn.example.net', 'https://eu.cdn.example.net/v.mp4')).toBe(true);
    expect(allows('https://*.cdn.example.net', 'https://cdn.example.net/v.mp4')).toBe(false);
    expect(allows('https://*.cdn.example.net', 'https://evilcdn.example.net/v.mp4')).toBe(false);
    expect(allows('https://live.example.net', 'wss://live.example.net/socket')).toBe(true);
    expect(allows('https://live.example.net', 'http://live.example.net/a.js')).toBe(false);
  });
});

describe('integrationHosts', () => {
  it('reads site.json integrations.hosts and drops what is not an origin', () => {
    const hosts = integrationHosts({
      integrations: {
        hosts: {
          a: {
            script: ['https://a.example', 'https://b.example; script-src *', 42],
            media: ['https://m.example'],
            odd: ['https://x.example'],
          },
          b: 'nope',
        },
      },
    });
    expect(hosts).toEqual({ a: { script: ['https://a.example'], media: ['https://m.example'] } });
    expect(sourcesFor(hosts, 'media')).toEqual(['https://m.example']);
    expect(integrationHosts({})).toEqual({});
  });
});
