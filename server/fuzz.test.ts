/**
 * Fuzz: a few thousand generated requests over every /api route (random methods, odd paths and
 * query strings, malformed JSON, wrong content types, odd multipart bodies including the one that
 * used to crash the process, huge or odd headers, bodies cut short) sent over real sockets to a
 * listening server on a real SQLite file, and on PostgreSQL in the "postgres" project (it refuses
 * what SQLite takes: U+0000 in text, ids past its integer). Nothing may answer 5xx, nothing may
 * wait over 5 s, and /api/health answers at the end. The requests come from fast-check with a fixed seed, so a
 * failure repeats; set FUZZ_SEED to explore other seeds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from './listen.ts';
import { CARDS, CHIP, DOOR, JANE, orderBody, placeOrder } from './commerce/testing.ts';
import { rawRequest } from './testing/raw-http.ts';
import { watchRequests, type RequestWatch } from './testing/request-watch.ts';
import { watchUncaught } from './testing/uncaught.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

const DEFAULT_SEED = 20261124;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = 3000;
const CONCURRENCY = 8;
/** Longest any single request may wait for its answer. */
const HANG_MS = 5000;

/**
 * Every route under /api (server/api/index.ts and the route files it mounts), with :params for
 * the parts the generator fills in. Update this list when a route is added.
 */
const ROUTES: [method: string, path: string][] = [
  ['GET', '/api/health'],
  ['GET', '/api/geo/countries'],
  ['GET', '/api/geo/countries/:country/states'],
  ['GET', '/api/geo/countries/:country/states/:state/cities'],
  ['POST', '/api/forms/:form'],
  ['POST', '/api/newsletter/subscribe'],
  ['POST', '/api/newsletter/unsubscribe'],
  ['POST', '/api/newsletter/confirm'],
  ['GET', '/api/reviews/birdeye'],
  ['GET', '/api/reviews/summary'],
  ['POST', '/api/order'],
  ['PATCH', '/api/order'],
  ['POST', '/api/order/pay'],
  ['GET', '/api/order/:id'],
  ['POST', '/api/checkout/estimate'],
  ['GET', '/api/payment-methods'],
  ['GET', '/api/payment/sandbox/authenticate/:transactionId'],
  ['POST', '/api/payment/sandbox/authenticate/:transactionId'],
  ['POST', '/api/payment/:paymentMethod/verify'],
  ['GET', '/api/quote'],
  ['POST', '/api/quote/pay'],
  ['POST', '/api/quote/convertToOrder'],
  ['GET', '/api/nowhere'],
  // The sandbox gateway's own routes (outside /api): its card tokenizer and authentication page.
  ['POST', '/sandbox-gateway/v1/tokens'],
  ['GET', '/sandbox-gateway/authenticate/:transactionId'],
  ['POST', '/sandbox-gateway/authenticate/:transactionId'],
];

const FORMS = ['contact', 'newsletter', 'claim', 'free-kitchen-design', 'register', 'schedule-a-call', 'become-dealer'];

// ---- building blocks -------------------------------------------------------------------------

const oddString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e999',
    'null',
    'true',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000',
    '%00',
    '\u202e',
    '😀'.repeat(50),
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n % 5 === 0 ? n : n % 5000)),
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddString,
    fc.integer(),
    // Past PostgreSQL's integer, the type of its id columns (an id there answered 500).
    fc.constantFrom(2_147_483_648, 99_999_999_999, -2_147_483_649, 2 ** 53 + 2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Path segments: plausible values, unknown ones, and encodings a router may trip on. */
const segment = (plausible: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...plausible) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%00',
        '%2e%2e',
        '..',
        '%2F',
        'a%2Fb',
        '%E0%A4%A',
        '%C0%AE',
        'x'.repeat(3000),
        '%F0%9F%98%80',
        '~',
        'a;b',
        '%20',
        '+',
      ),
    },
  );

