import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { RequestHandler } from 'express';
import { OAUTH_SCOPES } from '@humantime/contract/dashboard';
import { resourceOf } from '../../services/oauth/oauth-policy.js';
import { publicBaseUrl } from '../public-base-url.js';

export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';

/** Where a 401 from /mcp points (RFC 9728 §5.1): the metadata of the /mcp resource. */
export const resourceMetadataUrl = (baseUrl: string) => `${baseUrl}${PROTECTED_RESOURCE_METADATA_PATH}/mcp`;

/** RFC 9728: /mcp is the protected resource, and this service its authorization server. */
export function protectedResourceMetadata(baseUrl: string): OAuthProtectedResourceMetadata {
  return {
    resource: resourceOf(baseUrl),
    authorization_servers: [baseUrl],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'humantime',
    resource_documentation: `${baseUrl}/docs`,
  };
}

/**
 * RFC 8414, with the MCP specification's client ID metadata documents (2025-11-25) and RFC 9207's
 * `iss` on every authorization response.
 */
export function authorizationServerMetadata(
  baseUrl: string,
): OAuthMetadata & { client_id_metadata_document_supported: boolean; authorization_response_iss_parameter_supported: boolean } {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    registration_endpoint: `${baseUrl}/oauth/register`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${baseUrl}/docs`,
  };
}

/**
 * Metadata is public and read by browser-based clients too: any origin may fetch it, with the
 * headers such a client sends (MCP-Protocol-Version), after a preflight that says so.
 */
export function metadataEndpoint(build: (baseUrl: string) => object): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .status(204)
        .set({
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': req.header('access-control-request-headers') ?? '*',
          'Access-Control-Max-Age': '86400',
        })
        .end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(build(publicBaseUrl(req)));
  };
}
