import { extractZodObjectShape, isAppRoute, isZodObject, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminContract } from './admin.js';
import { contract } from './index.js';
import { issuesOf } from './test-support.js';
import { findBadStrings, isGuarded, refuseBadStrings, stringProblem } from './well-formed-strings.js';

function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[`${prefix}${key}`, value] as [string, AppRoute]] : routesOf(value, `${prefix}${key}.`),
  );
}

const allRoutes = [...routesOf(contract), ...routesOf(adminContract, 'admin.')];
const PARTS = ['body', 'query', 'pathParams', 'headers'] as const;

/** The keys of a route's path params schema, seen through the string rule's wrapper. */
function paramKeys(route: AppRoute): string[] {
  const schema = route.pathParams;
  return isZodObject(schema) ? Object.keys(extractZodObjectShape(schema as z.AnyZodObject)) : [];
}

describe('stringProblem', () => {
  it('accepts ordinary text, astral characters and the replacement character', () => {
    for (const ok of ['', 'Ada', 'Zoë 😀', '\uFFFD', '\uD83D\uDE00', 'a\u0001b']) expect(stringProblem(ok), ok).toBeUndefined();
  });

  it('names NUL and lone surrogates with their index', () => {
    expect(stringProblem('ab\u0000')).toBe('must not contain U+0000 (NUL); found at index 2');
    expect(stringProblem('x\uD800')).toBe('must be well-formed Unicode; found a lone surrogate U+D800 at index 1');
    expect(stringProblem('\uDC00x')).toMatch(/lone surrogate U\+DC00 at index 0/);
    expect(stringProblem('\uDE00\uD83D')).toMatch(/U\+DE00 at index 0/); // reversed pair
  });
});

describe('findBadStrings', () => {
  it('reports values and keys at any depth with their paths', () => {
    const { issues } = findBadStrings({ notes: ['ok', 'b\u0000d'], ['k\u0000']: 1, deep: { x: { y: '\uD800' } } });
    expect(issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'notes.1: must not contain U+0000 (NUL); found at index 1',
      'k\\u0000: key must not contain U+0000 (NUL); found at index 1',
      'deep.x.y: must be well-formed Unicode; found a lone surrogate U+D800 at index 0',
    ]);
  });

  it('walks nesting far deeper than the call stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    const { issues } = findBadStrings(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toHaveLength(200_000);
  });

  it('caps the report so the message stays small', () => {
    const { issues, more } = findBadStrings(Array.from({ length: 100 }, () => '\u0000'));
    expect(issues).toHaveLength(20);
    expect(more).toBe(80);
  });
});

describe('refuseBadStrings', () => {
  const schema = refuseBadStrings(z.object({ name: z.string().min(1), metadata: z.record(z.unknown()).optional() }));

  it('reports the bad strings and the inner schema issues together', () => {
    expect(issuesOf(schema, { name: '', metadata: { notes: ['\u0000'] } })).toEqual([
      'metadata.notes.0: must not contain U+0000 (NUL); found at index 0',
      'name: String must contain at least 1 character(s)',
    ]);
  });

  it('passes good input through unchanged', () => {
    expect(schema.parse({ name: 'Ada', metadata: { a: [1, 'x'] } })).toEqual({ name: 'Ada', metadata: { a: [1, 'x'] } });
  });

  it('checks only the named keys when asked (headers)', () => {
    const headers = refuseBadStrings(z.object({ 'idempotency-key': z.string().optional() }), ['idempotency-key']);
    expect(headers.safeParse({ 'x-other': '\u0000' }).success).toBe(true);
    expect(issuesOf(headers, { 'idempotency-key': 'a\u0000' })).toEqual([
      'idempotency-key: must not contain U+0000 (NUL); found at index 1',
    ]);
  });
});

// The rule is a property of the contract, so this walks every route of both contracts: a
// route added without the wrapper, or with a path parameter it does not validate, fails here.
describe('every route of the contracts', () => {
  it('puts every request schema behind the string rule', () => {
    for (const [name, route] of allRoutes) {
      for (const part of PARTS) {
        const schema = (route as Record<string, unknown>)[part];
        if (schema instanceof z.ZodType) expect(isGuarded(schema), `${name}.${part}`).toBe(true);
      }
    }
  });

  it('validates every path parameter and every mutation body through a schema', () => {
    for (const [name, route] of allRoutes) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (inPath.length > 0) {
        expect(paramKeys(route), name).toEqual(inPath);
      }
      // A body is either a schema (and so guarded) or declared absent with c.noBody().
      if (route.method !== 'GET' && 'body' in route && route.body instanceof z.ZodType) {
        expect(isGuarded(route.body), name).toBe(true);
      }
    }
  });

  it('refuses a NUL in a path id, and the path names the parameter', () => {
    for (const [name, route] of allRoutes) {
      if (!route.pathParams) continue;
      const param = paramKeys(route)[0]!;
      const issues = issuesOf(route.pathParams as z.ZodTypeAny, { [param]: '\u0000' });
      expect(issues, name).toContain(`${param}: must not contain U+0000 (NUL); found at index 0`);
    }
  });

  it('refuses the cases the fuzzer found, with the field named', () => {
    const cases: [z.ZodTypeAny, unknown, string][] = [
      [contract.humans.create.body, { name: 'A\u0000', timezone: 'Europe/Berlin' }, 'name'],
      [contract.humans.create.body, { name: 'A', role: 'r\u0000', timezone: 'Europe/Berlin' }, 'role'],
      [contract.humans.update.body, { name: 'A\u0000' }, 'name'],
      [contract.overrides.create.body, { kind: 'block', start_date: '2030-01-01', reason: '\u0000' }, 'reason'],
      [contract.bookings.create.body, { attendee_name: 'x\uD800' }, 'attendee_name'],
      [contract.bookings.create.body, { metadata: { notes: ['\u0000'] } }, 'metadata.notes.0'],
      [contract.bookings.create.headers, { 'idempotency-key': 'k\u0000' }, 'idempotency-key'],
      [contract.bookings.list.query, { cursor: '\uDFFF' }, 'cursor'],
      [contract.webhooks.create.body, { url: 'https://example.com/\u0000', events: ['booking.confirmed'] }, 'url'],
    ];
    for (const [schema, value, field] of cases) {
      const issues = issuesOf(schema, value);
      expect(
        issues.some((issue) => issue.startsWith(`${field}: `) && /U\+0000|lone surrogate/.test(issue)),
        `${field} ${issues.join('; ')}`,
      ).toBe(true);
    }
  });
});