const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?a',
      '?a=%',
      '?a=%zz&a=1&a=2',
      '?client_secret=',
      '?client_secret[]=1&client_secret=2',
      `?q=${'y'.repeat(8000)}`,
      '?=&=&',
      '?%00=%00',
      '??a=b',
      '?a=1#frag',
      '?quoteId=2147483648&token=x',
      '?quoteId=1&token=%00',
      '?quoteId=1&token=x',
    ),
  },
);

const path = (template: string) => {
  const parts = template.split('/').map((p) => {
    switch (p) {
      case ':country':
        return segment(['US', 'CA', 'us', 'QQ']);
      case ':state':
        return segment(['OH', 'TX', 'ZZ', 'oh']);
      case ':form':
        return segment([...FORMS, 'nope']);
      case ':id':
        return segment(['1', '2', '0', '2147483648', '999999999999999', '1.5', '-1', '0x1']);
      case ':transactionId':
        return segment(['sbx_1', 'pi_123', '1', `sandbox_pi_${'0'.repeat(32)}`, `sandbox_pi_${'0'.repeat(32)}%00`]);
      case ':paymentMethod':
        return segment(['card', 'stripe', 'sandbox', 'nope']);
      default:
        return fc.constant(p);
    }
  });
  return fc.tuple(fc.tuple(...parts), query).map(([segments, q]) => segments.join('/') + q);
};

// ---- bodies ------------------------------------------------------------------------------------

const ORDER_TOKEN = '__ORDER_TOKEN__';
let orderToken = '';

/** Valid-looking request bodies of the routes, to be mutated: deeper code runs on them. */
const SEEDS: Record<string, unknown>[] = [
  orderBody(),
  { ...orderBody(), billing: { ...JANE, state: 'IN' } },
  // order 1 is placed before the run; ORDER_TOKEN becomes its token on the wire
  { id: 1, token: ORDER_TOKEN, card: CARDS.approved },
  { id: 1, token: ORDER_TOKEN, card: CARDS.declined },
  { id: 1, token: ORDER_TOKEN, card: CARDS.authenticate, paymentMethod: 'card' },
  { id: 1, token: ORDER_TOKEN, items: [DOOR], sameAsBilling: false, shipping: JANE },
  { id: 1, token: 'x'.repeat(40), card: CARDS.approved },
  {
    items: [DOOR, CHIP],
    shippingAddress: { zipCode: '43228', state: 'OH', countryId: 'US' },
    shippingMethod: 'standard',
  },
  { paymentIntentId: 'pi_1', paymentIntentClientSecret: 'secret' },
  { token: 'abc' },
  {},
];

/** A seed with a few fields replaced by odd values (or dropped). */
const mutatedJson = fc
  .tuple(
    fc.constantFrom(...SEEDS),
    fc.array(fc.tuple(fc.string({ maxLength: 12 }), jsonValue, fc.boolean()), { maxLength: 4 }),
  )
  .map(([seed, changes]) => {
    const copy: Record<string, unknown> = structuredClone(seed);
    const keys = Object.keys(copy);
    for (const [key, value, existing] of changes) {
      const k = existing && keys.length ? keys[key.length % keys.length]! : key;
      if (value === null && existing) delete copy[k];
      else copy[k] = value;
    }
    return JSON.stringify(copy);
  });

const badJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":',
    '[',
    'null',
    '"str"',
    '1',
    'true',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\uFEFF{}',
    '{"a":1}{"b":2}',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  ),
  fc.nat({ max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  jsonValue.map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const B = 'fuzzboundary';
const contactData = JSON.stringify({
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '6145550143',
  zip: '43228',
  topic: 'general',
  message: 'Hello there, a question about doors.',
});
const part = (name: string, value: string, filename?: string, type?: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;

const multipartBody = fc.oneof(
  // the crash shape: a file part for a field that is no file field, the body cut before its end
  fc.constantFrom(
    `--${B}\r\nContent-Disposition: form-data; name="a"; filename="a.txt"\r\n\r\nhello`,
    `--${B}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\n\r\n\x89PNG`,
  ),
  fc.constantFrom(
    `${part('formData', contactData)}--${B}--\r\n`,
    `${part('formData', '{"firstName":')}--${B}--\r\n`,
    part('formData', contactData) +
      part('photos', '%PDF-1.4 not really', 'plan.pdf', 'application/pdf') +
      `--${B}--\r\n`,
    part('formData', '{}') +
      part('floorPlan', '\x89PNG\r\n\x1a\n', '../../../etc/passwd', 'image/png') +
      `--${B}--\r\n`,
    `${part('formData', '{}') + part('step', '99') + part('id', 'x'.repeat(500))}--${B}--\r\n`,
    `--${B}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--${B}--\r\n`,
    `--${B}\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--${B}--\r\n`,
    `--${B}\r\n\r\n\r\n--${B}--`,
    `--${B}--\r\n`,
    `--${B}`,
    'garbage without boundaries',
    `${Array.from({ length: 150 }, (_, i) => part(`f${i}`, 'v')).join('')}--${B}--\r\n`,
    `${Array.from({ length: 25 }, (_, i) => part('photos', 'x', `${i}.jpg`, 'image/jpeg')).join('')}--${B}--\r\n`,
  ),
  fc
    .tuple(
      fc.constantFrom(...FORMS.map(() => 'formData'), 'photos', 'floorPlan', 'x'),
      fc.string({ maxLength: 300 }),
      fc.option(fc.string({ maxLength: 30 })),
      fc.boolean(),
    )
    .map(([name, value, filename, close]) => part(name, value, filename ?? undefined) + (close ? `--${B}--\r\n` : '')),
);

const contentTypes = {
  json: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    'APPLICATION/JSON',
  ),
  multipart: fc.constantFrom(
    `multipart/form-data; boundary=${B}`,
    `multipart/form-data; boundary="${B}"`,
    `Multipart/Form-Data; charset=utf-8; boundary=${B}`,
  ),
  other: fc.constantFrom(
    '',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    `multipart/form-data; boundary=${'b'.repeat(100)}`,
    'multipart/mixed; boundary=x',
    'application/xml',
    'application/json; charset=utf-16',
    ';;;',
    '*/*',
  ),
};

const body = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(contentTypes.json, mutatedJson) },
  { weight: 2, arbitrary: fc.tuple(contentTypes.json, badJson) },
  { weight: 3, arbitrary: fc.tuple(contentTypes.multipart, multipartBody) },
  {
    weight: 2,
    arbitrary: fc.tuple(
      contentTypes.other,
      fc.oneof(
        mutatedJson,
        multipartBody,
        fc.constantFrom('decision=approve&client_secret=x', 'a=b&a=c', '%%%'),
        fc.string({ maxLength: 100 }),
      ),
    ),
  },
  { weight: 1, arbitrary: fc.constant(['', ''] as [string, string]) },
);

/** Extra headers: none usually; sometimes huge, odd or lying ones. */
const extraHeaders = fc.array(
  fc.oneof(
    fc.constantFrom(
      'Accept-Encoding: gzip, deflate, br',
      'X-Forwarded-For: 1.2.3.4, ::1, garbage',
      `X-Order-Token: ${'z'.repeat(300)}`,
      `X-Order-Token: ${ORDER_TOKEN}`,
      'Expect: 100-continue',
      'Origin: https://evil.example',
      'Cookie: a=b; ; =;',
      'Range: bytes=0-1',
      'If-None-Match: *',
      'Accept: */*',
      'Content-Encoding: gzip',
      `Idempotency-Key: ${'k'.repeat(200)}`,
    ),
    fc.nat({ max: 20_000 }).map((n) => `X-Big: ${'h'.repeat(n)}`),
    fc.string({ unit: 'binary', maxLength: 40 }).map((v) => `X-Odd: ${v.replace(/[\r\n]/g, ' ')}`),
  ),
  { maxLength: 2 },
);

/** How the body travels: with its length, chunked, or cut short (fewer bytes than announced). */
const framing = fc.constantFrom('length', 'length', 'length', 'length', 'length', 'length', 'chunked', 'short');

