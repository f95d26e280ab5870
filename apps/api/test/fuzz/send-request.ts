import { request, type Agent } from 'node:http';
import type { FuzzRequest } from './fuzz-requests.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends the request as written, over a kept-alive connection: node:http rather than fetch,
 * because fetch folds repeated headers into one and re-encodes bodies.
 */
export function sendRequest(agent: Agent, base: URL, req: FuzzRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body, 'latin1');
    // With headers as a list node adds no Host, and an HTTP/1.1 request without one is 400.
    const headers = ['Host', base.host, ...req.headers.flat()];
    if (body) headers.push('Content-Length', String(body.length));
    const outgoing = request({ agent, host: base.hostname, port: base.port, method: req.method, path: req.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
