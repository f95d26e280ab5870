import { contract, ERROR_CODES, ERROR_STATUS } from '@humantime/contract';
import { generateOpenApi } from '@ts-rest/open-api';

export type OpenApiDocument = ReturnType<typeof generateOpenApi>;
type OperationMapper = NonNullable<NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper']>;
type Operation = Parameters<OperationMapper>[0];
type Response = { description?: string; content?: Record<string, { schema?: object }> };

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No Content',
};

const DESCRIPTION = `The humantime API lets software agents book time with real people.

Authenticate every /v1 request with \`Authorization: Bearer sk_live_...\`; a missing or invalid key is 401 UNAUTHORIZED.

Every error is \`{"error": {"code", "message", "status"}}\`. Branch on \`code\`, which is stable; \`message\` may change and names every offending field for VALIDATION_ERROR. 401, 404 and 422 are not transient: do not retry them unchanged.

Lists are \`{"data": [...], "next_cursor": string | null}\`, newest first; pass \`limit\` (1-100, default 50) and the previous \`next_cursor\` as \`cursor\`.

Timestamps in responses are ISO 8601 UTC with Z; request timestamps may carry any offset.

Agents over MCP: the same service is an MCP server at \`/mcp\`. An agent app that connects by URL needs only that URL (this host followed by \`/mcp\`): it finds the sign-in from the 401's \`WWW-Authenticate\` header (OAuth 2.1: \`/.well-known/oauth-protected-resource/mcp\`, \`/.well-known/oauth-authorization-server\`, PKCE S256, dynamic registration or a client ID metadata document), and the person allows it on a humantime page. Its tokens work on \`/mcp\` only (\`/v1\` answers 401 to them) and count in the organization's rate limit and quota. An API key still works on \`/mcp\` (\`Authorization: Bearer sk_live_...\`) and over stdio (\`npx @humantime/mcp\` with \`HUMANTIME_API_KEY\`).`;

const TAGS = [
  { name: 'humans', description: 'People whose time can be booked, their weekly schedule and their open slots.' },
  { name: 'overrides', description: "Block or open time on top of the weekly schedule, in the human's timezone." },
  { name: 'bookings', description: 'Confirmed meetings in slots; cancelling frees the slot.' },
  {
    name: 'webhooks',
    description:
      'Endpoints told about booking.confirmed and booking.cancelled. Deliveries are signed: X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.',
  },
  { name: 'usage', description: "The organization's monthly booking quota." },
];

/** Codes that can come with each HTTP status, e.g. 409 -> SLOT_UNAVAILABLE, WEBHOOK_URL_TAKEN. */
function codesByStatus(): Map<string, string[]> {
  const byStatus = new Map<string, string[]>();
  for (const code of ERROR_CODES) {
    const status = String(ERROR_STATUS[code]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

function build(): OpenApiDocument {
  const codes = codesByStatus();
  // ts-rest inlines the envelope into every error response of every operation; it is kept
  // once under components and referenced, which keeps the document much smaller.
  let errorEnvelopeSchema: object | undefined;

  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'humantime API',
        version: '1',
        description: DESCRIPTION,
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The organization\'s API key, "sk_live_" followed by 40 base62 characters.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation: Operation): Operation => {
        const responses: Record<string, Response> = {};
        for (const [status, response] of Object.entries(operation.responses) as [string, Response][]) {
          if (Number(status) < 400) {
            responses[status] = { ...response, description: SUCCESS_DESCRIPTIONS[status] ?? response.description };
            continue;
          }
          errorEnvelopeSchema ??= response.content?.['application/json']?.schema;
          responses[status] = {
            description: `Error. Codes with this status: ${(codes.get(status) ?? []).join(', ')}.`,
            content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } },
          };
        }
        return {
          ...operation,
          // Node lower-cases header names; the docs show the conventional spelling.
          parameters: operation.parameters?.map((p) =>
            'in' in p && p.in === 'header' && p.name === 'idempotency-key' ? { ...p, name: 'Idempotency-Key' } : p,
          ),
          responses,
        };
      },
    },
  );

  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(errorEnvelopeSchema && { ErrorEnvelope: errorEnvelopeSchema }) },
  };
  return document;
}

let cached: OpenApiDocument | undefined;

/** The OpenAPI 3 document of the /v1 contract, served at /openapi.json. Built once. */
export function buildOpenApiDocument(): OpenApiDocument {
  cached ??= build();
  return cached;
}
