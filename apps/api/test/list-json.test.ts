// The lists sent as JSON text (lib/json-text.ts): bookings and the delivery log written by the
// database, events from their stored bodies. Each must be byte for byte what JSON.stringify
// made of the objects the views build, for every kind of row and page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { selectDeliveryRecords } from '../src/db/tables/deliveries.js';
import { selectBookingPage, type BookingFilter } from '../src/db/tables/list-pages.js';
import { keysetOf, toPage } from '../src/lib/cursor.js';
import { JsonText } from '../src/lib/json-text.js';
import { bookingView } from '../src/services/bookings/booking-view.js';
import { listBookings } from '../src/services/bookings/list-bookings.js';
import { deliveryView, listDeliveries } from '../src/services/webhooks/list-deliveries.js';
import { at, bookingBody, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
let organizationId: string;
let humans: string[];
let webhookId: string;

const METADATA = [
  {},
  { note: 'quotes " and \\ backslash, tab\t, newline\n, </script>' },
  { unicode: 'Zoë 東京 🚀 \u2028', nested: { list: [1, 2.5, -0.125, 1e21, true, null], empty: {} } },
  { big: 2 ** 60, tiny: 1e-7, keys: { b: 1, a: 2, aa: 3 } },
];

beforeAll(async () => {
  // No delivery worker: the attempts below are written by the test.
  app = await startTestApp({ webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true, inProcessWorker: false } });
  const org = await app.createOrg('growth', true);
  key = org.key;
  organizationId = org.id;
  const webhook = await app.call('POST', '/v1/webhooks', {
    key,
    body: { url: 'https://127.0.0.1:9/hook', events: ['booking.confirmed', 'booking.cancelled'] },
  });
  expect(webhook.status, webhook.text).toBe(201);
  webhookId = webhook.body.id;
  humans = [await createUtcHuman(app, key), await createUtcHuman(app, key)];
  const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
  const ids: string[] = [];
  for (const [i, time] of times.entries()) {
    const extra = { metadata: METADATA[i % METADATA.length], ...(i % 2 ? { attendee_email: `a${i}@example.com` } : {}) };
    const res = await app.call('POST', '/v1/bookings', { key, body: bookingBody(humans[i % 2]!, at(MONDAY, time), 30, extra) });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  expect((await app.call('DELETE', `/v1/bookings/${ids[1]}`, { key })).status).toBe(200);
  const moved = await app.call('POST', `/v1/bookings/${ids[2]}/reschedule`, { key, body: { starts_at: at(MONDAY, '15:00') } });
  expect(moved.status, moved.text).toBe(201);
  // Deliveries in every state: delivered after a failure, failed, pending with attempts and without.
  const deliveries = await app.database.store.sql<{ id: string }>(
    'SELECT id::text AS id FROM deliveries WHERE organization_id = $1::uuid ORDER BY created_at, id',
    [organizationId],
  );
  expect(deliveries.length).toBeGreaterThan(4);
  const states = ['delivered', 'failed', 'pending', 'pending'];
  for (const [i, d] of deliveries.entries()) {
    await app.database.store.sql(
      `UPDATE deliveries SET status = $2::"DeliveryStatus", next_attempt_at = now() + interval '90 seconds' WHERE id = $1::uuid`,
      [d.id, states[i % states.length]],
    );
    for (let attempt = 1; attempt <= i % 3; attempt++) {
      await app.database.store.sql(
        `INSERT INTO delivery_attempts (organization_id, delivery_id, attempt, attempted_at, status_code, error, duration_ms)
         VALUES ($1::uuid, $2::uuid, $3::int, now() - make_interval(secs => $3::int * 61.789), $4::int, $5::text, $6::int)`,
        [
          organizationId,
          d.id,
          attempt,
          attempt === 1 ? null : 500,
          attempt === 1 ? 'connect ECONNREFUSED "127.0.0.1:9"\n\u00e9' : null,
          17 * attempt,
        ],
      );
    }
  }
});
afterAll(() => app.close());

/**
 * Follows a list's cursors at each limit, comparing what the service sends (`sent`) with
 * JSON.stringify of the page the views make of the same request (`expected`). Returns the pages read.
 */
async function comparePages(
  limits: number[],
  read: (query: { limit: number; cursor?: string }) => Promise<{ sent: unknown; expected: { next_cursor: string | null } }>,
): Promise<number> {
  let pages = 0;
  for (const limit of limits) {
    let cursor: string | undefined;
    do {
      const { sent, expected } = await read({ limit, ...(cursor ? { cursor } : {}) });
      expect(sent).toBeInstanceOf(JsonText);
      expect((sent as JsonText).text).toBe(JSON.stringify(expected));
      cursor = expected.next_cursor ?? undefined;
      pages++;
    } while (cursor);
  }
  return pages;
}

describe('lists sent as JSON text', () => {
  it('bookings: JSON.stringify of bookingView, byte for byte, page after page', async () => {
    const store = app.database.store;
    const filters: Array<
      Partial<BookingFilter> & { human_id?: string; status?: 'confirmed' | 'cancelled'; starts_after?: string; starts_before?: string }
    > = [
      {},
      { human_id: humans[0] },
      { status: 'cancelled' },
      { status: 'confirmed', human_id: humans[1] },
      { starts_after: at(MONDAY, '10:00'), starts_before: at(MONDAY, '15:00') },
    ];
    let pages = 0;
    for (const q of filters) {
      const filter = {
        organizationId,
        humanId: q.human_id,
        status: q.status,
        startsFrom: q.starts_after ? new Date(q.starts_after) : undefined,
        startsBefore: q.starts_before ? new Date(q.starts_before) : undefined,
      };
      pages += await comparePages([1, 2, 50], async (page) => {
        const query = { ...page, ...q };
        return {
          sent: await listBookings({ store }, organizationId, query),
          expected: toPage(await selectBookingPage(store.sql, filter, keysetOf(query, 'bookings')), page.limit, bookingView, 'bookings'),
        };
      });
    }
    expect(pages).toBeGreaterThan(20);
  });

  it('bookings stored while metadata was jsonb (its spaced text) are listed compact, strings untouched', async () => {
    const store = app.database.store;
    const [row] = await store.sql<{ id: string }>(
      'SELECT id::text AS id FROM bookings WHERE organization_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT 1',
      [organizationId],
    );
    const saved = await store.sql<{ metadata: string }>('SELECT metadata::text AS metadata FROM bookings WHERE id = $1::uuid', [row!.id]);
    const spaced = '{"a": 1, "s": "two  spaces, \\"quoted\\": [x]", "n": [1, 2.5, {"k": null}], "e": {}}';
    await store.sql('UPDATE bookings SET metadata = $2::json WHERE id = $1::uuid', [row!.id, spaced]);
    try {
      const query = { limit: 1 };
      const sent = await listBookings({ store }, organizationId, query);
      const rows = await selectBookingPage(store.sql, { organizationId }, keysetOf(query, 'bookings'));
      expect(rows[0]!.metadata).toEqual({ a: 1, s: 'two  spaces, "quoted": [x]', n: [1, 2.5, { k: null }], e: {} });
      expect((sent as unknown as JsonText).text).toBe(JSON.stringify(toPage(rows, 1, bookingView, 'bookings')));
    } finally {
      await store.sql('UPDATE bookings SET metadata = $2::json WHERE id = $1::uuid', [row!.id, saved[0]!.metadata]);
    }
  });

  it('the delivery log: JSON.stringify of deliveryView, byte for byte, page after page', async () => {
    const store = app.database.store;
    const pages = await comparePages([1, 3, 50], async (query) => {
      const rows = await selectDeliveryRecords(store.sql, { organizationId, webhookId }, { page: keysetOf(query, 'deliveries') });
      return {
        sent: await listDeliveries({ store }, organizationId, webhookId, query),
        expected: toPage(rows!, query.limit, deliveryView, 'deliveries'),
      };
    });
    expect(pages).toBeGreaterThan(10);
  });

  it('the delivery log of a webhook without deliveries is an empty page', async () => {
    const hook = await app.call('POST', '/v1/webhooks', { key, body: { url: 'https://127.0.0.1:9/quiet', events: ['booking.cancelled'] } });
    expect(hook.status, hook.text).toBe(201);
    const res = await app.call('GET', `/v1/webhooks/${hook.body.id}/deliveries`, { key });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('{"data":[],"next_cursor":null}');
    expect((await app.call('DELETE', `/v1/webhooks/${hook.body.id}`, { key })).status).toBe(204);
  });

  it("the delivery log's event and booking are its event's (copied onto the delivery when queued)", async () => {
    const rows = await selectDeliveryRecords(
      app.database.store.sql,
      { organizationId, webhookId },
      { page: { after: undefined, take: 100 } },
    );
    const events = await app.database.store.sql<{ delivery: string; type: string; booking_id: string }>(
      `SELECT d.id::text AS delivery, e.type, e.booking_id::text AS booking_id
         FROM deliveries d JOIN events e ON e.organization_id = d.organization_id AND e.id = d.event_id
        WHERE d.organization_id = $1::uuid`,
      [organizationId],
    );
    expect(rows!.length).toBe(events.length);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['booking.confirmed', 'booking.cancelled']));
    for (const r of rows!) {
      const e = events.find((x) => x.delivery === r.id)!;
      expect({ event: r.eventType, booking: r.bookingId }).toEqual({ event: e.type, booking: e.booking_id });
    }
  });

  it('events: each stored body with its id in front, compact, page after page', async () => {
    let cursor: string | undefined;
    let seen = 0;
    do {
      const res = await app.call('GET', `/v1/events?limit=2${cursor ? `&after=${cursor}` : ''}`, { key });
      expect(res.status, res.text).toBe(200);
      expect(res.text).toBe(JSON.stringify(res.body));
      for (const event of res.body.data) expect(Object.keys(event)).toEqual(['id', 'event', 'created_at', 'data']);
      seen += res.body.data.length;
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toBeGreaterThan(6);
  });

  it('bookings are answered as application/json, each as GET of the booking answers it', async () => {
    const res = await app.call('GET', '/v1/bookings?limit=50', { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.data).toHaveLength(7);
    for (const booking of res.body.data) {
      expect((await app.call('GET', `/v1/bookings/${booking.id}`, { key })).text).toBe(JSON.stringify(booking));
    }
  });
});
