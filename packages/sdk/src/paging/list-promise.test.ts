import { describe, expect, it } from 'vitest';
import { HUMAN_ID, human, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import type { Human } from '../types.js';

const server = useMockApi();

const humanNamed = (name: string) => ({ ...human, name });

/** Three pages of two, three and one humans, chained by cursors c2 and c3. */
function threePages() {
  const pages: Record<string, { data: ReturnType<typeof humanNamed>[]; next_cursor: string | null }> = {
    '': { data: [humanNamed('a'), humanNamed('b')], next_cursor: 'c2' },
    c2: { data: [humanNamed('c'), humanNamed('d'), humanNamed('e')], next_cursor: 'c3' },
    c3: { data: [humanNamed('f')], next_cursor: null },
  };
  return recordRequests(server, (request) => {
    const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
    return Response.json(pages[cursor]);
  });
}

describe('list paging', () => {
  it('for await walks all 3 pages, following next_cursor with the same limit', async () => {
    const calls = threePages();
    const names: string[] = [];
    for await (const item of testClient().humans.list({ limit: 3 })) names.push(item.name);
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(calls.map((call) => call.url.search)).toEqual(['?limit=3', '?limit=3&cursor=c2', '?limit=3&cursor=c3']);
  });

  it('await gives one page and iterating the same promise reuses it', async () => {
    const calls = threePages();
    const list = testClient().humans.list();
    const page = await list;
    expect(page.data.map((h) => h.name)).toEqual(['a', 'b']);
    expect(page.next_cursor).toBe('c2');
    const all: Human[] = [];
    for await (const item of list) all.push(item);
    expect(all).toHaveLength(6);
    expect(calls).toHaveLength(3);
  });

  it('stops fetching when the loop breaks', async () => {
    const calls = threePages();
    for await (const item of testClient().humans.list()) {
      if (item.name === 'b') break;
    }
    expect(calls).toHaveLength(1);
  });

  it('starts from a given cursor', async () => {
    const calls = threePages();
    const names: string[] = [];
    for await (const item of testClient().humans.list({ cursor: 'c3' })) names.push(item.name);
    expect(names).toEqual(['f']);
    expect(calls).toHaveLength(1);
  });

  it('iterates every list: overrides, bookings, webhooks, deliveries', async () => {
    const calls = recordRequests(server, (request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return Response.json(cursor ? { data: [2], next_cursor: null } : { data: [1], next_cursor: 'next' });
    });
    const client = testClient();
    const collect = async (iterable: AsyncIterable<unknown>) => {
      const items: unknown[] = [];
      for await (const item of iterable) items.push(item);
      return items;
    };
    expect(await collect(client.overrides.list(HUMAN_ID))).toEqual([1, 2]);
    expect(await collect(client.bookings.list({ human_id: HUMAN_ID }))).toEqual([1, 2]);
    expect(await collect(client.webhooks.list())).toEqual([1, 2]);
    expect(await collect(client.webhooks.deliveries(HUMAN_ID))).toEqual([1, 2]);
    expect(calls.map((c) => c.url.pathname + c.url.search)).toEqual([
      `/v1/humans/${HUMAN_ID}/overrides`,
      `/v1/humans/${HUMAN_ID}/overrides?cursor=next`,
      `/v1/bookings?human_id=${HUMAN_ID}`,
      `/v1/bookings?human_id=${HUMAN_ID}&cursor=next`,
      '/v1/webhooks',
      '/v1/webhooks?cursor=next',
      `/v1/webhooks/${HUMAN_ID}/deliveries`,
      `/v1/webhooks/${HUMAN_ID}/deliveries?cursor=next`,
    ]);
  });

  it('refuses to loop forever when the server repeats a cursor', async () => {
    recordRequests(server, () => Response.json({ data: [human], next_cursor: 'same' }));
    const iterate = async () => {
      for await (const _ of testClient().humans.list()) void _;
    };
    await expect(iterate()).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('an error on a later page rejects the loop with that error', async () => {
    recordRequests(server, (request) =>
      new URL(request.url).searchParams.get('cursor')
        ? Response.json({ error: { code: 'UNAUTHORIZED', message: 'key rotated', status: 401 } }, { status: 401 })
        : Response.json({ data: [human], next_cursor: 'c2' }),
    );
    const seen: Human[] = [];
    const iterate = async () => {
      for await (const item of testClient().humans.list()) seen.push(item);
    };
    await expect(iterate()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(seen).toHaveLength(1);
  });
});
