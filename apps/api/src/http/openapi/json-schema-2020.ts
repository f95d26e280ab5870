// @ts-rest/open-api writes OpenAPI 3.0 schemas (through @anatine/zod-openapi); OpenAPI 3.1
// uses JSON Schema 2020-12, where `nullable` is gone and a schema that admits null says so
// in its `type`. This rewrites one schema tree, returning a new one.

export type JsonSchema = { [keyword: string]: unknown };

/** Keywords whose value is one schema. */
const ONE_SCHEMA = ['items', 'not', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `{type: 'string', nullable: true}` → `{type: ['string', 'null']}` (and null joins an enum);
 * a nullable schema without a type becomes `anyOf: [schema, {type: 'null'}]`; a 3.0 `example`
 * becomes `examples: [example]`; boolean exclusive bounds become numbers.
 */
export function toJsonSchema2020(schema: JsonSchema): JsonSchema {
  const { nullable, example, exclusiveMinimum, exclusiveMaximum, ...rest } = schema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(rest)) {
    if (ONE_SCHEMA.includes(keyword) && isSchema(value)) out[keyword] = toJsonSchema2020(value);
    else if (SCHEMA_LISTS.includes(keyword) && Array.isArray(value))
      out[keyword] = (value as unknown[]).map((v) => (isSchema(v) ? toJsonSchema2020(v) : v));
    else if (SCHEMA_MAPS.includes(keyword) && isSchema(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, isSchema(v) ? toJsonSchema2020(v) : v]));
    } else out[keyword] = value;
  }
  if (example !== undefined && out.examples === undefined) out.examples = [example];
  if (exclusiveMinimum === true && typeof out.minimum === 'number') {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  } else if (typeof exclusiveMinimum === 'number') out.exclusiveMinimum = exclusiveMinimum;
  if (exclusiveMaximum === true && typeof out.maximum === 'number') {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  } else if (typeof exclusiveMaximum === 'number') out.exclusiveMaximum = exclusiveMaximum;
  return nullable === true ? admitNull(out) : out;
}

function admitNull(schema: JsonSchema): JsonSchema {
  const { type } = schema;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types: unknown[] = Array.isArray(type) ? (type as unknown[]) : [type];
    const out: JsonSchema = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...(schema.enum as unknown[]), null];
    return out;
  }
  // No type (a $ref, a combination, or anything at all): `{}` already admits null.
  if (Object.keys(schema).every((k) => k === 'description' || k === 'title')) return schema;
  const { description, title, ...inner } = schema;
  return { ...(title !== undefined && { title }), ...(description !== undefined && { description }), anyOf: [inner, { type: 'null' }] };
}
