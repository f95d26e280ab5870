import { pino, type Logger } from 'pino';

export type { Logger };

/** The levels LOG_LEVEL takes, quietest last. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How long a logged line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 200;

/**
 * One JSON object per line on stdout. Keys and secrets are never passed to it.
 *
 * Lines are buffered and written 4 KiB at a time, off the event loop (sync: false), and at
 * the latest FLUSH_EVERY_MS after they were logged: a write is a system call, and one per
 * request was a noticeable share of a slots request's CPU
 * (docs/decisions/0033-logging-off-the-hot-path.md). pino flushes what is left when the
 * process exits (a graceful stop, an uncaught error); a SIGKILL can lose the last 200 ms.
 */
export function createLogger(level: LogLevel): Logger {
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

/** The fields of the one line each request logs (http/request-context.ts). */
export interface RequestLine {
  request_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  organization_id: string | null;
  /** A call made under an OAuth connection: its grant (the token itself is never logged). */
  grant_id?: string;
}

/**
 * The request line's writer: the same JSON line `logger.info(fields, 'request')` writes, with
 * the logger's level check, time, bindings and destination (pino's documented symbols), but
 * put together here, since its fields are known: request logging is a noticeable share of a
 * warm slots request's CPU, and pino's generic path does work a line with known fields does
 * not need (docs/decisions/0033-logging-off-the-hot-path.md). Strings go through
 * JSON.stringify, so a client's path cannot break the line. The redaction
 * the logger has for lines built elsewhere has nothing to find here: no header, body or query.
 */
export function requestLineWriter(logger: Logger): (fields: RequestLine) => void {
  const { chindingsSym, timeSym, streamSym } = pino.symbols;
  const internals = logger as unknown as Record<symbol, unknown>;
  const bindings = internals[chindingsSym] as string;
  const time = internals[timeSym] as () => string;
  const stream = internals[streamSym] as { write(line: string): unknown };
  const level = logger.levels.values.info!;
  return (f) => {
    if (!logger.isLevelEnabled('info')) return;
    stream.write(
      `{"level":${level}${time()}${bindings},"request_id":${JSON.stringify(f.request_id)},"method":${JSON.stringify(f.method)},` +
        `"path":${JSON.stringify(f.path)},"status":${f.status},"duration_ms":${f.duration_ms},` +
        `"organization_id":${f.organization_id === null ? 'null' : JSON.stringify(f.organization_id)},` +
        `${f.grant_id === undefined ? '' : `"grant_id":${JSON.stringify(f.grant_id)},`}"msg":"request"}\n`,
    );
  };
}
