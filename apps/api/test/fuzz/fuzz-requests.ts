import { extractZodObjectShape, isAppRoute, isZodObject, type AppRoute, type AppRouter } from '@ts-rest/core';
import fc from 'fast-check';
import { z } from 'zod';
import { applyMutation, mutation } from './evil-values.js';
import { Deep, serializeBody } from './serialize-body.js';
import { validValue, type IdPools } from './valid-values.js';

/** One HTTP request exactly as it goes on the wire; printed as-is when a case fails. */
export interface FuzzRequest {
  route: string;
  method: string;
  /** Path and query string, already percent-encoded. */
  path: string;
  /** In order; a name may repeat. */
  headers: [string, string][];
  /** Bytes as latin1 text, so invalid UTF-8 can be written down too. */
  body?: string;
}

export interface FuzzTarget {
  routes: [string, AppRoute][];
  /** Bearer token for paths under each prefix. */
  tokens: { prefix: string; token: string }[];
  pools: IdPools;
}

export function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[`${prefix}${key}`, value] as [string, AppRoute]] : routesOf(value, `${prefix}${key}.`),
  );
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}...(${text.length} chars)` : text);

/** How fast-check prints a failing request: replayable fields, long strings clipped. */
export function describeRequest(req: FuzzRequest): string {
  return JSON.stringify({ ...req, path: clip(req.path), ...(req.body === undefined ? {} : { body: clip(req.body) }) });
}

function printable(req: FuzzRequest): FuzzRequest {
  Object.defineProperty(req, fc.toStringMethod, { value: () => describeRequest(req), enumerable: false });
  return req;
}

const utf8AsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const badId = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '%00',
    '%E0%A4%A',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '..',
    '%2e%2e',
    '%20',
    'a'.repeat(300),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '6F1C2A4E-8B3D-4C5E-9F10-112233445566',
    '6f1c2a4e-8b3d-4c5e-9f10-112233445566%00',
    '%7B%7D',
  ),
  fc.uuid().map((id) => id.toUpperCase()),
  // Never empty: "/v1/humans/" is another route (the list), and its answer would be checked
  // against the wrong schema.
  fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }).map(encodeURIComponent),
);

/** Cursors: real-looking ones around the edges of time, and garbage. */
const badCursor = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('-8640000000000000', '8640000000000000', '-62135596800001', '253402300800000', '0', '1e20', '-0', '1.5', ''),
      fc.uuid(),
    )
    .map(([ms, id]) => Buffer.from(`${ms}:${id}`).toString('base64url')),
  fc.constantFrom('', 'x', '!!!', '%00', 'bnVsbA', 'AAAA', '____'),
);

const RAW_QUERY = ['', '', '', '&limit=1&limit=2', '&cursor[a]=b', '&limit=%00', '&=x', '&limit', '&%ZZ=1', '&limit=1e400', '&limit=-0'];

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the
 * three bytes it would have in WTF-8, e.g. %ED%A0%80: exactly what a sloppy client sends.
 */
function encode(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g,
    (piece) => {
      if (piece.length !== 1 || piece.charCodeAt(0) < 0xd800 || piece.charCodeAt(0) > 0xdfff) return encodeURIComponent(piece);
      const unit = piece.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    },
  );
}

function queryText(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(String(value))}`;
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const k = encode(key);
    if (Array.isArray(v)) for (const item of v) parts.push(`${k}=${encode(String(item))}`);
    else if (v !== null && typeof v === 'object') parts.push(`${k}[x]=${encode(JSON.stringify(v) ?? '')}`);
    else parts.push(`${k}=${encode(String(v))}`);
  }
  return parts.join('&');
}

/** Valid most of the time, one mutation otherwise: mistakes one at a time behind valid requests. */
function mutated(schema: z.ZodTypeAny, pools: IdPools): fc.Arbitrary<unknown> {
  const keys = isZodObject(schema) ? Object.keys(extractZodObjectShape(schema as z.AnyZodObject)) : [];
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, pools) },
    { weight: 4, arbitrary: fc.tuple(validValue(schema, pools), mutation(keys)).map(([v, m]) => applyMutation(v, m)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validValue(schema, pools), mutation(keys), mutation(keys))
        .map(([v, m1, m2]) => applyMutation(applyMutation(v, m1), m2)),
    },
  );
}

const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '1',
  '{"a":1e400}',
  '{"duration":1e400}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"a":1,"a":2}',
  utf8AsLatin1('{"name":"é"}').slice(0, -3) + '\xff"}',
  '\xed\xa0\x80',
  '\xff\xfe{\x00}\x00',
];

const rawBody = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...RAW_BODIES) },
  { weight: 2, arbitrary: fc.constantFrom(20_000, 200_000).map((n) => serializeBody(new Deep(n, 1, false))) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }).map(utf8AsLatin1) },
  // Over the 1 MiB limit: rare, it costs a megabyte each time.
  { weight: 1, arbitrary: fc.constant(`{"name":"${'x'.repeat(1024 * 1024)}"}`) },
);

const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
];

