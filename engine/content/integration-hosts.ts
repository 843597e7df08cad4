/**
 * site.json integrations.hosts: the third-party origins each integration loads from, by what is
 * loaded (script, frame, media...). The server turns them into its Content-Security-Policy and
 * lint rule csp-host checks content against them, so both read them here.
 */

export const HOST_KINDS = ['script', 'style', 'img', 'font', 'connect', 'frame', 'media'] as const;
export type HostKind = (typeof HOST_KINDS)[number];
export type IntegrationHostLists = Record<string, Partial<Record<HostKind, string[]>>>;

/**
 * An origin as a CSP source: https:// or wss://, a host (optionally *. for its subdomains) and a
 * port. The same pattern as the schema's hostSource: nothing here can add a directive to the header.
 */
const HOST_SOURCE = /^(https|wss):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?$/;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The host lists of a parsed site.json, by integration name. Read leniently (the server reads
 * site.json without validating it): unknown kinds and entries that are not origins are dropped.
 */
export function integrationHosts(site: unknown): IntegrationHostLists {
  const hosts = isObj(site) && isObj(site.integrations) ? site.integrations.hosts : undefined;
  const out: IntegrationHostLists = {};
  if (!isObj(hosts)) return out;
  for (const [name, lists] of Object.entries(hosts)) {
    if (!isObj(lists)) continue;
    const entry: Partial<Record<HostKind, string[]>> = {};
    for (const kind of HOST_KINDS) {
      const list = lists[kind];
      if (Array.isArray(list))
        entry[kind] = list.filter((s): s is string => typeof s === 'string' && HOST_SOURCE.test(s));
    }
    out[name] = entry;
  }
  return out;
}

/** Every source allowed for one kind, across integrations. */
export const sourcesFor = (hosts: IntegrationHostLists, kind: HostKind): string[] => [
  ...new Set(Object.values(hosts).flatMap((h) => h[kind] ?? [])),
];

const defaultPort = (scheme: string) => (scheme === 'http:' || scheme === 'ws:' ? '80' : '443');

/**
 * Whether a host source (HOST_SOURCE) allows this absolute URL, as CSP matches them: an https
 * source also allows wss, *.host allows subdomains only, and the port must match.
 */
export function sourceAllows(source: string, url: URL): boolean {
  const m = /^(https|wss):\/\/(\*\.)?([^:]+)(?::(\d+))?$/.exec(source);
  if (!m) return false;
  const [, scheme, wildcard, host, port] = m;
  const schemeOk = url.protocol === `${scheme}:` || (scheme === 'https' && url.protocol === 'wss:');
  if (!schemeOk) return false;
  const urlHost = url.hostname.toLowerCase();
  const srcHost = host!.toLowerCase();
  const hostOk = wildcard ? urlHost.endsWith(`.${srcHost}`) : urlHost === srcHost;
  return hostOk && (url.port || defaultPort(url.protocol)) === (port ?? defaultPort(url.protocol));
}
