import { ErrorEnvelopeSchema } from './errors.js';

/**
 * Error statuses any /v1 route can answer with, whatever it does: auth runs first (401),
 * ids may be unknown (404), any body can be too large or malformed (413, 422), and rate
 * limits, crashes and a database out of reach (429, 500, 503) are not route specific.
 * Declaring them once keeps strictStatusCodes honest without repeating them per route.
 */
export const V1_COMMON_ERROR_STATUSES = [401, 404, 413, 422, 429, 500, 503] as const;

export const v1CommonResponses = {
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  500: ErrorEnvelopeSchema,
  503: ErrorEnvelopeSchema,
} as const satisfies Record<(typeof V1_COMMON_ERROR_STATUSES)[number], typeof ErrorEnvelopeSchema>;

/** The admin API is small and trusted: no rate limit or size-specific answers are declared. */
export const ADMIN_COMMON_ERROR_STATUSES = [401, 404, 422, 500] as const;

export const adminCommonResponses = {
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  500: ErrorEnvelopeSchema,
} as const satisfies Record<(typeof ADMIN_COMMON_ERROR_STATUSES)[number], typeof ErrorEnvelopeSchema>;
