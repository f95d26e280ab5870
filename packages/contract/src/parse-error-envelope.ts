/**
 * The error envelope as a client reads it off the wire. Looser than ErrorEnvelopeSchema on
 * purpose: a client may be older than the server it talks to, so `code` is any non-empty
 * string (a code added later still arrives, and the client can fall back on it), and a
 * missing or malformed `message` or `status` leaves the field out instead of rejecting the
 * whole answer. Fields the envelope may grow later are ignored here; callers that need
 * them still have the body they passed in.
 */
export interface ReceivedErrorEnvelope {
  error: {
    code: string;
    /** Absent when the answer's message was not a string. */
    message?: string;
    /** Absent when the answer's status was not an integer. */
    status?: number;
  };
}

/**
 * Reads an error answer's body, already parsed from JSON, as the envelope
 * `{ error: { code, message, status } }`: the one reader of the envelope shared by the SDK
 * and the dashboard. Answers undefined for anything else (a proxy's HTML page, an empty
 * body, JSON of another shape, an envelope without a code), so the caller can fall back on
 * the HTTP status.
 *
 * @example
 * parseErrorEnvelope({ error: { code: 'NOT_FOUND', message: 'No human with id 6f1c...', status: 404 } })
 * // { error: { code: 'NOT_FOUND', message: 'No human with id 6f1c...', status: 404 } }
 * parseErrorEnvelope('<html>502 Bad Gateway</html>') // undefined
 */
export function parseErrorEnvelope(body: unknown): ReceivedErrorEnvelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error: unknown = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, status } = error as { code?: unknown; message?: unknown; status?: unknown };
  if (typeof code !== 'string' || code === '') return undefined;
  const parsed: ReceivedErrorEnvelope['error'] = { code };
  if (typeof message === 'string') parsed.message = message;
  if (typeof status === 'number' && Number.isInteger(status)) parsed.status = status;
  return { error: parsed };
}
