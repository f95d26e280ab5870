import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Every address a host name resolves to. The one DNS seam of the service: webhook
 * registration checks these addresses, and delivery connects only to addresses it checked.
 * Injectable, so tests need no DNS.
 */
export type AddressResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveAddresses: AddressResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });
