import { extractZodObjectShape, isZodObject, type AppRoute } from '@ts-rest/core';
import type { ZodTypeAny } from 'zod';
import type { Entity } from './example-values.js';
import { toJsonSchema2020, type JsonSchema } from './json-schema-2020.js';
import { knownValue, sampleSchema } from './sample-schema.js';

// The parameters of an operation in /openapi.json, as ts-rest writes them, made complete: a
// schema in 3.1, an example where sending it as shown works, and the header spelled as people
// write it.

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}

/**
 * Optional query parameters shown with an example. The rest are left blank on purpose: a
 * console that sends every example would send `cursor` (only a next_cursor is valid) or
 * `when` together with the dates (one or the other), and be refused.
 */
const OPTIONAL_WITH_EXAMPLE = new Set(['date_from', 'date_to', 'limit', 'attendee_timezone']);

/** Path parameter → what it names, for its description. */
const PATH_DESCRIPTIONS: Record<string, string> = {
  human_id: "The human's id",
  booking_id: "The booking's id",
  calendar_id: "The calendar's id",
  override_id: "The override's id",
  hold_id: "The hold's id",
  webhook_id: "The webhook's id",
  delivery_id: "The delivery's id",
};

/**
 * The zod schema a query field is read with, under its transforms: `human_ids` is a string
 * split into a list, which the generator cannot show, so the string's own type and
 * description are used.
 */
function innermost(schema: ZodTypeAny): ZodTypeAny {
  const def = schema._def as { in?: ZodTypeAny; schema?: ZodTypeAny; innerType?: ZodTypeAny };
  const inner = def.in ?? def.schema ?? def.innerType;
  return inner ? innermost(inner) : schema;
}

function fromZod(route: AppRoute, name: string): { schema: JsonSchema; description?: string } | undefined {
  if (!isZodObject(route.query)) return undefined;
  const field = (extractZodObjectShape(route.query) as Record<string, ZodTypeAny>)[name];
  if (!field) return undefined;
  const inner = innermost(field);
  const type = (inner._def as { typeName?: string }).typeName === 'ZodString' ? 'string' : undefined;
  if (!type) return undefined;
  return { schema: { type }, ...(inner.description && { description: inner.description }) };
}

export function operationParameters(
  parameters: Parameter[] | undefined,
  { route, entity }: { route: AppRoute; entity: Entity },
): Parameter[] | undefined {
  return parameters?.map((generated) => {
    const parameter: Parameter = { ...generated, name: generated.name === 'idempotency-key' ? 'Idempotency-Key' : generated.name };
    let schema = toJsonSchema2020(parameter.schema ?? {});
    if (Object.keys(schema).length === 0) {
      const found = fromZod(route, parameter.name);
      schema = found?.schema ?? { type: 'string' };
      if (found?.description && !parameter.description) parameter.description = found.description;
    }
    parameter.schema = schema;
    if (parameter.in === 'path' && !parameter.description) parameter.description = PATH_DESCRIPTIONS[parameter.name];
    if (parameter.name === 'Idempotency-Key') {
      parameter.example = '4f6d2c1a-booking-ada-2030-01-07';
    } else if (parameter.required || OPTIONAL_WITH_EXAMPLE.has(parameter.name)) {
      const known = knownValue(entity, parameter.name);
      const value = known ? known.value : sampleSchema(schema, { entity, field: parameter.name });
      parameter.example = Array.isArray(value) ? value.join(',') : value;
    }
    return parameter;
  });
}
