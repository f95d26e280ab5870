import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { z } from 'zod';

/** Test helper: every route of a router as [dotted name, route], in declaration order. */
export function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[`${prefix}${key}`, value] as [string, AppRoute]] : routesOf(value, `${prefix}${key}.`),
  );
}

/**
 * Test helper: the issues of a failed parse as "path: message" lines (the way the server
 * words VALIDATION_ERROR), or [] when the value is accepted.
 */
export function issuesOf(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
