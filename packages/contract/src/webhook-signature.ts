/**
 * What the server that signs webhook deliveries and every receiver that verifies them must
 * agree on, kept here so neither side restates it.
 */
export const WEBHOOK_HEADERS = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
  signature: 'X-Service-Signature',
  /** The delivery's id: the same on every attempt of one delivery, for de-duplication. */
  deliveryId: 'X-Service-Delivery-Id',
} as const;

/** A receiver rejects a timestamp more than 300 s from its own clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * One golden vector: a real delivery body (with a non-ASCII character, so the HMAC covers
 * UTF-8 bytes), a secret, a timestamp and the header the server must produce for them. The
 * server's signer, the SDK's verifier and signer, and the test receiver are each tested
 * against it, so none of them can drift from the others.
 */
export const WEBHOOK_SIGNATURE_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTdYFrtJaGQ5Wl5XNBFZn4kPbbtYuVw0=',
  /** 2026-12-01T16:00:00Z */
  timestamp: 1_796_140_800,
  body:
    '{"event":"booking.confirmed","created_at":"2026-12-01T14:00:00Z","data":{"id":"6f1c2d3e-0000-4000-8000-000000000001",' +
    '"human_id":"6f1c2d3e-0000-4000-8000-000000000002","starts_at":"2026-12-01T14:00:00Z","ends_at":"2026-12-01T14:30:00Z",' +
    '"duration_minutes":30,"attendee_name":"Zoë Agent","attendee_email":null,"status":"confirmed","metadata":{"ticket":"T-42"},' +
    '"created_at":"2026-12-01T13:59:58Z","cancelled_at":null}}',
  header: 't=1796140800,v1=7a17f4c5295dfcbedbc70c45f777b8790ece217a8cbd0bd5c0150dc8e2d9cbd8',
} as const;
