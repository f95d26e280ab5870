import type { Request } from 'express';

/** A host, with an optional port: a name, an IPv4 address or a bracketed IPv6 one. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const firstOf = (value: string | undefined) => value?.split(',')[0]?.trim();

/**
 * The API's public base URL as the caller reached it, for links it hands out (a calendar
 * feed's URL). The service has no configured address of its own: the dashboard's invite links
 * are built by the CLI from the address it was given, and the session cookie reads the scheme
 * from the request the same way as here. So: https when TLS ended here or at a proxy that says
 * so in X-Forwarded-Proto, and the host the proxy forwarded (X-Forwarded-Host) or the Host
 * header. A forged header only misleads the caller who sent it: the link goes back to them.
 * A missing or malformed host falls back to this connection's own address.
 */
export function publicBaseUrl(req: Request): string {
  const https = req.secure || firstOf(req.header('x-forwarded-proto')) === 'https';
  const host = [firstOf(req.header('x-forwarded-host')), req.header('host')].find((h) => h !== undefined && HOST.test(h));
  return `${https ? 'https' : 'http'}://${host ?? localHost(req)}`;
}

function localHost(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}
