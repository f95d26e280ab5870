/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover,
 * a network blip) rather than a fault in the request or in our code. Such a request is
 * answered 503 SERVICE_UNAVAILABLE with Retry-After, and the background jobs pause instead of
 * logging a failure at every poll.
 *
 * The error may come straight from `pg` (a socket error, a pool timeout, a server that is
 * shutting down or starting up) or wrapped by Prisma's driver adapter, so the whole chain of
 * causes is searched.
 */

/** Socket errors: the connection could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * SQLSTATEs the server sends when it cannot serve anyone right now: class 08 (connection
 * exception), 57P01-57P03 (shutting down, crashed, starting up) and 53300 (too many
 * connections).
 */
const SERVER_CODES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Prisma's driver adapter's names for the same faults. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** Prisma's own codes: can't reach, timed out reaching, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

/**
 * `pg`'s plain Errors (no code) for a lost or unobtainable connection. "timeout expired" is a
 * new connection that got no answer within DATABASE_CONNECT_TIMEOUT_MS: a server that hangs
 * or a network that drops packets rather than refusing them.
 */
const PG_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|^timeout expired$|Can't reach database server|Server has closed the connection|Query read timeout/;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, kind, message, name, cause, meta, originalError } = current as Record<string, unknown>;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.test(code) || PRISMA_CODES.has(code))) return true;
    if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
    if (name === 'PrismaClientInitializationError') return true;
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
    queue.push(cause, originalError, (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
  }
  return false;
}

/** What to log of such an error: its message, short, without a stack (it is not a bug). */
export function unavailableCause(error: unknown): string {
  return String((error as Error | undefined)?.message ?? error).slice(0, 200);
}
