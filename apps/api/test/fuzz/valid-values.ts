import fc from 'fast-check';
import { z } from 'zod';

/**
 * Real ids the fuzzer may put where an id goes, so requests sometimes reach existing rows.
 * Indexed by the name of the field or path parameter (human_id, booking_id, ...).
 */
export type IdPools = Record<string, readonly string[]>;

const DATES = ['2030-01-07', '2030-01-08', '2030-01-12', '2030-03-31', '2030-10-27', '2024-02-29', '2026-11-23'];
const TIMEZONES = ['UTC', 'Europe/Berlin', 'europe/berlin', 'US/Eastern', 'America/New_York', 'Asia/Kolkata', 'Etc/GMT+5'];

const localTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** Starts on the half-hour grid of January 2030, where the fixture humans work. */
const instant = fc
  .tuple(
    fc.integer({ min: 7, max: 20 }),
    fc.integer({ min: 6, max: 18 }),
    fc.constantFrom('00', '30'),
    fc.constantFrom('Z', '+00:00', '+01:00'),
  )
  .map(([d, h, m, zone]) => {
    const hour = zone === '+01:00' ? h + 1 : h;
    return `2030-01-${String(d).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${m}:00${zone}`;
  });

function idFor(name: string, pools: IdPools): fc.Arbitrary<string> {
  const pool = pools[name] ?? [];
  return pool.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
}

function stringFor(schema: z.ZodString, name: string, pools: IdPools): fc.Arbitrary<string> {
  const kinds = new Set(schema._def.checks.map((check) => check.kind));
  if (kinds.has('uuid')) return idFor(name, pools);
  if (kinds.has('date')) return fc.constantFrom(...DATES);
  if (kinds.has('datetime')) return instant;
  if (kinds.has('regex')) return localTime; // the one regex in the contract is HH:MM
  if (kinds.has('email')) return fc.constantFrom('ada@example.com', 'x@y.io', 'Grace.Hopper+test@navy.mil');
  if (kinds.has('url')) return fc.nat(999).map((n) => `https://hooks.example.com/fuzz/${n}`);
  if (name === 'timezone') return fc.constantFrom(...TIMEZONES);
  if (name === 'cursor') return fc.constantFrom(...(pools.cursor ?? ['']));
  const min = schema.minLength ?? 0;
  return fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(schema.maxLength ?? 24, 24), unit: 'binary' });
}

function numberFor(schema: z.ZodNumber, name: string): fc.Arbitrary<number> {
  if (name === 'duration' || name === 'meeting_durations') return fc.constantFrom(30, 60, 90, 45);
  const min = schema.minValue ?? -1000;
  const max = schema.maxValue ?? 1000;
  return schema.isInt ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/**
 * Values the schema is likely to accept: the fuzzer's starting point, so that mutations
 * probe one field at a time behind otherwise valid requests, and whole valid requests reach
 * the business rules and the database. `name` is the field the value goes into.
 */
export function validValue(schema: z.ZodTypeAny, pools: IdPools, name = ''): fc.Arbitrary<unknown> {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind } & Record<string, any>;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return validValue(def.schema, pools, name);
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return fc.option(validValue(def.innerType, pools, name), { nil: undefined, freq: 3 });
    case z.ZodFirstPartyTypeKind.ZodNullable:
      return fc.option(validValue(def.innerType, pools, name), { nil: null, freq: 5 });
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const shape = (schema as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, validValue(field, pools, key)]));
      return fc.record(fields).map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case z.ZodFirstPartyTypeKind.ZodString:
      return stringFor(schema as z.ZodString, name, pools);
    case z.ZodFirstPartyTypeKind.ZodNumber:
      return numberFor(schema as z.ZodNumber, name);
    case z.ZodFirstPartyTypeKind.ZodArray: {
      const min = def.minLength?.value ?? 0;
      const max = Math.min(def.maxLength?.value ?? 4, 4);
      return fc.uniqueArray(validValue(def.type, pools, name), { minLength: min, maxLength: Math.max(min, max) });
    }
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return fc.constantFrom(...(def.values as string[]));
    case z.ZodFirstPartyTypeKind.ZodLiteral:
      return fc.constant(def.value);
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return fc.boolean();
    case z.ZodFirstPartyTypeKind.ZodRecord:
      return fc.dictionary(fc.string({ maxLength: 8, unit: 'binary' }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    case z.ZodFirstPartyTypeKind.ZodUnion:
      return fc.oneof(...(def.options as z.ZodTypeAny[]).map((option) => validValue(option, pools, name)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
