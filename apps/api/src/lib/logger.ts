import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

export type { Logger };

/** One JSON object per line on stdout. Keys and secrets are never passed to it. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    base: { service: 'humantime-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Defence in depth: should a header object ever reach a log call, its secrets are masked.
    redact: ['authorization', '*.authorization', 'headers.authorization', 'signing_secret', 'api_key'],
  });
}
