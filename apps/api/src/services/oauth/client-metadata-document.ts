import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { send, urlProblem } from '../calendars/calendar-http.js';
import { redirectUriProblem } from './redirect-uris.js';

/** A document bigger than this is not a client's metadata. */
const MAX_DOCUMENT_BYTES = 16 * 1024;

export interface DocumentLimits {
  timeoutMs: number;
  /** http and internal addresses allowed (tests, and WEBHOOK_ALLOW_PRIVATE_URLS=true). */
  allowPrivate: boolean;
}

/** Whether a client_id is a client ID metadata document URL (an https URL with a path). */
export function isClientDocumentUrl(clientId: string, allowPrivate: boolean): boolean {
  if (!clientId.startsWith('https://') && !(allowPrivate && clientId.startsWith('http://'))) return false;
  try {
    const url = new URL(clientId);
    return url.pathname !== '/' && !url.hash;
  } catch {
    return false;
  }
}

export type DocumentRead = { ok: true; client: OAuthClientInformationFull } | { ok: false; message: string };

/**
 * Reads a client ID metadata document: the client_id is an https URL whose JSON names the app
 * and its redirect URIs, and must say that very URL as its client_id. The read goes through
 * the same guard as webhooks and calendars (no internal address, no redirect, a deadline and
 * a size cap while reading); it is a public client (no secret can be in a public document).
 */
export async function readClientDocument(clientId: string, limits: DocumentLimits): Promise<DocumentRead> {
  const url = new URL(clientId);
  const problem = urlProblem(url, limits.allowPrivate);
  if (problem) return { ok: false, message: problem };
  const answer = await send(
    { method: 'GET', url, headers: { Accept: 'application/json' }, wantBody: (status) => status === 200 },
    {
      deadline: Date.now() + limits.timeoutMs,
      timeoutMs: limits.timeoutMs,
      maxBytes: MAX_DOCUMENT_BYTES,
      maxRedirects: 0,
      allowPrivate: limits.allowPrivate,
    },
  );
  if (!answer.ok) return { ok: false, message: `the client's metadata document could not be read: ${answer.message}` };
  if (answer.status !== 200 || answer.body === null)
    return { ok: false, message: `the client's metadata document answered HTTP ${answer.status}` };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return { ok: false, message: "the client's metadata document is not JSON" };
  }
  const parsed = OAuthClientMetadataSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: "the client's metadata document is not valid client metadata" };
  if ((json as { client_id?: unknown }).client_id !== clientId) {
    return { ok: false, message: "the client's metadata document does not name its own URL as client_id" };
  }
  const badUri = parsed.data.redirect_uris.map(redirectUriProblem).find((p) => p !== null);
  if (badUri) return { ok: false, message: `the client's metadata document has a redirect URI that cannot be used: ${badUri}` };
  return { ok: true, client: { ...parsed.data, client_id: clientId, token_endpoint_auth_method: 'none' } };
}
