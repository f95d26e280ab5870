import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * An async Express handler whose rejection goes to the error handler. Express 4 ignores the
 * promise a handler returns, so a rejection there would be unhandled (and end the process).
 */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}
