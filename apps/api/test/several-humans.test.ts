import { addDays } from '@humantime/slot-engine';
import { describe, expect, it } from 'vitest';
import { at, bookingBody, countRows, MONDAY, race } from './booking-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { createHumanIn, EVERY_DAY, listedStarts, WEEKDAYS } from './schedule-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

const hours = (work_start: string, work_end: string, working_days = WEEKDAYS) => ({
  working_days,
  work_start,
  work_end,
  meeting_durations: [30, 60],
});
const groupSlots = (ids: string[], mode: string, from: string, to: string, duration = 30, k = key) =>
  app.call('GET', `/v1/slots?human_ids=${ids.join(',')}&mode=${mode}&date_from=${from}&date_to=${to}&duration=${duration}`, { key: k });
const bookGroup = (ids: string[], mode: string, startsAt: string, extra: Record<string, unknown> = {}) =>
  app.call('POST', '/v1/bookings', {
    key,
    body: { human_ids: ids, mode, starts_at: startsAt, duration: 30, attendee_name: 'Agent Smith', ...extra },
  });
const used = async () => (await app.call('GET', '/v1/usage', { key })).body.used as number;
const localDate = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** Each human's own list over a wider range, cut to the first human's local dates: computed here, apart from the server's merge. */
async function singleLists(ids: string[], zones: string[], from: string, to: string) {
  const lists = await Promise.all(ids.map((id) => listedStarts(app, key, id, addDays(from, -2), addDays(to, 2), 30)));
  const inRange = (iso: string) => {
    const local = localDate(iso, zones[0]!);
    return local >= from && local <= to;
  };
  return lists.map((list) => list.filter(inRange));
}

describe('GET /v1/slots', () => {
  it('all = the intersection and any = the union of the single-human lists, each slot naming its free humans', async () => {
    const zones = ['Europe/Berlin', 'UTC', 'America/New_York'];
    const ids = [
      await createHumanIn(app, key, zones[0]!, hours('09:00', '17:00')),
      await createHumanIn(app, key, zones[1]!, hours('08:00', '16:00', EVERY_DAY)),
      await createHumanIn(app, key, zones[2]!, hours('09:00', '13:00')),
    ];
    // A booking and a hold make the lists differ from plain hours.
    expect((await app.call('POST', '/v1/bookings', { key, body: bookingBody(ids[1]!, at(MONDAY, '14:00')) })).status).toBe(201);
    const held = await app.call('POST', '/v1/holds', { key, body: { human_id: ids[2]!, starts_at: at(MONDAY, '15:00'), duration: 30 } });
    expect(held.status).toBe(201);
    const from = MONDAY;
    const to = addDays(MONDAY, 6);
    const lists = await singleLists(ids, zones, from, to);

    const all = await groupSlots(ids, 'all', from, to);
    expect(all.status, all.text).toBe(200);
    const expectedAll = lists[0]!.filter((s) => lists.every((l) => l.includes(s)));
    expect(expectedAll.length).toBeGreaterThan(0);
    expect(all.body.slots.map((s: { starts_at: string }) => s.starts_at)).toEqual(expectedAll);
    expect(all.body).toMatchObject({ timezone: 'Europe/Berlin', duration: 30, mode: 'all' });
    for (const slot of all.body.slots) expect(slot.human_ids).toEqual(ids);
    expect(expectedAll).not.toContain(at(MONDAY, '14:00'));
    expect(expectedAll).not.toContain(at(MONDAY, '15:00'));

    const any = await groupSlots(ids, 'any', from, to);
    expect(any.status).toBe(200);
    const union = [...new Set(lists.flat())].sort();
    expect(any.body.slots.map((s: { starts_at: string }) => s.starts_at)).toEqual(union);
    for (const slot of any.body.slots) {
      expect(slot.human_ids).toEqual(ids.filter((_, i) => lists[i]!.includes(slot.starts_at)));
    }
  });

  it('404 for a human of another organization or unknown, 422 naming a human without the duration', async () => {
    const mine = await createHumanIn(app, key, 'UTC', hours('09:00', '17:00'));
    const other = await app.createOrg('growth');
    const theirs = await createHumanIn(app, other.key, 'UTC', hours('09:00', '17:00'));
    expectEnvelope(await groupSlots([mine, theirs], 'all', MONDAY, MONDAY), 404, 'NOT_FOUND');
    expectEnvelope(await bookGroup([mine, theirs], 'all', at(MONDAY, '10:00')), 404, 'NOT_FOUND');
    const short = await createHumanIn(app, key, 'UTC', { ...hours('09:00', '17:00'), meeting_durations: [15] });
    const res = await groupSlots([mine, short], 'any', MONDAY, MONDAY);
    expectEnvelope(res, 422, 'INVALID_DURATION');
    expect(res.body.error.message).toContain(short);
    expectEnvelope(await groupSlots([mine, mine], 'all', MONDAY, MONDAY), 422, 'VALIDATION_ERROR');
    expectEnvelope(await groupSlots([mine], 'some', MONDAY, MONDAY), 422, 'VALIDATION_ERROR');
  });
});

