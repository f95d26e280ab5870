import { anyErrorEnvelope, type AnyErrorCode } from '@humantime/contract/dashboard';
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface HttpLimits {
  /** The whole request head (request line and headers) must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
}

/**
 * The API's HTTP server: the app behind the limits a hostile or broken client meets before
 * Express sees anything.
 * - Slow clients (slowloris): the head within `headersTimeoutMs`, the whole request within
 *   `requestTimeoutMs`, checked every second (Node's default check runs every 30 s); a
 *   client past either has its socket closed.
 * - A request Node cannot parse (a garbage request line, a bad header, headers over 16 KiB)
 *   gets the error envelope and a closed connection, instead of Node's bare 400; bytes that
 *   cannot be parsed after a request being answered close the connection after that answer.
 * - A client that half-closes its side once it has sent its request (`shutdown(SHUT_WR)`)
 *   still gets the answer (Node would close at once, losing any answer not yet written).
 * - A request target that is not a URL (`GET http://[::1`) gets 404 NOT_FOUND in the
 *   envelope, instead of Express's HTML page.
 */
export function createHttpServer(app: RequestListener, limits: HttpLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (req, res) => {
      if (!isUrl(req.url)) return send(res, 'NOT_FOUND', 'No such resource: the request target is not a valid URL.');
      app(req, res);
    },
  );
  server.on('clientError', answerClientError);
  // Node's own switch (its net server is half-open already): on a client's FIN, mark the
  // answer in flight as the last one instead of closing the socket under it.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return server;
}

/** Whether Express can route the target: a path, or an absolute URL (which it reads the path of). */
function isUrl(target: string | undefined): boolean {
  if (!target) return false;
  if (target.startsWith('/')) return true;
  try {
    new URL(target);
    return true;
  } catch {
    return false;
  }
}

function send(res: ServerResponse, code: AnyErrorCode, message: string) {
  const body = anyErrorEnvelope(code, message);
  res.writeHead(body.error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Request-Id': `req_${randomUUID()}`,
    Connection: 'close',
  });
  res.end(JSON.stringify(body));
}

/**
 * Node emits 'clientError' for a request it cannot parse and for one that timed out; there
 * is no response object then, so the answer is written to the socket by hand. A timed-out
 * or reset client just has its socket closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  const parseError = error.code?.startsWith('HPE_') ?? false;
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (parseError && inFlight && socket.writable) {
    // What cannot be parsed came after a request still being answered (bytes past its
    // Content-Length): that answer goes out first, then the connection closes.
    if (!inFlight.headersSent) inFlight.shouldKeepAlive = false;
    inFlight.once('finish', () => socket.end());
    return;
  }
  if (!parseError || !socket.writable || inFlight) {
    socket.destroy();
    return;
  }
  const [code, message]: [AnyErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['PAYLOAD_TOO_LARGE', 'The request headers exceed 16 KiB.']
      : ['VALIDATION_ERROR', 'The request is not valid HTTP/1.1 (request line or headers malformed).'];
  const envelope = anyErrorEnvelope(code, message);
  const body = JSON.stringify(envelope);
  const status = envelope.error.status;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `X-Request-Id: req_${randomUUID()}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
