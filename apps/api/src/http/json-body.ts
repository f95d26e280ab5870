import type { Request, RequestHandler } from 'express';
import type { Readable, Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createGunzip, createInflate } from 'node:zlib';
import { jsonBoundsExceeded } from './json-bounds.js';

/**
 * A request body problem, for error-handler.ts: `type` names it as body-parser's errors do
 * (entity.too.large, entity.parse.failed, ...), so one classification serves both.
 */
export class BodyError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Whether the request carries a body (chunked, or with a Content-Length), as type-is judges it. */
export const hasBody = (req: Pick<Request, 'headers'>) =>
  req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number.parseInt(req.headers['content-length'] ?? '', 10));

/** A body the server has not read to its end (answered before reading it, or refused midway). */
export const bodyUnread = (req: Request) => hasBody(req) && !req.readableEnded;

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;
// JSON's whitespace is space, tab, line feed and carriage return.
const FIRST_CHAR = /^[ \t\n\r]*(.)/;

/**
 * Reads every request body as JSON, whatever its Content-Type (so a mislabelled body is a
 * clear 422, not an empty body that slips through), gzip or deflate encoded or not, in any
 * UTF charset TextDecoder knows. Unlike express.json (body-parser), a body past `limitBytes`
 * is refused the moment the limit is passed, announced or not, and the rest is never read:
 * body-parser reads an oversized body to its end before it answers, which for an endless
 * chunked body is never. The error handler then closes the connection. A body within the
 * limit is bounded in shape (json-bounds.ts) before it is parsed. Without a body, `req.body`
 * is `{}`, as with body-parser.
 */
export function jsonBody(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    req.body = {};
    if (!hasBody(req)) return next();
    const charset = (CHARSET.exec(req.headers['content-type'] ?? '')?.[1] ?? 'utf-8').toLowerCase();
    let decoder: TextDecoder;
    try {
      if (!charset.startsWith('utf-')) throw new Error(charset);
      // Fatal: bytes that are not the charset are refused, not stored as U+FFFD.
      decoder = new TextDecoder(charset, { fatal: true });
    } catch {
      return next(new BodyError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`));
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    let stream: Readable;
    let inflater: Transform | undefined;
    if (encoding === 'identity') {
      const declared = Number(req.headers['content-length']);
      if (declared > limitBytes) return next(new BodyError(413, 'entity.too.large', 'request entity too large'));
      stream = req;
    } else if (encoding === 'gzip' || encoding === 'deflate') {
      inflater = encoding === 'gzip' ? createGunzip() : createInflate();
      stream = req.pipe(inflater);
    } else {
      return next(new BodyError(415, 'encoding.unsupported', `unsupported content encoding "${encoding}"`));
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = (error?: Error, body?: unknown) => {
      if (done) return;
      done = true;
      stream.off('data', onData);
      if (error) {
        // Stop reading: the answer goes out with Connection: close and the socket is closed.
        if (inflater) {
          req.unpipe(inflater);
          inflater.destroy();
        }
        req.pause();
        return next(error);
      }
      req.body = body;
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) return finish(new BodyError(413, 'entity.too.large', 'request entity too large'));
      chunks.push(chunk);
    };
    stream.on('data', onData);
    // A body that does not inflate: named as it is (error-handler.ts, fromHttpError).
    stream.once('error', (error: Error) => finish(new BodyError(400, 'entity.unreadable', error.message)));
    req.once('aborted', () => finish(new BodyError(400, 'request.aborted', 'request aborted')));
    stream.once('end', () => {
      if (done) return;
      let text: string;
      try {
        text = decoder.decode(Buffer.concat(chunks, received));
      } catch {
        return finish(new BodyError(400, 'entity.not.charset', `body: not valid ${charset.toUpperCase()}.`));
      }
      if (text.trim() === '') return finish(undefined, {});
      const tooComplex = jsonBoundsExceeded(text);
      if (tooComplex) return finish(new BodyError(422, 'entity.too.complex', tooComplex));
      // Strict, as express.json({ strict: true }): only an object or an array.
      const first = FIRST_CHAR.exec(text)?.[1];
      if (first !== '{' && first !== '[') return finish(new BodyError(400, 'entity.not.object', 'not a JSON object or array'));
      try {
        finish(undefined, JSON.parse(text));
      } catch (error) {
        finish(new BodyError(400, 'entity.parse.failed', (error as Error).message));
      }
    });
  };
}
