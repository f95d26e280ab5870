// The dashboard's codes (sign-in, CSRF) travel in the same envelope as the public ones.
import { anyErrorEnvelope, type AnyErrorCode } from '@humantime/contract/dashboard';
import { RequestValidationError } from '@ts-rest/express';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable, unavailableCause } from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';
import type { Logger } from '../lib/logger.js';
import { bodyUnread } from './json-body.js';
import { loggedPath } from './request-context.js';

interface Refusal {
  code: AnyErrorCode;
  message: string;
  headers?: Record<string, string>;
}

const refusal = (code: AnyErrorCode, message: string): Refusal => ({ code, message });

/** How many offending fields a VALIDATION_ERROR message names before "and N more". */
const MAX_NAMED_FIELDS = 20;

/**
 * "name: Required; availability.work_end: must be after work_start": each offending field
 * named, an unknown key each on its own.
 */
function fieldProblems(error: ZodError, root: string): string[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.length ? issue.path.join('.') : root;
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${path === root ? key : `${path}.${key}`}: unknown field`);
    }
    return [`${path}: ${issue.message}`];
  });
}

/** The first MAX_NAMED_FIELDS problems, then "and N more". */
function capped(problems: string[]): string {
  const named = problems.slice(0, MAX_NAMED_FIELDS).join('; ');
  const more = problems.length - MAX_NAMED_FIELDS;
  return more > 0 ? `${named}; and ${more} more` : named;
}

/** Path ids whose resource goes by another name than the parameter's (as its own 404 says). */
const PATH_ENTITIES: Record<string, string> = { grant_id: 'Connected app' };

function fromValidation(err: RequestValidationError): Refusal {
  if (err.pathParams) {
    // A malformed id cannot name an existing resource: same answer as an unknown one.
    const param = String(err.pathParams.issues[0]?.path[0] ?? 'resource');
    const what = PATH_ENTITIES[param] ?? param.replace(/_id$/, '').replace(/^\w/, (c) => c.toUpperCase());
    return refusal('NOT_FOUND', `${what} not found.`);
  }
  const problems = [
    ...(err.headers ? fieldProblems(err.headers, 'headers') : []),
    ...(err.query ? fieldProblems(err.query, 'query') : []),
    ...(err.body ? fieldProblems(err.body, 'body') : []),
  ];
  return refusal('VALIDATION_ERROR', `Invalid request: ${capped(problems)}`);
}

/** 413 naming the limit the body passed: body-parser's own (`limit`, bytes) where it set one, else the API's 1 MiB. */
function tooLarge(err: unknown): Refusal {
  const limit = (err as { limit?: unknown }).limit;
  const size =
    typeof limit === 'number' && limit > 0 && limit !== 1024 * 1024
      ? limit % 1024 === 0
        ? `${limit / 1024} KiB`
        : `${limit} bytes`
      : '1 MiB';
  return refusal('PAYLOAD_TOO_LARGE', `The request body exceeds ${size}.`);
}

function classify(err: unknown): Refusal | undefined {
  if (err instanceof AppError) {
    const { code, message, headers } = err as AppError;
    return { code, message, headers };
  }
  if (err instanceof RequestValidationError) return fromValidation(err);
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return tooLarge(err);
  if (type === 'entity.parse.failed') return refusal('VALIDATION_ERROR', 'body: not valid JSON.');
  // null, a number or a string: JSON, but not the object every body is.
  if (type === 'entity.not.object') return refusal('VALIDATION_ERROR', 'body: must be a JSON object.');
  if (type === 'entity.too.complex' || type === 'entity.not.charset') return refusal('VALIDATION_ERROR', (err as Error).message);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return refusal('VALIDATION_ERROR', 'body: unsupported encoding; send UTF-8 JSON.');
  }
  if (type === 'request.aborted') return refusal('VALIDATION_ERROR', 'body: the request was aborted.');
  return fromHttpError(err);
}

/**
 * Express and body-parser report other client mistakes as http-errors with a 4xx status
 * (found by the fuzzer: a gzip Content-Encoding over a plain body, a path that is not valid
 * percent-encoding). They are the client's, so never a 500; anything else stays unknown.
 */
function fromHttpError(err: unknown): Refusal | undefined {
  const { status, expose, message } = (err ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  // Express's own URIError for a path parameter; it does not set `expose`.
  if (err instanceof URIError && String(message).startsWith('Failed to decode param')) {
    // A path that does not decode cannot name an existing resource (like a malformed id).
    return refusal('NOT_FOUND', 'No such resource: the path is not valid percent-encoded UTF-8.');
  }
  if (expose !== true) return undefined;
  if (status === 413) return tooLarge(err);
  return refusal('VALIDATION_ERROR', `body: could not be read (${String(message)}); send UTF-8 JSON, optionally gzip or deflate encoded.`);
}

/**
 * 503 SERVICE_UNAVAILABLE, retried after a second. A write cut off mid-way either committed or
 * did not; a booking retried with the same Idempotency-Key answers the booking that was made,
 * or makes it once.
 */
const DATABASE_UNAVAILABLE: Refusal = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service cannot reach its database right now. Retry in a moment; retry a booking with the same Idempotency-Key.',
  headers: { 'Retry-After': '1' },
};

/** Every error, known or not, leaves as the error envelope; a crash is logged, never shown. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    let result = classify(err);
    if (!result && isDatabaseUnavailable(err)) {
      // A restart or failover, not a bug: one short line, no stack, and a retryable answer.
      logger.warn(
        {
          request_id: res.locals.requestId,
          method: req.method,
          path: loggedPath(req.originalUrl.split('?')[0]!),
          cause: unavailableCause(err),
        },
        'database unavailable',
      );
      result = DATABASE_UNAVAILABLE;
    }
    if (!result) {
      logger.error(
        { err, request_id: res.locals.requestId, method: req.method, path: loggedPath(req.originalUrl.split('?')[0]!) },
        'unhandled error',
      );
      result = refusal('INTERNAL_ERROR', 'Something went wrong on our side. It was logged; retry later.');
    }
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    // Every SERVICE_UNAVAILABLE says when to retry, whichever part could not be reached.
    if (result.code === 'SERVICE_UNAVAILABLE' && !res.hasHeader('Retry-After'))
      res.setHeader('Retry-After', DATABASE_UNAVAILABLE.headers!['Retry-After']!);
    // Answered before the body was read to its end (refused before reading, or past 1 MiB):
    // close the connection rather than read and discard whatever the client still sends.
    if (bodyUnread(req)) res.setHeader('Connection', 'close');
    // For the metrics middleware, which counts refused bookings by code.
    res.locals.errorCode = result.code;
    const body = anyErrorEnvelope(result.code, result.message);
    res.status(body.error.status).json(body);
  };
}

export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No route ${req.method} ${req.originalUrl.split('?')[0]}.`));
};
