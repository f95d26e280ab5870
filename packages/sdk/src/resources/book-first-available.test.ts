import { describe, expect, it } from 'vitest';
import { LimitReachedError } from '../errors/api-errors.js';
import { NoSlotAvailableError } from '../errors/humantime-error.js';
import { HUMAN_ID, booking, envelope, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';

const server = useMockApi();

const slot = (hour: number) => ({
  starts_at: `2026-12-01T${String(hour).padStart(2, '0')}:00:00Z`,
  ends_at: `2026-12-01T${String(hour).padStart(2, '0')}:30:00Z`,
});
const params = {
  human_id: HUMAN_ID,
  date_from: '2026-12-01',
  date_to: '2026-12-02',
  duration: 30,
  attendee_name: 'Agent Smith',
  attendee_email: 'smith@example.com',
  metadata: { ticket: 'T-9' },
};

/**
 * A fake API where `free` is the current list of open slots and starts in `taken` lose the
 * race: they stay listed until someone tries them, then answer 409 and disappear.
 */
function fakeApi(free: ReturnType<typeof slot>[], taken: Set<string>, bookingAnswer?: () => Response) {
  let open = [...free];
  return recordRequests(server, async (request) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname.endsWith('/slots')) {
      return Response.json({ slots: open, timezone: 'Europe/London', duration: 30 });
    }
    const body = (await request.json()) as { starts_at: string };
    open = open.filter((s) => s.starts_at !== body.starts_at);
    if (bookingAnswer) return bookingAnswer();
    if (taken.has(body.starts_at)) return envelope('SLOT_UNAVAILABLE', 409, 'taken');
    return Response.json(booking({ starts_at: body.starts_at }), { status: 201 });
  });
}

const bookedStarts = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.method === 'POST').map((c) => (c.body as { starts_at: string }).starts_at);

describe('bookings.bookFirstAvailable', () => {
  it('books the first listed slot, passing the booking fields through', async () => {
    const calls = fakeApi([slot(9), slot(10)], new Set());
    const result = await testClient().bookings.bookFirstAvailable(params);
    expect(result.starts_at).toBe(slot(9).starts_at);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`GET /v1/humans/${HUMAN_ID}/slots`, 'POST /v1/bookings']);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ date_from: '2026-12-01', date_to: '2026-12-02', duration: '30' });
    expect(calls[1]!.body).toEqual({
      human_id: HUMAN_ID,
      starts_at: slot(9).starts_at,
      duration: 30,
      attendee_name: 'Agent Smith',
      attendee_email: 'smith@example.com',
      metadata: { ticket: 'T-9' },
    });
    expect(calls[1]!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('asks for the slots of a `when` in place of the dates, and names it when nothing is open', async () => {
    const { date_from: _from, date_to: _to, ...rest } = params;
    const calls = fakeApi([slot(9)], new Set());
    const result = await testClient().bookings.bookFirstAvailable({ ...rest, when: 'tomorrow morning' });
    expect(result.starts_at).toBe(slot(9).starts_at);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ when: 'tomorrow morning', duration: '30' });
    const none = await testClient()
      .bookings.bookFirstAvailable({ ...rest, when: 'tomorrow morning', accept: () => false })
      .catch((e: unknown) => e);
    expect(none).toBeInstanceOf(NoSlotAvailableError);
    expect((none as Error).message).toContain('in "tomorrow morning"');
  });

  it('tries only the slots `accept` takes, and re-queries on 409 within them', async () => {
    const calls = fakeApi([slot(9), slot(13), slot(14), slot(15)], new Set([slot(13).starts_at]));
    const afternoon = (s: { starts_at: string }) => Number(s.starts_at.slice(11, 13)) >= 13;
    const result = await testClient().bookings.bookFirstAvailable({ ...params, accept: afternoon });
    expect(result.starts_at).toBe(slot(14).starts_at);
    expect(bookedStarts(calls)).toEqual([slot(13).starts_at, slot(14).starts_at]);
    const none = await testClient()
      .bookings.bookFirstAvailable({ ...params, accept: () => false })
      .catch((e: unknown) => e);
    expect(none).toBeInstanceOf(NoSlotAvailableError);
  });

  it('on 409 re-queries the slots and tries the next one', async () => {
    const calls = fakeApi([slot(9), slot(10), slot(11)], new Set([slot(9).starts_at]));
    const result = await testClient().bookings.bookFirstAvailable(params);
    expect(result.starts_at).toBe(slot(10).starts_at);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
    expect(bookedStarts(calls)).toEqual([slot(9).starts_at, slot(10).starts_at]);
    // Each attempt is its own booking, with its own idempotency key.
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('skips a slot it already lost even if it is listed again', async () => {
    let posts = 0;
    recordRequests(server, (request) => {
      if (request.method === 'GET') return Response.json({ slots: [slot(9), slot(10)], timezone: 'UTC', duration: 30 });
      posts += 1;
      return posts === 1 ? envelope('SLOT_UNAVAILABLE', 409) : Response.json(booking({ starts_at: slot(10).starts_at }), { status: 201 });
    });
    const result = await testClient().bookings.bookFirstAvailable(params);
    expect(result.starts_at).toBe(slot(10).starts_at);
  });

  it('throws NoSlotAvailableError when every slot is taken', async () => {
    const all = [slot(9), slot(10)];
    const calls = fakeApi(all, new Set(all.map((s) => s.starts_at)));
    const error = await testClient()
      .bookings.bookFirstAvailable(params)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSlotAvailableError);
    expect(error).toMatchObject({ code: 'NO_SLOT_AVAILABLE', reason: 'no_slots_listed', tried: all.map((s) => s.starts_at) });
    expect((error as Error).message).toMatch(/No open slot left .* 2 tried were taken/);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET', 'POST', 'GET']);
  });

  it('throws NoSlotAvailableError at once when no slot is listed', async () => {
    const calls = fakeApi([], new Set());
    await expect(testClient().bookings.bookFirstAvailable(params)).rejects.toMatchObject({
      reason: 'no_slots_listed',
      tried: [],
      message: expect.stringMatching(/^No open slot for human/),
    });
    expect(calls).toHaveLength(1);
  });

  it('stops after maxAttempts bookings', async () => {
    const many = [8, 9, 10, 11, 12, 13, 14].map(slot);
    const calls = fakeApi(many, new Set(many.map((s) => s.starts_at)));
    const error = await testClient()
      .bookings.bookFirstAvailable({ ...params, maxAttempts: 3 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'attempts_exhausted', tried: many.slice(0, 3).map((s) => s.starts_at) });
    expect((error as Error).message).toMatch(/after 3 attempts/);
    expect(bookedStarts(calls)).toHaveLength(3);
  });

  it('defaults to 5 attempts', async () => {
    const many = [8, 9, 10, 11, 12, 13, 14].map(slot);
    const calls = fakeApi(many, new Set(many.map((s) => s.starts_at)));
    await expect(testClient().bookings.bookFirstAvailable(params)).rejects.toMatchObject({ reason: 'attempts_exhausted' });
    expect(bookedStarts(calls)).toHaveLength(5);
  });

  it('rethrows any other error at once (402 LIMIT_REACHED)', async () => {
    const calls = fakeApi([slot(9), slot(10)], new Set(), () => envelope('LIMIT_REACHED', 402));
    await expect(testClient().bookings.bookFirstAvailable(params)).rejects.toBeInstanceOf(LimitReachedError);
    expect(bookedStarts(calls)).toHaveLength(1);
  });

  it('refuses a maxAttempts below 1', async () => {
    await expect(testClient().bookings.bookFirstAvailable({ ...params, maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
  });
});
