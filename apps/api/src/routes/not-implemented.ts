import { AppError } from '../lib/app-error.js';

/**
 * Handler for a route the contract declares but the server does not serve yet: a clear
 * 501 envelope instead of a 404 or a crash.
 */
export function notImplemented(route: string) {
  return async (): Promise<never> => {
    throw new AppError('NOT_IMPLEMENTED', `${route} is not implemented yet.`);
  };
}
