import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
const serverError = (code: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['pg losing a connection mid-statement', new Error('Connection terminated unexpectedly')],
    ['pg-pool giving up waiting for a connection', new Error('timeout exceeded when trying to connect')],
    ['a client that already lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['the server shutting down (57P01)', serverError('57P01', 'terminating connection due to administrator command')],
    ['the server starting up (57P03)', serverError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', serverError('53300', 'sorry, too many clients already')],
    ['a connection exception (08006)', serverError('08006', 'connection failure')],
    [
      "Prisma's adapter wrapping a refused connection",
      Object.assign(new Error("Raw query failed. Message: `Can't reach database server at 127.0.0.1:5432`"), {
        name: 'PrismaClientKnownRequestError',
        code: 'P2010',
        meta: {
          driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } },
        },
      }),
    ],
    ['a cause chain', new Error('booking failed', { cause: socketError('ETIMEDOUT') })],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is true for a server that accepts the connection and never answers (a hung server, a network dropping packets)', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 200 });
      const error = await client.connect().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    } finally {
      silent.close();
    }
  });

  it.each([
    ['a constraint violation (23P01)', serverError('23P01', 'conflicting key value violates exclusion constraint')],
    ['a syntax error (42601)', serverError('42601', 'syntax error at or near "SELEC"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["Prisma's unique violation", Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })],
    ['not an error at all', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
