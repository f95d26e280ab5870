import type { Request, RequestHandler } from 'express';
import type { Config } from '../config.js';
import { mayWrite } from '../services/oauth/oauth-policy.js';
import { Gate } from '../lib/gate.js';
import { asyncHandler } from './async-handler.js';
import { mcpCallerOf } from './mcp-authentication.js';
import { publicBaseUrl } from './public-base-url.js';
import type { Delegations } from './mcp-delegation.js';

/**
 * The API's own base URL as the request reached it: the local address and port of this
 * very connection, so the MCP tools call back into this process over loopback whatever
 * port it listens on (tests bind port 0) and however it is proxied from outside.
 */
function selfBaseUrl(req: Request): string {
  const { localAddress, localPort } = req.socket;
  let host = (localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  if (host === '::' || host === '0.0.0.0') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${localPort}`;
}

/**
 * POST /mcp: the MCP Streamable HTTP transport, stateless. Every request gets a fresh
 * server and transport (no session id), so any number of API processes can answer any
 * request. Authentication already ran (mcp-authentication.ts), and the tools reach the API
 * only through @humantime/sdk: with the caller's own key, or for an OAuth grant with a
 * delegation that lives as long as this request (mcp-delegation.ts). Either way /mcp can do
 * exactly what /v1 allows that organization and nothing more: same tenant scoping, limits,
 * quota and logs. A grant with humantime.read only gets the write tools' refusal.
 */
export function mcpEndpoint(delegations: Delegations, config: Config['mcp']): RequestHandler {
  const { concurrency } = config;
  // Each request builds a server with every tool: a burst of them waits here for a place
  // instead of filling the heap (300 at once used to end the process).
  const gate = new Gate(concurrency);
  // Loaded on the first /mcp request: the MCP SDK is a large share of the process's resident
  // memory (docs/decisions/0028-mcp.md), which a process that never serves MCP should not carry.
  let modules:
    | Promise<
        [
          typeof import('@humantime/mcp'),
          typeof import('@humantime/sdk'),
          typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
        ]
      >
    | undefined;
  return asyncHandler(async (req, res) => {
    const leave = await gate.enter();
    res.on('close', leave);
    // The caller went away while it waited: nothing to answer.
    if (req.socket.destroyed) return leave();
    modules ??= Promise.all([
      import('@humantime/mcp'),
      import('@humantime/sdk'),
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    ]);
    const [{ createHumantimeMcpServer }, { Humantime }, { StreamableHTTPServerTransport }] = await modules;
    const caller = mcpCallerOf(res.locals);
    const credential = caller.kind === 'key' ? caller.key : delegations.open(caller.caller);
    const client = new Humantime({ apiKey: credential, baseUrl: selfBaseUrl(req), maxRetries: 0 });
    const server = createHumantimeMcpServer(client, { readOnly: caller.kind === 'grant' && !mayWrite(caller.caller.scopes) });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // The Streamable HTTP transport's rule against DNS rebinding: a request a browser sends
      // from a page of another origin (its Origin header) is refused with 403; agent apps
      // send none. Only PUBLIC_URL's origin is this service's own (never the Host header,
      // which a rebinding page controls), beside the browser clients' origins configured.
      enableDnsRebindingProtection: true,
      allowedOrigins: [new URL(publicBaseUrl(req)).origin, ...config.allowedOrigins],
    });
    res.on('close', () => {
      if (caller.kind === 'grant') delegations.close(credential);
      // Closing what answered already cannot fail in a way the caller could hear of; a
      // rejection left unhandled would end the process.
      transport.close().catch(() => {});
      server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
}

/**
 * GET and DELETE /mcp: a stateless server keeps no stream to resume and no session to end.
 * 405 is what the MCP specification asks for; the body is a JSON-RPC error, as the client expects.
 */
export const mcpMethodNotAllowed: RequestHandler = (_req, res) => {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC requests with POST.' },
      id: null,
    });
};
