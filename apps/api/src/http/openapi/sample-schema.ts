import { EXAMPLE_IDS, EXAMPLE_VALUES, NESTED_ENTITIES, type Entity } from './example-values.js';
import type { JsonSchema } from './json-schema-2020.js';

// Makes an example value from a JSON Schema 2020-12 schema of /openapi.json: the example
// world's value for a field when it has one (example-values.ts), else one made from the
// schema (its default, first enum value, bounds, format). Deterministic, so the document is
// the same on every start.

const has = (key: string) => Object.prototype.hasOwnProperty.call(EXAMPLE_VALUES, key);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/** The example world's value for a field of an entity, if it has one. */
export function knownValue(entity: Entity, field: string): { value: unknown } | undefined {
  for (const key of [`${entity}.${field}`, field]) if (has(key)) return { value: EXAMPLE_VALUES[key] };
  if (field === 'id' && entity in EXAMPLE_IDS) return { value: EXAMPLE_IDS[entity as keyof typeof EXAMPLE_IDS] };
  const owner = /^(\w+)_id$/.exec(field)?.[1];
  if (owner && owner in EXAMPLE_IDS) return { value: EXAMPLE_IDS[owner as keyof typeof EXAMPLE_IDS] };
  if (field === 'human_ids') return { value: [EXAMPLE_IDS.human, EXAMPLE_IDS.otherHuman] };
  if (field === 'after') return { value: EXAMPLE_IDS.event };
  return undefined;
}

function byFormat(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return EXAMPLE_IDS.human;
    case 'date-time':
      return EXAMPLE_VALUES.starts_at as string;
    case 'date':
      return EXAMPLE_VALUES.date_from as string;
    case 'email':
      return EXAMPLE_VALUES.email as string;
    case 'uri':
      return 'https://agent.example.com/';
    default:
      return typeof schema.pattern === 'string' && new RegExp(schema.pattern).test('09:00') ? '09:00' : 'string';
  }
}

function sampleObject(schema: JsonSchema, entity: Entity, requiredOnly: boolean): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(properties)) {
    if (requiredOnly && !required.has(field)) continue;
    if (!requiredOnly && !required.has(field) && !has(`${entity}.${field}`) && !has(field)) continue;
    // A list's `data` holds the entity itself; an object field may be about another one.
    const list = field === 'data' && typesOf(property).includes('array');
    const nested = list ? entity : (NESTED_ENTITIES[`${entity}.${field}`] ?? NESTED_ENTITIES[field] ?? entity);
    out[field] = sampleSchema(property, { entity: nested, field, requiredOnly });
  }
  return out;
}

export interface SampleContext {
  entity: Entity;
  /** The property or parameter the schema is for, if any. */
  field?: string;
  /** Leave optional properties out (request bodies); answers show the ones the world knows. */
  requiredOnly?: boolean;
}

/** An example value valid against `schema`, drawn from the example world where it can be. */
export function sampleSchema(schema: JsonSchema, { entity, field, requiredOnly = false }: SampleContext): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const known = field === undefined ? undefined : knownValue(entity, field);
  if (known) return known.value;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  const types = typesOf(schema);
  if (types.includes('null')) return null;
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (anyOf?.[0]) return sampleSchema(anyOf[0], { entity, field, requiredOnly });
  switch (types[0]) {
    case 'object':
      return sampleObject(schema, entity, requiredOnly);
    case 'array': {
      const item = sampleSchema((schema.items ?? {}) as JsonSchema, { entity, requiredOnly });
      return [item];
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return byFormat(schema);
    default:
      return schema.properties ? sampleObject(schema, entity, requiredOnly) : {};
  }
}
