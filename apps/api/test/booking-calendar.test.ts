import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { at, bookingBody, MONDAY } from './booking-fixtures.js';
import { createRuledHuman } from './rules-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
let humanId: string;
useTestApp({ plan: 'growth' }, async (ctx) => {
  ({ app, key } = ctx);
  humanId = await createRuledHuman(app, key, {}, { email: 'ada@example.com' });
});

const LONG_NAME = 'Dr. Émilie du Châtelet; translator, of Newton’s Principia, with a very long name indeed';
const book = async (time: string) =>
  (
    await app.call('POST', '/v1/bookings', {
      key,
      body: bookingBody(humanId, at(MONDAY, time), 30, { attendee_name: LONG_NAME, attendee_email: 'emilie@example.com' }),
    })
  ).body;
const ics = (id: string, k = key) => app.call('GET', `/v1/bookings/${id}/ics`, { key: k });

/** Parsed with ical.js, an independent RFC 5545 parser. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const prop = (name: string) => event.getFirstPropertyValue(name);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: prop('uid'),
    sequence: prop('sequence'),
    status: prop('status'),
    start: (prop('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (prop('dtend') as ICAL.Time).toJSDate().toISOString(),
    organizer: prop('organizer'),
    attendee: event.getFirstProperty('attendee'),
    summary: prop('summary'),
  };
}

describe('GET /v1/bookings/{id}/ics', () => {
  it('is an RFC 5545 invite: text/calendar, CRLF, folded at 75 octets, UTC times, organizer and attendee', async () => {
    const booking = await book('10:00');
    const res = await ics(booking.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    // Every content line ends with CRLF, the last one too.
    expect(text.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\nDTSTART:20300107T100000Z\r\n/);
    expect(text).toMatch(/\r\nDTEND:20300107T103000Z\r\n/);
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);

    const parsed = parse(text);
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      uid: `${booking.id}@humantime`,
      sequence: 0,
      status: 'CONFIRMED',
      start: '2030-01-07T10:00:00.000Z',
      end: '2030-01-07T10:30:00.000Z',
      organizer: 'mailto:ada@example.com',
    });
    // Escaping and folding survive a round trip through the parser.
    expect(parsed.summary).toContain(LONG_NAME);
    expect(parsed.attendee?.getFirstValue()).toMatch(/^mailto:emilie@example\.com$/i);
    expect(parsed.attendee?.getParameter('cn')).toBe(LONG_NAME);
    // Stable: the same booking gives the same bytes.
    expect((await ics(booking.id)).text).toBe(text);
  });

  it('is a plain iCalendar object, not an iTIP REQUEST, when the human has no email to be its ORGANIZER', async () => {
    const noEmail = await createRuledHuman(app, key, {});
    const res = await app.call('POST', '/v1/bookings', {
      key,
      body: bookingBody(noEmail, at(MONDAY, '10:00'), 30, { attendee_email: 'smith@example.com' }),
    });
    const text = (await ics(res.body.id)).text;
    expect(parse(text)).toMatchObject({ method: null, organizer: null, status: 'CONFIRMED' });
    expect(text).not.toContain('METHOD:');
    // An ATTENDEE would make it group-scheduled, which must name an ORGANIZER: the attendee is in the text.
    expect(text).not.toContain('ATTENDEE');
    expect(text.replace(/\r\n /g, '')).toContain('with Agent Smith <smith@example.com>');
  });

  it('is the organizer’s PUBLISH, with no ATTENDEE, when the booking has no attendee email (an iTIP REQUEST or CANCEL names one)', async () => {
    const res = await app.call('POST', '/v1/bookings', {
      key,
      body: bookingBody(humanId, at(MONDAY, '14:00'), 30, { attendee_name: 'Walk-in' }),
    });
    expect(res.status, res.text).toBe(201);
    const text = (await ics(res.body.id)).text;
    expect(parse(text)).toMatchObject({ method: 'PUBLISH', organizer: 'mailto:ada@example.com', status: 'CONFIRMED', attendee: null });
    await app.call('DELETE', `/v1/bookings/${res.body.id}`, { key });
    const cancelled = (await ics(res.body.id)).text;
    expect(parse(cancelled)).toMatchObject({ method: 'PUBLISH', status: 'CANCELLED', sequence: 1, attendee: null });
  });

  it('leaves control characters out of its text (RFC 5545 TEXT holds none)', async () => {
    const res = await app.call('POST', '/v1/bookings', {
      key,
      body: bookingBody(humanId, at(MONDAY, '16:00'), 30, { attendee_name: 'Eve\u0007\u001b end', attendee_email: 'eve@example.com' }),
    });
    expect(res.status, res.text).toBe(201);
    const text = (await ics(res.body.id)).text;
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(text.replace(/\r\n /g, '')).toContain('Eve end');
    expect((await app.call('DELETE', `/v1/bookings/${res.body.id}`, { key })).status).toBe(200);
  });

  it('names its ORGANIZER by email when the human’s name is control characters only, and the attendee too', async () => {
    const blank = await createRuledHuman(app, key, {}, { email: 'blank@example.com' });
    const renamed = await app.call('PATCH', `/v1/humans/${blank}`, { key, body: { name: '\u0007\u0001' } });
    expect(renamed.status, renamed.text).toBe(200);
    const res = await app.call('POST', '/v1/bookings', {
      key,
      body: bookingBody(blank, at(MONDAY, '09:00'), 30, { attendee_name: '\u001b', attendee_email: 'eve@example.com' }),
    });
    expect(res.status, res.text).toBe(201);
    const file = await ics(res.body.id);
    expect(file.status, file.text).toBe(200);
    const parsed = parse(file.text);
    expect(String(parsed.organizer).toLowerCase()).toBe('mailto:blank@example.com');
    expect(String(parsed.attendee!.getFirstValue()).toLowerCase()).toBe('mailto:eve@example.com');
  });

  it('is an iTIP CANCEL once cancelled, with a higher SEQUENCE and the same UID', async () => {
    const booking = await book('11:00');
    await app.call('DELETE', `/v1/bookings/${booking.id}`, { key });
    const parsed = parse((await ics(booking.id)).text);
    expect(parsed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1, uid: `${booking.id}@humantime` });
  });

  it('keeps one UID along a reschedule, the new time with the highest SEQUENCE', async () => {
    const booking = await book('12:00');
    const moved = (await app.call('POST', `/v1/bookings/${booking.id}/reschedule`, { key, body: { starts_at: at(MONDAY, '15:00') } })).body;
    const before = parse((await ics(booking.id)).text);
    const after = parse((await ics(moved.id)).text);
    // The moved booking's file is no CANCEL: its UID lives on in the new booking.
    expect(before).toMatchObject({ uid: `${booking.id}@humantime`, status: 'CANCELLED', sequence: 1, method: 'REQUEST' });
    expect(after).toMatchObject({
      uid: `${booking.id}@humantime`,
      status: 'CONFIRMED',
      sequence: 2,
      method: 'REQUEST',
      start: '2030-01-07T15:00:00.000Z',
    });
  });

  it('answers 404 for another organization’s booking', async () => {
    const booking = await book('13:00');
    const other = (await app.createOrg('free')).key;
    const res = await ics(booking.id, other);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
