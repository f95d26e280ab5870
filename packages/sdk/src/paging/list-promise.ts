import type { Page } from '@humantime/contract';
import { HumantimeError } from '../errors/humantime-error.js';

/**
 * What every `list` method returns, as in stripe-node: a Promise of one page
 * (`{ data, next_cursor }`) that is also an async iterable over every item of every page,
 * following `next_cursor` until it is null. Pages are fetched lazily, one request per page,
 * `limit` items at a time; breaking out of the loop stops fetching.
 *
 * @example
 * // One page:
 * const page = await client.humans.list({ limit: 20 });
 * console.log(page.data.length, page.next_cursor);
 *
 * // Every human, across pages:
 * for await (const human of client.humans.list({ limit: 100 })) {
 *   console.log(human.id, human.name);
 * }
 */
export type ListPromise<T, P extends Page<T> = Page<T>> = Promise<P> & AsyncIterable<T>;

/**
 * Builds a ListPromise from a page fetcher. The first page is requested at once (as any
 * Promise would be) and shared by `await` and iteration, so iterating costs no extra call.
 */
export function listPromise<T, P extends Page<T> = Page<T>>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  startCursor: string | undefined,
): ListPromise<T, P> {
  let first: Promise<P>;
  try {
    first = fetchPage(startCursor);
  } catch (error) {
    // Argument errors reject like every other method's, instead of throwing synchronously.
    first = Promise.reject(error);
  }
  async function* items(): AsyncGenerator<T, void, undefined> {
    let page = await first;
    let cursor = startCursor;
    for (;;) {
      yield* page.data;
      const next = page.next_cursor;
      if (next === null || next === undefined) return;
      if (next === cursor) {
        // A server bug would otherwise make this loop forever.
        throw new HumantimeError('UNEXPECTED_RESPONSE', {
          message: `The API returned next_cursor "${next}" again; stopping to avoid an endless loop.`,
          raw: page,
        });
      }
      cursor = next;
      page = await fetchPage(cursor);
    }
  }
  return Object.assign(first, { [Symbol.asyncIterator]: items });
}
