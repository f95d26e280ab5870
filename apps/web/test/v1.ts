import type { Booking, Human, SlotsResponse } from '@humantime/contract';

/** One call to the public API with an API key, as an agent would make it. */
export async function v1(
  origin: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A human in another zone than the browser's, open every day, so slots exist whenever the test runs. */
export async function createHuman(
  origin: string,
  key: string,
  names: { name?: string; email?: string; role?: string } = {},
): Promise<Human> {
  const answer = await v1(origin, key, 'POST', '/v1/humans', {
    name: 'Margaret Hamilton',
    timezone: 'Europe/Berlin',
    role: 'Flight software lead',
    email: 'margaret@example.com',
    availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '08:00', work_end: '18:00', meeting_durations: [30, 60] },
    ...names,
  });
  if (answer.status !== 201) throw new Error(`create human: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Human;
}

/** Lists the human's slots over the next week and books the first free ones, one per attendee. */
export async function bookFirstSlots(origin: string, key: string, human: Human, attendees: string[]): Promise<Booking[]> {
  const today = new Date().toISOString().slice(0, 10);
  const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const slots = await v1(origin, key, 'GET', `/v1/humans/${human.id}/slots?date_from=${today}&date_to=${until}&duration=30`);
  if (slots.status !== 200) throw new Error(`slots: ${slots.status} ${JSON.stringify(slots.body)}`);
  const open = (slots.body as SlotsResponse).slots;
  const booked: Booking[] = [];
  for (const [i, attendee] of attendees.entries()) {
    const slot = open[i];
    if (!slot) throw new Error('no open slot to book');
    const answer = await v1(origin, key, 'POST', '/v1/bookings', {
      human_id: human.id,
      starts_at: slot.starts_at,
      duration: 30,
      attendee_name: attendee,
      metadata: { source: 'browser-journey', ticket: i + 1 },
    });
    if (answer.status !== 201) throw new Error(`book: ${answer.status} ${JSON.stringify(answer.body)}`);
    booked.push(answer.body as Booking);
  }
  return booked;
}
