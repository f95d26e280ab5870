/**
 * A small scheduling agent on @humantime/sdk, end to end against a running humantime API:
 * create a human, set their hours, find a slot, book it (retrying on a lost race), cancel
 * it, and verify a webhook signature.
 *
 *   HUMANTIME_URL=http://127.0.0.1:3000 HUMANTIME_API_KEY=sk_live_... pnpm --filter @humantime/sdk example
 *   pnpm exec tsx examples/agent.ts http://127.0.0.1:3000 sk_live_...
 *
 * Prints each step; exits 0 on success, 1 on any failure, 2 on bad usage.
 */
import { pathToFileURL } from 'node:url';
import { Humantime, isHumantimeError, signWebhook, verifyWebhook, WebhookSignatureError, type WebhookEvent } from '../src/index.js';

const TIMEZONE = 'Europe/Berlin';
const DURATION = 30;

/** A local calendar date (YYYY-MM-DD) in `timeZone`, `days` days from now. */
function localDate(timeZone: string, days: number, now = new Date()): string {
  const at = new Date(now.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The agent's work, separate from process handling so a test can run it against a fake API. */
export async function runAgent(client: Humantime, log: (line: string) => void = console.log): Promise<void> {
  const human = await client.humans.create({ name: 'Ada Lovelace (agent demo)', timezone: TIMEZONE, role: 'Advisor' });
  log(`created human ${human.id} (${human.name}, ${human.timezone})`);
  try {
    const hours = await client.humans.setAvailability(human.id, {
      working_days: [1, 2, 3, 4, 5],
      work_start: '09:00',
      work_end: '17:00',
      meeting_durations: [DURATION, 60],
    });
    log(
      `set hours: days ${hours.working_days.join(',')}, ${hours.work_start}-${hours.work_end}, durations ${hours.meeting_durations.join('/')} min`,
    );

    // Two weeks from tomorrow always hold working days.
    const date_from = localDate(TIMEZONE, 1);
    const date_to = localDate(TIMEZONE, 14);
    const { slots } = await client.humans.slots(human.id, { date_from, date_to, duration: DURATION });
    log(`found ${slots.length} open ${DURATION}-minute slots from ${date_from} to ${date_to}; first ${slots[0]?.starts_at ?? 'none'}`);

    const booking = await client.bookings.bookFirstAvailable({
      human_id: human.id,
      date_from,
      date_to,
      duration: DURATION,
      attendee_name: 'Agent Smith',
      attendee_email: 'agent.smith@example.com',
      metadata: { source: 'examples/agent.ts' },
    });
    log(`booked ${booking.id}: ${booking.starts_at} to ${booking.ends_at} (${booking.status})`);

    const cancelled = await client.bookings.cancel(booking.id);
    log(`cancelled ${cancelled.id}: status ${cancelled.status} at ${cancelled.cancelled_at}`);

    // A live receiver is not guaranteed here, so sign a delivery body the way the service
    // does and verify it as a receiver would, then show that tampering is caught.
    const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
    const event: WebhookEvent = {
      event: 'booking.cancelled',
      created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      data: cancelled,
    };
    const body = JSON.stringify(event);
    const header = await signWebhook(body, secret);
    const verified = await verifyWebhook(body, header, secret);
    log(`verified webhook signature: ${verified.event} for booking ${verified.data.id}`);
    try {
      await verifyWebhook(body.replace('Agent Smith', 'Agent Brown'), header, secret);
      throw new Error('a tampered webhook body was accepted');
    } catch (err) {
      if (!(err instanceof WebhookSignatureError)) throw err;
      log(`rejected tampered webhook body: ${err.reason}`);
    }
  } finally {
    // Leave nothing behind: deleting the human keeps its (cancelled) booking readable.
    await client.humans.delete(human.id).then(
      () => log(`deleted human ${human.id}`),
      (err: unknown) => log(`could not delete human ${human.id}: ${String(err)}`),
    );
  }
}

async function main(): Promise<number> {
  const baseUrl = process.argv[2] ?? process.env.HUMANTIME_URL ?? 'http://127.0.0.1:3000';
  const apiKey = process.argv[3] ?? process.env.HUMANTIME_API_KEY;
  if (!apiKey) {
    console.error('usage: HUMANTIME_URL=... HUMANTIME_API_KEY=sk_live_... tsx examples/agent.ts [url] [api-key]');
    return 2;
  }
  const client = new Humantime({ apiKey, baseUrl, timeoutMs: 15_000 });
  try {
    await runAgent(client);
    console.log('agent finished: every step succeeded');
    return 0;
  } catch (err) {
    if (isHumantimeError(err)) {
      console.error(`agent failed: ${err.code} (HTTP ${err.status ?? '-'}, request ${err.requestId ?? '-'}): ${err.message}`);
    } else {
      console.error('agent failed:', err);
    }
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main().then((code) => process.exit(code));
}
