import type { Db } from '../../db/open-store.js';
import { AppError } from '../../lib/app-error.js';
import { sha256Hex } from '../../lib/secret-tokens.js';

/** 10 failed sign-ins for one email within 15 minutes, then 429 until the window passes. */
export const MAX_FAILED_SIGN_INS = 10;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export interface ThrottleTicket {
  emailHash: string;
  windowStart: Date;
}

/**
 * Takes one attempt from the email's allowance before the password is even checked: one
 * atomic upsert, so however many requests race, in however many processes, at most 10
 * reach the password check in a window. A successful sign-in gives its attempt back
 * (`refundAttempt`), so only failures use the allowance up. The window opens with the
 * first attempt and closes 15 minutes later.
 */
export async function takeAttempt(db: Db, email: string, now: Date): Promise<ThrottleTicket> {
  const emailHash = sha256Hex(email);
  const windowCutoff = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [row] = await db.$queryRaw<Array<{ attempts: number; window_start: Date }>>`
    INSERT INTO sign_in_throttle (email_hash, attempts, window_start) VALUES (${emailHash}, 1, ${now})
    ON CONFLICT (email_hash) DO UPDATE SET
      attempts = CASE WHEN sign_in_throttle.window_start <= ${windowCutoff} THEN 1
                      ELSE LEAST(sign_in_throttle.attempts + 1, 1000000) END,
      window_start = CASE WHEN sign_in_throttle.window_start <= ${windowCutoff} THEN ${now}
                          ELSE sign_in_throttle.window_start END
    RETURNING attempts, window_start`;
  const windowStart = new Date(row!.window_start);
  if (row!.attempts > MAX_FAILED_SIGN_INS) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-ins for this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      {
        'Retry-After': String(retryAfter),
      },
    );
  }
  return { emailHash, windowStart };
}

/** A successful sign-in: its attempt does not count (in the window it was taken from). */
export async function refundAttempt(db: Db, ticket: ThrottleTicket): Promise<void> {
  await db.$executeRaw`
    UPDATE sign_in_throttle SET attempts = GREATEST(attempts - 1, 0)
     WHERE email_hash = ${ticket.emailHash} AND window_start = ${ticket.windowStart}`;
}
