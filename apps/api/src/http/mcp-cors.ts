import type { RequestHandler } from 'express';

/** What a browser-based MCP client must read from an answer: the 401's challenge and the MCP headers. */
const EXPOSED = 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version';
/** What it sends: its token, the JSON-RPC body, and the MCP headers of the Streamable HTTP transport. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';

/**
 * CORS for /mcp, for the browser-based MCP clients of the origins configured
 * (MCP_ALLOWED_ORIGINS), ahead of authentication so that even a 401 (whose WWW-Authenticate
 * starts the OAuth flow) is readable there. Other origins get no CORS headers, and the
 * transport's DNS-rebinding check refuses their requests (mcp-endpoint.ts). No credentials
 * mode: the caller's token travels in Authorization, never in a cookie.
 */
export function mcpCors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.header('origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (req.method !== 'OPTIONS') return next();
    res
      .status(204)
      .set({
        'Access-Control-Allow-Methods': 'POST, GET, DELETE',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      })
      .end();
  };
}
