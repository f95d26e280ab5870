import { contract } from '@humantime/contract';
import { isAppRouteOtherResponse, isZodType, type AppRoute } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { GUIDES } from './docs/guide-list.js';
import { INTRODUCTION, introductionWithGuides, TAGS } from './openapi/document-text.js';
import { errorResponse } from './openapi/error-responses.js';
import { OPERATION_ENTITIES, TAG_ENTITIES, type Entity } from './openapi/example-values.js';
import { toJsonSchema2020, type JsonSchema } from './openapi/json-schema-2020.js';
import { operationParameters, type Parameter } from './openapi/parameters.js';
import { ICS_EXAMPLE, REQUEST_EXAMPLES, RESPONSE_PATCHES } from './openapi/request-examples.js';
import { RESPONSE_HEADERS, responseHeaders } from './openapi/response-headers.js';
import { sampleSchema } from './openapi/sample-schema.js';
import { webhooksObject } from './openapi/webhooks.js';

// /openapi.json: the OpenAPI 3.1 document of the /v1 contract. @ts-rest/open-api writes
// OpenAPI 3.0 from the zod schemas; this turns it into 3.1 (JSON Schema 2020-12), names the
// error envelope once, and adds what the contract cannot say: examples, tags, the license and
// the server. docs/decisions/0046-api-reference-and-guides.md says why.

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  [extension: string]: unknown;
}

interface MediaType {
  schema?: JsonSchema;
  examples?: Record<string, { summary: string; value: unknown }>;
}

interface Response {
  description: string;
  headers?: Record<string, object>;
  content?: Record<string, MediaType>;
}

type GeneratedOperation = Record<string, unknown> & {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content' };

function entityOf(operationId: string, tag: string): Entity {
  return OPERATION_ENTITIES[operationId] ?? TAG_ENTITIES[tag] ?? 'human';
}

/** Deep merge of a patch into an example answer (objects merge, anything else replaces). */
function patched(value: unknown, patch: Record<string, unknown> | undefined): unknown {
  if (!patch || typeof value !== 'object' || value === null) return value;
  return { ...value, ...patch };
}

function successResponse(
  status: string,
  response: Response | undefined,
  context: { route: AppRoute; operationId: string; entity: Entity },
) {
  const declared = context.route.responses[Number(status)];
  const description = SUCCESS_DESCRIPTIONS[status] ?? response?.description ?? 'OK';
  if (declared !== undefined && isAppRouteOtherResponse(declared)) {
    // ts-rest leaves a non-JSON answer (the .ics file) without content; say what it is.
    const schema = isZodType(declared.body) ? { type: 'string', description: declared.body.description } : { type: 'string' };
    return {
      description,
      content: { [declared.contentType]: { schema, examples: { invite: { summary: 'An invite', value: ICS_EXAMPLE } } } },
    };
  }
  const media = response?.content?.['application/json'];
  if (!media?.schema) return { description };
  const schema = toJsonSchema2020(media.schema);
  const value = patched(sampleSchema(schema, { entity: context.entity }), RESPONSE_PATCHES[context.operationId]);
  return { description, content: { 'application/json': { schema, examples: { example: { summary: description, value } } } } };
}

function mapOperation(generated: GeneratedOperation, route: AppRoute): Operation {
  const operationId = generated.operationId;
  const tag = operationId.split('.')[0]!;
  const entity = entityOf(operationId, tag);
  const responses: Record<string, Response> = {};
  const idempotent = (generated.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  for (const [status, response] of Object.entries(generated.responses)) {
    const answer: Response =
      Number(status) >= 400
        ? errorResponse(Number(status), { description: route.description, entity })
        : successResponse(status, response as Response, { route, operationId, entity });
    responses[status] = { ...answer, headers: { ...responseHeaders(Number(status), { idempotent }), ...answer.headers } };
  }
  const body = generated.requestBody?.content?.['application/json']?.schema;
  const examples = REQUEST_EXAMPLES[operationId];
  const { requestBody: _generatedBody, ...rest } = generated;
  return {
    ...rest,
    operationId,
    summary: route.summary ?? operationId,
    description: route.description ?? route.summary ?? operationId,
    tags: [tag],
    parameters: operationParameters(generated.parameters, { route, entity }),
    ...(body && {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: toJsonSchema2020(body),
            examples: examples ?? {
              example: { summary: 'Request body', value: sampleSchema(toJsonSchema2020(body), { entity, requiredOnly: true }) },
            },
          },
        },
      },
    }),
    responses,
  };
}

function build(): OpenApiDocument {
  // ts-rest inlines the error envelope into every error response; the first one is kept
  // under components and every error response refers to it.
  let envelope: JsonSchema | undefined;
  const generated = generateOpenApi(
    contract,
    {
      info: {
        title: 'humantime API',
        version: '1',
        description: INTRODUCTION,
        license: { name: 'MIT', identifier: 'MIT' },
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
      operationMapper: (operation, route) => {
        const generatedOperation = operation as GeneratedOperation;
        envelope ??= Object.entries(generatedOperation.responses).find(([status]) => Number(status) >= 400)?.[1].content?.[
          'application/json'
        ]?.schema;
        return mapOperation(generatedOperation, route) as unknown as typeof operation;
      },
    },
  ) as unknown as OpenApiDocument;

  return {
    ...generated,
    openapi: '3.1.0',
    webhooks: webhooksObject(),
    components: {
      ...generated.components,
      schemas: { ...generated.components?.schemas, ...(envelope && { ErrorEnvelope: toJsonSchema2020(envelope) }) },
      headers: RESPONSE_HEADERS,
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The document without `servers` (the same for every caller). Built once. */
export function buildOpenApiDocument(): OpenApiDocument {
  cached ??= build();
  return cached;
}

/**
 * The document as served to a caller: its one server is `base` (PUBLIC_URL, by default
 * http://127.0.0.1 and the port: http/public-base-url.ts), and the guides are linked there.
 */
export function openApiDocumentFor(base: string): OpenApiDocument {
  const { openapi, info, ...rest } = buildOpenApiDocument();
  return {
    openapi,
    info: { ...info, description: introductionWithGuides(base, GUIDES) },
    servers: [{ url: base, description: 'This server' }],
    ...rest,
  };
}
