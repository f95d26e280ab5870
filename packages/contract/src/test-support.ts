import type { z } from 'zod';

/**
 * Test helper: the issues of a failed parse as "path: message" lines (the way the server
 * words VALIDATION_ERROR), or [] when the value is accepted.
 */
export function issuesOf(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
