import { z } from 'zod';

/**
 * The fields of a contract schema as a plain zod shape, so a tool's input can be the
 * contract's own fields (plus a path id). Cross-field refinements of the contract (e.g.
 * work_start < work_end) are not repeated here: the API still applies them and answers
 * VALIDATION_ERROR, which the tool returns as a refusal naming the field.
 */
export function shapeOf<T extends z.ZodRawShape>(schema: z.ZodObject<T> | z.ZodEffects<z.ZodObject<T>>): T {
  const inner = schema instanceof z.ZodEffects ? schema.innerType() : schema;
  return inner.shape;
}
