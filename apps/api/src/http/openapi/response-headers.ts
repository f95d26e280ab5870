// The headers the API sends beside its bodies, named once under components.headers and
// referred to from each response that carries them: the request id and the rate limit on every
// answer, and the replay mark on the writes that take an
// Idempotency-Key.

const HEADERS = {
  'X-Request-Id': {
    description:
      "This request's id: yours when you sent an X-Request-Id of 1-128 characters of A-Z a-z 0-9 . _ : -, else a new req_<uuid>. It names the request in the service's log; quote it when you ask about one.",
    schema: { type: 'string' },
    example: 'req_5f0c4bd8-6a0e-4b7f-9d1e-0c2a9e3f1b77',
  },
  'RateLimit-Limit': {
    description:
      "The most requests this key's bucket allows at once (its burst), when rate limiting is on. A 401 (no valid key, so no bucket charged) shows a full bucket.",
    schema: { type: 'integer', minimum: 1 },
    example: 200,
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the bucket after this one.',
    schema: { type: 'integer', minimum: 0 },
    example: 199,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the bucket is full again.',
    schema: { type: 'integer', minimum: 0 },
    example: 1,
  },
  'Idempotent-Replayed': {
    description: 'true when this is the kept answer of an earlier request with the same Idempotency-Key (no second write was made).',
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
} as const;

export const RESPONSE_HEADERS: Record<keyof typeof HEADERS, object> = HEADERS;

const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

/**
 * The header references of one response: the request id and the rate limit always (a 401's
 * is a full bucket: no key, none charged); the replay mark on a success of a write that takes
 * an Idempotency-Key.
 */
export function responseHeaders(status: number, { idempotent }: { idempotent: boolean }): Record<string, object> {
  const names: Array<keyof typeof HEADERS> = ['X-Request-Id', ...RATE_LIMIT];
  if (idempotent && status < 300) names.push('Idempotent-Replayed');
  return Object.fromEntries(names.map((name) => [name, ref(name)]));
}