function authHeaders(token: string): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    { weight: 18, arbitrary: fc.constant<[string, string][]>([['Authorization', `Bearer ${token}`]]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<[string, string][]>(
        [],
        [['Authorization', 'Bearer sk_live_00000000000000000000000000000000']],
        [['Authorization', `Basic ${token}`]],
        [['Authorization', 'Bearer']],
        [['Authorization', `bearer ${token}`]],
        [['Authorization', `Bearer  ${token} `]],
        [
          ['Authorization', 'Bearer nope'],
          ['Authorization', `Bearer ${token}`],
        ],
      ),
    },
  );
}

function otherHeaders(route: AppRoute): fc.Arbitrary<[string, string][]> {
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant<[string, string][]>([['Content-Type', 'application/json']]) },
    { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES).map((t): [string, string][] => [['Content-Type', t]]) },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['Content-Type', 'application/json'],
        ['Content-Type', 'text/plain'],
      ]),
    },
  );
  const encoding = fc.oneof(
    { weight: 20, arbitrary: fc.constant<[string, string][]>([]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'compress').map((e): [string, string][] => [['Content-Encoding', e]]),
    },
  );
  const idempotency =
    route.path === '/v1/bookings' && route.method === 'POST'
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
          { weight: 3, arbitrary: fc.constantFrom('k1', 'k2', 'k3').map((k): [string, string][] => [['Idempotency-Key', k]]) },
          {
            weight: 2,
            arbitrary: fc
              .oneof(fc.string({ maxLength: 20, unit: 'binary-ascii' }), fc.constantFrom('', ' ', 'x'.repeat(256), 'x'.repeat(255)))
              .filter((k) => /^[\x20-\x7e]*$/.test(k))
              .map((k): [string, string][] => [['Idempotency-Key', k]]),
          },
          {
            weight: 1,
            arbitrary: fc.constant<[string, string][]>([
              ['Idempotency-Key', 'k1'],
              ['Idempotency-Key', 'k2'],
            ]),
          },
        )
      : fc.constant<[string, string][]>([]);
  return fc.tuple(contentType, encoding, idempotency).map(([a, b, c]) => [...a, ...b, ...c]);
}

function routeRequest(name: string, route: AppRoute, target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const token = target.tokens.find((t) => route.path.startsWith(t.prefix))?.token ?? '';
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramValues = fc.tuple(
    ...params.map((param) =>
      fc.oneof(
        { weight: 8, arbitrary: validValue(z.string().uuid(), target.pools, route.method === 'DELETE' ? `${param}:deletable` : param) },
        { weight: 2, arbitrary: badId },
      ),
    ),
  );
  const query =
    route.query instanceof z.ZodType ? fc.option(mutated(route.query, target.pools), { nil: undefined, freq: 8 }) : fc.constant(undefined);
  const cursor = fc.option(badCursor, { nil: undefined, freq: 6 });
  const hasBody = 'body' in route && route.body instanceof z.ZodType;
  const body: fc.Arbitrary<string | undefined> = hasBody
    ? fc.oneof(
        { weight: 9, arbitrary: mutated(route.body as z.ZodTypeAny, target.pools).map(serializeBody) },
        { weight: 1, arbitrary: rawBody },
      )
    : route.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBody });
  return fc
    .record({
      values: paramValues,
      query,
      cursor,
      rawQuery: fc.constantFrom(...RAW_QUERY),
      auth: authHeaders(token),
      headers: otherHeaders(route),
      body,
    })
    .map(({ values, query: q, cursor: c, rawQuery, auth, headers, body: b }) => {
      let path = route.path;
      params.forEach((param, i) => {
        path = path.replace(`:${param}`, String(values[i]));
      });
      const pieces = [q === undefined ? '' : queryText(q), c === undefined ? '' : `cursor=${encodeURIComponent(c)}`, rawQuery.slice(1)];
      // Node's HTTP parser refuses a request line and headers over 16 KiB (431, before the
      // app sees it), so huge strings go into bodies; the query is cut, maybe mid-escape.
      const qs = pieces.filter(Boolean).join('&').slice(0, 8_000);
      return printable({
        route: name,
        method: route.method,
        path: qs ? `${path}?${qs}` : path,
        headers: [...auth, ...(b === undefined ? [] : headers)],
        ...(b === undefined ? {} : { body: b }),
      });
    });
}

/** Requests no route expects: unknown paths, wrong methods, nothing at all. */
function strayRequest(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const token = target.tokens[0]?.token ?? '';
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      path: fc.constantFrom(
        '/v1',
        '/v1/',
        '/v1/humans/',
        '/v1/nope',
        '/v1/humans//slots',
        '/v1/usage/x',
        '/admin/v1',
        '/v2/humans',
        '/',
        '/%00',
        '/v1/%ED%A0%80',
      ),
      body: fc.option(rawBody, { nil: undefined, freq: 3 }),
    })
    .map(({ method, path, body }) =>
      printable({
        route: 'stray',
        method,
        path,
        headers: [['Authorization', `Bearer ${token}`] as [string, string], ['Content-Type', 'application/json'] as [string, string]],
        ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
      }),
    );
}

/** Any request: a contract route (most of the time) with valid or mutated parts, or a stray one. */
export function fuzzRequest(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 19, arbitrary: fc.oneof(...target.routes.map(([name, route]) => routeRequest(name, route, target))) },
    { weight: 1, arbitrary: strayRequest(target) },
  );
}