describe('POST /v1/bookings with human_ids', () => {
  it('mode=all books every human with one group_id, one event and one quota unit each', async () => {
    const ids = await Promise.all([0, 1, 2].map(() => createHumanIn(app, key, 'UTC', hours('09:00', '17:00'))));
    const before = await used();
    const res = await bookGroup(ids, 'all', at(MONDAY, '10:00'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.group_bookings.map((b: { human_id: string }) => b.human_id)).toEqual(ids);
    const groupId = res.body.group_id as string;
    expect(groupId).toMatch(/^[0-9a-f-]{36}$/);
    for (const b of res.body.group_bookings)
      expect(b).toMatchObject({ group_id: groupId, starts_at: at(MONDAY, '10:00'), status: 'confirmed' });
    const { group_bookings: _, ...first } = res.body;
    expect(first).toEqual(res.body.group_bookings[0]);
    expect(await used()).toBe(before + 3);
    expect(
      await countRows(
        app,
        'events',
        `type = 'booking.confirmed' AND booking_id IN (SELECT id FROM bookings WHERE group_id = '${groupId}')`,
      ),
    ).toBe(3);
  });

  it('mode=all where one human is taken: 409 and nothing written', async () => {
    const ids = await Promise.all([0, 1, 2].map(() => createHumanIn(app, key, 'UTC', hours('09:00', '17:00'))));
    expect((await app.call('POST', '/v1/bookings', { key, body: bookingBody(ids[2]!, at(MONDAY, '11:00')) })).status).toBe(201);
    const counts = async () => [await countRows(app, 'bookings'), await countRows(app, 'events'), await used()];
    const before = await counts();
    expectEnvelope(await bookGroup(ids, 'all', at(MONDAY, '11:00')), 409, 'SLOT_UNAVAILABLE');
    expect(await counts()).toEqual(before);
    // Also when the refusal comes from the database: a hold of the third human.
    const held = await app.call('POST', '/v1/holds', { key, body: { human_id: ids[2]!, starts_at: at(MONDAY, '12:00'), duration: 30 } });
    expect(held.status).toBe(201);
    expectEnvelope(await bookGroup(ids, 'all', at(MONDAY, '12:00')), 409, 'SLOT_UNAVAILABLE');
    expect(await counts()).toEqual(before);
  });

  it('mode=any books the free human with the fewest bookings that local day; tie: the one listed first', async () => {
    const ids = await Promise.all([0, 1, 2].map(() => createHumanIn(app, key, 'UTC', hours('09:00', '17:00'))));
    for (const time of ['09:00', '09:30']) {
      expect((await app.call('POST', '/v1/bookings', { key, body: bookingBody(ids[0]!, at(MONDAY, time)) })).status).toBe(201);
    }
    expect((await app.call('POST', '/v1/bookings', { key, body: bookingBody(ids[1]!, at(MONDAY, '09:00')) })).status).toBe(201);
    const first = await bookGroup(ids, 'any', at(MONDAY, '13:00'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ human_id: ids[2], group_id: null });
    expect(first.body.group_bookings).toBeUndefined();
    // Now ids[1] and ids[2] have one each: the tie goes to ids[1], listed first.
    expect((await bookGroup(ids, 'any', at(MONDAY, '14:00'))).body.human_id).toBe(ids[1]);
    // A human who is taken is skipped even with the fewest.
    expect((await bookGroup([ids[0]!, ids[1]!], 'any', at(MONDAY, '09:00'))).status).toBe(409);
  });

  it('20 concurrent mode=any bookings for a team of 5 never double-book and spread evenly', async () => {
    const team = await Promise.all([0, 1, 2, 3, 4].map(() => createHumanIn(app, key, 'UTC', hours('08:00', '20:00'))));
    // Four starts, five requests each: every human once per start.
    const starts = ['10:00', '11:00', '12:00', '13:00'];
    const { results, tally } = await race(Array.from({ length: 20 }, (_, i) => () => bookGroup(team, 'any', at(MONDAY, starts[i % 4]!))));
    expect(tally).toEqual({ 201: 20 });
    const pairs = results.map((r) => `${r.body.human_id} ${r.body.starts_at}`);
    expect(new Set(pairs).size).toBe(20);
    const perHuman = team.map((id) => results.filter((r) => r.body.human_id === id).length);
    expect(perHuman).toEqual([4, 4, 4, 4, 4]);

    // Twenty distinct starts the next day: the least-booked rule spreads them 4 each, even racing.
    const tuesday = addDays(MONDAY, 1);
    const times = Array.from({ length: 20 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    const second = await race(times.map((t) => () => bookGroup(team, 'any', at(tuesday, t))));
    expect(second.tally).toEqual({ 201: 20 });
    expect(team.map((id) => second.results.filter((r) => r.body.human_id === id).length)).toEqual([4, 4, 4, 4, 4]);
  });
});
