import { ERROR_STATUS, type ErrorCode } from '@humantime/contract';

/**
 * The one error type services throw. The Express error handler turns it (and anything
 * else) into the SPEC envelope, so handlers never set error statuses themselves.
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
