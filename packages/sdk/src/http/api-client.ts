import { contract } from '@humantime/contract';
import { initClient } from '@ts-rest/core';
import { createFetcher, type HttpSettings } from './create-fetcher.js';

/** The ts-rest client of the contract, with the SDK's fetcher underneath. */
export function createApiClient(baseUrl: string, apiKey: string, settings: HttpSettings) {
  return initClient(contract, {
    baseUrl,
    baseHeaders: { authorization: `Bearer ${apiKey}` },
    api: createFetcher(settings),
    // The fetcher throws for every non-2xx status, so nothing unknown can come back, and
    // responses are not re-parsed: zod would strip fields a newer server adds.
    throwOnUnknownStatus: false,
    validateResponse: false,
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

type SuccessStatus = 200 | 201 | 204;

/** The body type of a route's success statuses, from the ts-rest response union. */
export type SuccessBody<R> = R extends { status: infer S; body: infer B } ? (S extends SuccessStatus ? B : never) : never;

/** The fetcher resolves only for 2xx answers, so the body is the success body. */
export function successBody<R extends { status: number; body: unknown }>(response: R): SuccessBody<R> {
  return response.body as SuccessBody<R>;
}

/**
 * A path segment. ts-rest inserts params verbatim and drops an empty one, so `get('')`
 * would silently become a list call and `get('../x')` another route; encode and refuse.
 */
export function pathParam(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${name} must be a non-empty string, got ${value === '' ? 'an empty string' : typeof value}`);
  }
  return encodeURIComponent(value);
}
