import { ERROR_STATUS, parseErrorEnvelope, type ErrorCode } from '@humantime/contract';
import { API_ERROR_CLASSES } from './api-errors.js';
import { HumantimeError } from './humantime-error.js';

export interface ErrorResponse {
  status: number;
  /** Parsed JSON when the body was JSON, else its text (or undefined when empty). */
  body: unknown;
  headers: Headers;
  method: string;
  url: string;
}

// Statuses that identify one contract code on their own. 409 and 422 carry several codes,
// so without an envelope they stay UNEXPECTED_RESPONSE; so do 502/503/504 from a proxy (a
// proxy's 503 says nothing about this service's database, so it is not SERVICE_UNAVAILABLE).
const FROM_PROXIES = new Set([502, 503, 504]);
const CODE_BY_STATUS = new Map<number, ErrorCode>(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .filter(([, status], _i, all) => !FROM_PROXIES.has(status) && all.filter(([, s]) => s === status).length === 1)
    .map(([code, status]) => [status, code]),
);

function snippet(body: unknown): string {
  if (body === undefined || body === '') return 'an empty body';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > 200 ? `${flat.slice(0, 200)}...` : flat}"`;
}

/**
 * Turns an error response into the matching error class. The envelope is read leniently
 * (a code unknown to this SDK version still comes through, on the base class), and a body
 * that is not the envelope at all, such as a proxy's HTML 502, still becomes an error whose
 * code follows from the status where that is unambiguous, else UNEXPECTED_RESPONSE.
 */
export function errorFromResponse(response: ErrorResponse): HumantimeError {
  const { status, body, headers } = response;
  const requestId = headers.get('x-request-id');
  const envelope = parseErrorEnvelope(body)?.error;
  const init = { status, requestId, raw: body, headers };

  if (envelope) {
    // An envelope without a message still names its code: the code stands in for it.
    const message = envelope.message ?? envelope.code;
    const Known = API_ERROR_CLASSES[envelope.code as ErrorCode];
    return Known ? new Known({ ...init, message }) : new HumantimeError(envelope.code, { ...init, message });
  }

  const contentType = headers.get('content-type') ?? 'no content-type';
  const message =
    `${response.method} ${response.url} answered HTTP ${status} without a humantime error ` +
    `envelope (${contentType}): ${snippet(body)}. Check baseUrl, or a proxy in between.`;
  const code = CODE_BY_STATUS.get(status);
  if (code) return new API_ERROR_CLASSES[code]({ ...init, message });
  return new HumantimeError('UNEXPECTED_RESPONSE', { ...init, message });
}
