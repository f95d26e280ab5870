import type { LookupFunction } from 'node:net';
import { resolveAddresses, type AddressResolver } from '../../lib/resolve-addresses.js';
import { internalAddressKind } from '../webhooks/internal-addresses.js';

/** Thrown into the socket when a name resolves to an internal address. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

/**
 * A `lookup` for http.request that resolves the name itself and refuses the connection when
 * any address is internal. The socket then connects to exactly the addresses checked here,
 * so a DNS answer that changes between registration and delivery (rebinding) cannot
 * smuggle a request into our network. Every outbound request to a customer-supplied URL
 * (webhook deliveries, calendar reads) connects through it.
 */
export function guardedLookup(resolve: AddressResolver = resolveAddresses): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (err: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;
    resolve(hostname).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        for (const { address } of all) {
          const kind = internalAddressKind(address);
          if (kind) {
            done(new BlockedAddressError(`refused: ${hostname} resolves to ${address}, an internal address (${kind})`));
            return;
          }
        }
        const first = wanted[0];
        if (!first) {
          done(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }));
          return;
        }
        if (options.all) done(null, wanted);
        else done(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => done(error),
    );
  };
}
