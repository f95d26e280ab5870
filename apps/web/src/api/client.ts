import { initClient } from '@ts-rest/core';
import { parseErrorEnvelope } from '@humantime/contract';
import { dashboardContract, SHOWN_ORGANIZATION_HEADER } from '@humantime/contract/dashboard';

/**
 * Typed calls to /dashboard/api, from the contract the server implements. Same origin,
 * so the session cookie rides along and the CSRF check (Sec-Fetch-Site) passes by itself.
 */
export const api = initClient(dashboardContract, {
  baseUrl: '',
  credentials: 'same-origin',
  // The organization this tab shows: the server refuses (ORGANIZATION_CHANGED) a call made for
  // it once another tab has switched the session to another organization. Empty before the
  // session is known (sign-in, sign-up).
  baseHeaders: { [SHOWN_ORGANIZATION_HEADER]: () => shownOrganization },
  // The server validates what it sends; the page trusts the types and stays small.
  validateResponse: false,
});

let shownOrganization = '';

/** Sets the organization this tab shows, sent with every call (see `api`). */
export function showOrganization(organizationId: string): void {
  shownOrganization = organizationId;
}

/** An error answer of the API, as its envelope says: the message is shown to the person. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Answer = { status: number; body: unknown };

function envelopeOf(answer: Answer): ApiError {
  const error = parseErrorEnvelope(answer.body)?.error;
  // The message is shown to the person, so an envelope without one gets the generic sentence.
  if (error?.message !== undefined) {
    return new ApiError(error.code, error.message, answer.status);
  }
  return new ApiError('UNEXPECTED', `The server answered ${answer.status}. Try again in a moment.`, answer.status);
}

/** Listeners told when any call finds the session gone, so the app can send to sign-in. */
const signedOutListeners = new Set<() => void>();
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * Awaits a ts-rest call and returns the body of its success status; an error answer is
 * thrown as ApiError. A network failure becomes one too, with a message a person can act on.
 */
export async function call<A extends Answer, S extends A['status']>(
  request: Promise<A>,
  ok: S,
): Promise<Extract<A, { status: S }>['body']> {
  let answer: A;
  try {
    answer = await request;
  } catch {
    throw new ApiError('NETWORK', 'The server could not be reached. Check your connection and try again.', 0);
  }
  if (answer.status === ok) return answer.body;
  const error = envelopeOf(answer);
  if (error.status === 401 && error.code === 'UNAUTHORIZED') {
    for (const listener of signedOutListeners) listener();
  }
  throw error;
}

/**
 * The error's message for a person: without the API's "Invalid request: " lead (a program's
 * words; the rest names the field and what is wrong with it).
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^Invalid request: /, '') : 'Something went wrong. Try again.';
}

/** Whether trying the same request again could help: not for something that does not exist. */
export function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError && error.status === 404);
}
