import type { ApiFetcherArgs } from '@ts-rest/core';
import { errorFromResponse } from '../errors/error-from-response.js';
import { HumantimeAbortError, HumantimeConnectionError, type HumantimeError, HumantimeTimeoutError } from '../errors/humantime-error.js';
import type { RequestOptions } from '../options.js';
import {
  isIdempotentRequest,
  mayHaveReachedServer,
  retryDelayMs,
  shouldRetry,
  type AttemptOutcome,
  type BackoffSettings,
} from './retry-policy.js';

export interface HttpSettings extends BackoffSettings {
  timeoutMs: number;
  maxRetries: number;
  fetch: typeof globalThis.fetch | undefined;
}

/** ts-rest's fetcher arguments plus the per-call options the resources pass along. */
export type FetcherArgs = ApiFetcherArgs & { requestOptions?: RequestOptions | undefined };

export interface FetcherResult {
  status: number;
  body: unknown;
  headers: Headers;
}

type Attempt =
  | { kind: 'response'; response: Response; text: string }
  | { kind: 'connection'; error: unknown }
  | { kind: 'timeout'; error: unknown }
  | { kind: 'aborted'; error: unknown };

/** One fetch with its own timeout, which covers reading the body too. */
async function attemptOnce(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  { timeoutMs, callerSignal }: { timeoutMs: number; callerSignal: AbortSignal | undefined },
): Promise<Attempt> {
  if (callerSignal?.aborted) return { kind: 'aborted', error: callerSignal.reason };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { kind: 'response', response, text };
  } catch (error) {
    if (callerSignal?.aborted) return { kind: 'aborted', error: callerSignal.reason };
    if (timedOut) return { kind: 'timeout', error };
    return { kind: 'connection', error };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/** Waits, unless the caller aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function plural(n: number): string {
  return n === 1 ? '1 attempt' : `${n} attempts`;
}

/**
 * The `api` fetcher handed to ts-rest's initClient: ts-rest builds the URL, headers and
 * JSON body from the contract, and this function owns everything after that: timeouts,
 * retries with backoff, and turning every failure into a HumantimeError. It resolves only
 * for 2xx answers, so the resources never see an error status.
 */
export function createFetcher(settings: HttpSettings) {
  return async function humantimeFetch(args: FetcherArgs): Promise<FetcherResult> {
    const options = args.requestOptions ?? {};
    const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
    const maxRetries = options.maxRetries ?? settings.maxRetries;
    const signal = options.signal;
    const method = args.method.toUpperCase();
    const url = args.path;
    const headers = { accept: 'application/json', ...args.headers };
    const idempotent = isIdempotentRequest(method, headers);
    // Looked up per call, so a fetch patched after the client was built (test mocks,
    // instrumentation) is used; called unbound, as browsers require.
    const fetchImpl = settings.fetch ?? globalThis.fetch;
    const init: RequestInit = { method, headers, body: args.body ?? null };

    for (let retry = 0; ; retry += 1) {
      const attempt = await attemptOnce(fetchImpl, url, init, { timeoutMs, callerSignal: signal });
      const attempts = plural(retry + 1);
      let error: HumantimeError;
      let outcome: AttemptOutcome;

      switch (attempt.kind) {
        case 'response': {
          const { response, text } = attempt;
          const parsed = parseBody(text);
          if (response.ok) {
            // The one non-JSON answer of the API: a calendar file, handed over as text.
            if (/^text\/calendar\b/i.test(response.headers.get('content-type') ?? '')) {
              return { status: response.status, body: text, headers: response.headers };
            }
            if (parsed.ok) return { status: response.status, body: parsed.value, headers: response.headers };
            // A 2xx that is not JSON is not our API (a captive portal, a wrong baseUrl).
            throw errorFromResponse({ status: response.status, body: text, headers: response.headers, method, url });
          }
          error = errorFromResponse({
            status: response.status,
            body: parsed.ok ? parsed.value : text,
            headers: response.headers,
            method,
            url,
          });
          outcome = { kind: 'response', status: response.status, headers: response.headers };
          break;
        }
        case 'timeout':
          error = new HumantimeTimeoutError({
            message: `${method} ${url} timed out after ${timeoutMs} ms (${attempts}).`,
            cause: attempt.error,
          });
          outcome = { kind: 'timeout' };
          break;
        case 'aborted':
          throw new HumantimeAbortError({
            message: `${method} ${url} was aborted by the caller.`,
            cause: attempt.error,
          });
        case 'connection': {
          const reason = attempt.error instanceof Error ? attempt.error.message : String(attempt.error);
          const cause = (attempt.error as { cause?: { message?: unknown } } | null)?.cause?.message;
          error = new HumantimeConnectionError({
            message: `${method} ${url} failed to connect: ${reason}` + `${typeof cause === 'string' ? ` (${cause})` : ''} (${attempts}).`,
            cause: attempt.error,
          });
          outcome = { kind: 'connection', mayHaveReachedServer: mayHaveReachedServer(attempt.error) };
          break;
        }
      }

      if (retry >= maxRetries || !shouldRetry(outcome, idempotent)) throw error;
      const delay = retryDelayMs(retry, outcome, settings);
      if (delay === null) throw error;
      try {
        await sleep(delay, signal);
      } catch (reason) {
        throw new HumantimeAbortError({
          message: `${method} ${url} was aborted by the caller while waiting to retry.`,
          cause: reason,
        });
      }
    }
  };
}
