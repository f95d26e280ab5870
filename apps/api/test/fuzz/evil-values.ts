import fc from 'fast-check';
import { Deep } from './serialize-body.js';

// What a careless or hostile client sends in place of a field: wrong types, edges of
// numbers and strings, characters PostgreSQL cannot store, nesting deeper than any stack.

const nested = (depth: number, leaf: unknown, asObject: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
};

const evilString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFF',
    '\uDE00\uD83D',
    '\uFEFF',
    '\u202E',
    '😀',
    'null',
    '0',
    '-1',
    '1e400',
    'NaN',
    '../../etc',
    "'; DROP TABLE humans; --",
    '%00',
    '\\u0000',
    '2030-02-30',
    '24:00',
    '2030-01-07T09:00:00',
    '9999-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.nat(3).map((k) => 'x'.repeat([201, 256, 2049, 100_000][k]!)),
);

const evilNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  0.5,
  4.999,
  480.5,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  Number.MIN_VALUE,
);

export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: evilString },
  { weight: 3, arbitrary: evilNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }, { __proto__: { x: 1 } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(50, 1_000, 7_000, 50_000), fc.constantFrom<unknown>('x', '\u0000', 1, null), fc.boolean())
      .map(([depth, leaf, asObject]) => (depth > 1_000 ? new Deep(depth, leaf, asObject) : nested(depth, leaf, asObject))),
  },
);

export type Mutation =
  | { kind: 'replace'; key: string; value: unknown }
  | { kind: 'delete'; key: string }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

/** One mutation of an object: a field replaced, removed or added, or the whole value swapped. */
export function mutation(keys: readonly string[]): fc.Arbitrary<Mutation> {
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), key, value: evilValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        key: fc.constantFrom('extra', '__proto__', 'constructor', '', '\u0000', 'metadata', 'human_ids'),
        value: evilValue,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: evilValue }) },
  );
}

export function applyMutation(value: unknown, change: Mutation): unknown {
  if (change.kind === 'whole') return change.value;
  const base = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  const target = base as Record<string, unknown>;
  if (change.kind === 'delete') delete target[change.key];
  // defineProperty, so "__proto__" becomes an own key that JSON.stringify sends.
  else Object.defineProperty(target, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
  return target;
}