const fuzzRequest = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.oneof(
      { weight: 5, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'FOO') },
    ),
    body,
    extraHeaders,
    framing,
  )
  .chain(([[method, template], otherMethod, [type, payload], headers, frame]) =>
    path(template).map((p) => ({ method: otherMethod ?? method, path: p, type, payload, headers, frame })),
  );

type FuzzRequest = typeof fuzzRequest extends fc.Arbitrary<infer T> ? T : never;

function toWire(r: FuzzRequest): { head: string; body: string } {
  const bytes = Buffer.from(r.payload.replaceAll(ORDER_TOKEN, orderToken), 'latin1');
  const lines = [`${r.method} ${r.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  if (r.type) lines.push(`Content-Type: ${r.type}`);
  lines.push(...r.headers.map((h) => h.replace(ORDER_TOKEN, orderToken)));
  let wire = bytes.toString('latin1');
  if (r.method === 'GET' || r.method === 'HEAD') wire = '';
  else if (r.frame === 'chunked') {
    lines.push('Transfer-Encoding: chunked');
    wire = `${bytes.length ? `${bytes.length.toString(16)}\r\n${wire}\r\n` : ''}0\r\n\r\n`;
  } else if (r.frame === 'short') {
    lines.push(`Content-Length: ${bytes.length + 10}`);
  } else lines.push(`Content-Length: ${bytes.length}`);
  return { head: `${lines.join('\r\n')}\r\n\r\n`, body: wire };
}

// ---- the run -----------------------------------------------------------------------------------

let t: TestServer;
let srv: Listening;
let watch: RequestWatch;
beforeAll(async () => {
  t = await createTestServer({
    siteDir: 'site-config',
    // Short body deadline: the bodies cut short get their 408 well inside the hang limit. Address
    // limits off, so requests reach the routes behind them (the limits have tests of their own).
    config: {
      bodyTimeoutMs: 300,
      bodyLimitBytes: 64 * 1024,
      formRateLimit: { limit: 1_000_000, windowMs: 60_000 },
      orderRateLimit: { limit: 1_000_000, windowMs: 60_000 },
      payRateLimit: { limit: 1_000_000, windowMs: 60_000 },
    },
  });
  watch = watchRequests(t.app);
  srv = await listen(watch, { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: 300 });
  const order = await placeOrder(t.app);
  expect(order.id).toBe(1);
  orderToken = order.token;
});
afterAll(async () => {
  await srv?.close(100);
  await t?.close();
});

describe('fuzz over every /api route', () => {
  it(`${RUNS} generated requests (seed ${SEED}): no 5xx, no hang over ${HANG_MS / 1000} s, alive at the end`, async () => {
    const uncaught = watchUncaught();
    const requests = fc.sample(fuzzRequest, { seed: SEED, numRuns: RUNS });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const { head, body: wire } = toWire(r);
        const label = `${r.method} ${r.path.slice(0, 120)} [${r.type || 'no type'}, ${r.frame}, ${r.payload.length} bytes]`;
        try {
          const res = await rawRequest(srv.port, head, { body: Buffer.from(wire, 'latin1'), timeoutMs: HANG_MS });
          res.destroy();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500 || res.status < 100) failures.push(`${res.status} ${label}: ${res.body.slice(0, 200)}`);
        } catch (e) {
          failures.push(`${(e as Error).message}: ${label}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await watch.settled(); // every request answered and its connection closed: a late 'error' event has been raised
    expect(uncaught.stop(), 'errors that would have stopped the process').toEqual([]);
    expect(failures, `seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);

    const health = await fetch(`http://127.0.0.1:${srv.port}/api/health`, { signal: AbortSignal.timeout(HANG_MS) });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, db: 'ok' });
    if (process.env.FUZZ_VERBOSE) console.log(Object.fromEntries(statuses));
    // Something of each kind got through to the routes (the generator is not all noise). Checked
    // for the fixed seed only: another seed may well send no valid order (no 201), and is run for 5xx.
    if (SEED === DEFAULT_SEED)
      for (const status of [200, 201, 400, 404, 408, 413, 415, 422])
        expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 60_000); // about 15 s alone; more beside the rest of the suite
});
