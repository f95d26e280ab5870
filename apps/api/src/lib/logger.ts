import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

export type { Logger };

/**
 * One JSON object per line on stdout. Keys and secrets are never passed to it.
 *
 * Written asynchronously (sync: false): the write runs on libuv's thread pool, and lines
 * logged while one is under way go together in the next, so a busy server makes one system
 * call for many requests instead of one each on its event loop (that cost the slots route a
 * tenth of its CPU). A quiet server still writes each line at once. pino flushes what is
 * left when the process exits (a graceful stop, an uncaught error); a SIGKILL can lose the
 * lines of the last write.
 */
export function createLogger(level: Config['logLevel']): Logger {
  return pino(
    {
      level,
      base: { service: 'humantime-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Defence in depth: should a header object ever reach a log call, its secrets are masked.
      redact: ['authorization', '*.authorization', 'headers.authorization', 'signing_secret', 'api_key'],
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
