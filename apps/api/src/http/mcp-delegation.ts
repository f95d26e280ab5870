import { randomBytes } from 'node:crypto';
import type { TokenCaller } from '../services/oauth/access-tokens.js';

export const DELEGATION_PREFIX = 'htd_';

/**
 * How an MCP tool called under an OAuth token reaches /v1 without a key: the /mcp request
 * opens a delegation, a random credential that lives in this process's memory for as long as
 * that request runs, and the tools' SDK client sends it to this same process over loopback
 * (mcp-endpoint.ts). `authenticate` resolves it to the grant's organization and charges the
 * organization's key bucket, so /v1's scoping, limits, quota and logs apply unchanged. It is
 * never stored, never leaves the host, and is worthless to any other process or after the
 * request ends.
 */
export class Delegations {
  private readonly live = new Map<string, TokenCaller>();

  open(caller: TokenCaller): string {
    const credential = DELEGATION_PREFIX + randomBytes(32).toString('base64url');
    this.live.set(credential, caller);
    return credential;
  }

  resolve(credential: string): TokenCaller | undefined {
    return this.live.get(credential);
  }

  close(credential: string): void {
    this.live.delete(credential);
  }
}
