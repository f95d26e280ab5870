import { ERROR_STATUS, isErrorCode } from '@humantime/contract';
import { isAppRouteOtherResponse, type AppRoute } from '@ts-rest/core';
import { z } from 'zod';
import type { RawResponse } from './send-request.js';

/**
 * What must hold for every answer, whatever was sent: no 5xx; an error is exactly the error
 * envelope as JSON with `status` equal to the HTTP status; a success matches the contract's
 * response schema for that status. Returns what is wrong, or undefined.
 */
export function responseProblem(res: RawResponse, route: AppRoute | undefined, method: string): string | undefined {
  if (res.status >= 500) return `status ${res.status}`;
  if (method === 'HEAD') return undefined; // a HEAD answer carries headers only, by HTTP
  if (res.status >= 400) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `error without JSON content type`;
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return 'error body is not JSON';
    }
    const envelope = z
      .object({ error: z.object({ code: z.string(), message: z.string().min(1), status: z.number() }).strict() })
      .strict()
      .safeParse(body);
    if (!envelope.success) return `not the error envelope: ${envelope.error.message}`;
    const { code, status } = envelope.data.error;
    if (status !== res.status) return `envelope status ${status} != HTTP ${res.status}`;
    if (!isErrorCode(code) || ERROR_STATUS[code] !== res.status) return `code ${code} does not go with ${res.status}`;
    return undefined;
  }
  if (!route || method === 'OPTIONS') return undefined;
  const schema = (route.responses as Record<number, unknown>)[res.status];
  if (schema === undefined) return `undeclared success status ${res.status}`;
  if (isAppRouteOtherResponse(schema as Parameters<typeof isAppRouteOtherResponse>[0])) {
    // A declared non-JSON answer (the .ics): its content type, and its text against its schema.
    const type = String(res.headers['content-type'] ?? '');
    const other = schema as { contentType: string; body: z.ZodTypeAny };
    if (!type.startsWith(other.contentType.split(';')[0]!)) return `content type ${type}, declared ${other.contentType}`;
    const parsed = other.body.safeParse(res.text);
    return parsed.success ? undefined : `${res.status} body does not match the contract: ${parsed.error.message}`;
  }
  if (!(schema instanceof z.ZodType)) return res.text === '' ? undefined : `body on a ${res.status} without one`;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `success body is not JSON`;
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? undefined : `${res.status} body does not match the contract: ${parsed.error.message}`;
}
