import { ANY_ERROR_STATUS, type AnyErrorCode } from '@humantime/contract/dashboard';

/**
 * The one error type services throw. The Express error handler turns it (and anything
 * else) into the error envelope, so handlers never set error statuses themselves.
 */
export class AppError<C extends AnyErrorCode = AnyErrorCode> extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: C,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ANY_ERROR_STATUS[code];
    this.headers = headers;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
