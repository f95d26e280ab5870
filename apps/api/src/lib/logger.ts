import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

export type { Logger };

/** How long a logged line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 200;

/**
 * One JSON object per line on stdout. Keys and secrets are never passed to it.
 *
 * Lines are buffered and written 4 KiB at a time, off the event loop (sync: false), and at
 * the latest FLUSH_EVERY_MS after they were logged: a write is a system call, and one per
 * request cost the slots route a tenth of its CPU. pino flushes what is left when the
 * process exits (a graceful stop, an uncaught error); a SIGKILL can lose the last 200 ms.
 */
export function createLogger(level: Config['logLevel']): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: FLUSH_EVERY_MS });
  return pino(
    {
      level,
      base: { service: 'humantime-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Defence in depth: should a header object ever reach a log call, its secrets are masked.
      redact: ['authorization', '*.authorization', 'headers.authorization', 'signing_secret', 'api_key'],
    },
    destination,
  );
}
