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

/**
 * A JSON Schema with each local `$ref` ("#/properties/…") replaced by a copy of what it
 * points at (the reference's own keywords, such as a description, kept over the copy's).
 * The schemas here have no recursive references, so every reference ends.
 */
export function withoutRefs<T>(schema: T): T {
  const at = (pointer: string): unknown =>
    pointer
      .slice(2)
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], schema);
  const inline = (node: unknown, depth: number): unknown => {
    if (depth > 64) throw new Error('withoutRefs: a reference cycle');
    if (Array.isArray(node)) return node.map((item) => inline(item, depth));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v, depth)]));
    if (typeof $ref !== 'string' || !$ref.startsWith('#')) return $ref === undefined ? own : { $ref, ...own };
    const target = at($ref);
    if (target === undefined) throw new Error(`withoutRefs: ${$ref} points at nothing`);
    return { ...(inline(target, depth + 1) as Record<string, unknown>), ...own };
  };
  return inline(schema, 0) as T;
}
