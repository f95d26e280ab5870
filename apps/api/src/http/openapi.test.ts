import { contract, ERROR_CODES, ERROR_STATUS, ErrorEnvelopeSchema, WebhookEventSchema } from '@humantime/contract';
import { adminContract } from '@humantime/contract/admin';
import { Humantime } from '@humantime/sdk';
import {
  extractZodObjectShape,
  isAppRoute,
  isAppRouteOtherResponse,
  isZodObject,
  isZodType,
  type AppRoute,
  type AppRouter,
} from '@ts-rest/core';
import type { AnyZodObject, ZodTypeAny } from 'zod';
import { describe, expect, it } from 'vitest';
import { GUIDES } from './docs/guide-list.js';
import { buildOpenApiDocument, openApiDocumentFor } from './openapi.js';

function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[`${prefix}${key}`, value] as [string, AppRoute]] : routesOf(value, `${prefix}${key}.`),
  );
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

type Examples = Record<string, { summary: string; value: unknown }>;
type Media = { schema: Record<string, any>; examples?: Examples };
type Op = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: Record<string, any>; example?: unknown }[];
  requestBody?: { required: boolean; content: Record<string, Media> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> }>;
};
const doc = buildOpenApiDocument() as unknown as {
  openapi: string;
  info: { title: string; version: string; description: string; license: Record<string, string> };
  tags: { name: string; description: string }[];
  security: unknown;
  servers?: unknown;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, { properties?: Record<string, unknown> }> };
  paths: Record<string, Record<string, Op>>;
};
const operation = (route: AppRoute) => doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
const routes = routesOf(contract);

function shapeOf(schema: unknown): Record<string, ZodTypeAny> {
  return isZodObject(schema) ? (extractZodObjectShape(schema as AnyZodObject) as Record<string, ZodTypeAny>) : {};
}

describe('buildOpenApiDocument', () => {
  it('is OpenAPI 3.1 with the MIT license and bearer auth on every operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'humantime API', version: '1', license: { name: 'MIT', identifier: 'MIT' } });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('uses JSON Schema 2020-12 types: null in `type`, never `nullable` or a 3.0 `example`', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"nullable"');
    const booking = operation(contract.bookings.get)!.responses['200']!.content!['application/json']!.schema;
    expect(booking.properties.cancelled_at.type).toEqual(['string', 'null']);
    const check = operation(contract.humans.check)!.responses['200']!.content!['application/json']!.schema;
    expect(check.properties.code.type).toEqual(['string', 'null']);
    expect(check.properties.code.enum).toContain(null);
  });

  it('has every contract route, with its operationId, summary, description and the tag of its SDK resource', () => {
    expect(routes).toHaveLength(40);
    const client = new Humantime({ apiKey: `sk_live_${'a'.repeat(40)}`, baseUrl: 'http://127.0.0.1:1' }) as unknown as Record<
      string,
      unknown
    >;
    for (const [name, route] of routes) {
      const op = operation(route);
      expect(op, name).toBeDefined();
      expect(op?.operationId).toBe(name);
      expect(op?.summary).toBe(route.summary);
      expect(op?.description).toBe(route.description);
      const tag = name.split('.')[0]!;
      expect(op?.tags).toEqual([tag]);
      expect(client[tag], `client.${tag}`).toBeTypeOf('object');
    }
    expect(doc.tags.map((t) => t.name).sort()).toEqual(Object.keys(contract).sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S/);
    const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBe(routes.length);
  });

  it('documents path parameters, queries, headers and bodies', () => {
    const slots = operation(contract.humans.slots);
    expect(slots?.parameters?.map((p) => `${p.in}:${p.name}:${p.required ?? false}`)).toEqual([
      'path:human_id:true',
      'query:date_from:false',
      'query:date_to:false',
      'query:when:false',
      'query:duration:true',
    ]);
    expect(operation(contract.humans.list)?.parameters?.map((p) => `${p.name}:${p.required ?? false}`)).toEqual([
      'limit:false',
      'cursor:false',
    ]);
    const book = operation(contract.bookings.create);
    expect(book?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    expect(book?.requestBody?.required).toBe(true);
    expect(operation(contract.humans.delete)?.requestBody).toBeUndefined();
    // A query read through a transform still says what to send.
    expect(operation(contract.slots.forHumans)?.parameters?.find((p) => p.name === 'human_ids')).toMatchObject({
      schema: { type: 'string' },
      description: expect.stringContaining('Comma-separated'),
    });
  });

  // Every request schema sits behind the string rule's wrapper (a zod effect); the
  // document must still show the schema inside it, field by field, for every route.
  it('shows every request body field, query and path parameter through the string rule', () => {
    for (const [name, route] of routes) {
      const op = operation(route);
      const params = (op?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      for (const param of [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(params, `${name} path ${param}`).toContain(`path:${param}`);
      }
      for (const key of Object.keys(shapeOf(route.query))) expect(params, `${name} query ${key}`).toContain(`query:${key}`);
      if ('body' in route && isZodObject(route.body)) {
        const schema = op?.requestBody?.content['application/json']?.schema;
        const shape = shapeOf(route.body) as Record<string, { isOptional(): boolean }>;
        expect(Object.keys(schema?.properties ?? {}).sort(), name).toEqual(Object.keys(shape).sort());
        const required = Object.keys(shape).filter((key) => !shape[key]!.isOptional());
        expect([...(schema?.required ?? [])].sort(), name).toEqual(required.sort());
      }
    }
    const human = operation(contract.humans.create)!.requestBody!.content['application/json']!.schema;
    expect(human.properties.timezone).toMatchObject({ type: 'string' });
    const webhook = operation(contract.webhooks.create)!.requestBody!.content['application/json']!.schema;
    expect(webhook.properties.url).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048 });
  });

  it('declares every response status of the contract, each error as the shared envelope with an example per code', () => {
    expect(Object.keys(doc.components.schemas.ErrorEnvelope?.properties ?? {})).toEqual(['error']);
    for (const [name, route] of routes) {
      const responses = operation(route)?.responses ?? {};
      expect(Object.keys(responses).sort(), name).toEqual(Object.keys(route.responses).sort());
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const media = response.content?.['application/json'];
        expect(media?.schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        const examples = Object.entries(media?.examples ?? {});
        expect(examples.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const [code, example] of examples) {
          expect(response.description, `${name} ${status}`).toContain(code);
          const envelope = ErrorEnvelopeSchema.parse(example.value);
          expect(envelope.error).toMatchObject({ code, status: Number(status) });
          expect(ERROR_STATUS[envelope.error.code]).toBe(Number(status));
        }
      }
    }
    const book = operation(contract.bookings.create)!.responses;
    expect(Object.keys(book['409']!.content!['application/json']!.examples!)).toEqual(['SLOT_UNAVAILABLE']);
    expect(book['422']!.description).toContain('OUTSIDE_WORKING_HOURS');
    expect(book['429']!.headers).toHaveProperty('Retry-After');
    // Every route may meet a database outage (503 with Retry-After); none answers 501.
    for (const [name, route] of routes) {
      const responses = operation(route)!.responses;
      expect(Object.keys(responses), name).not.toContain('501');
      if (route.path.startsWith('/v1/')) {
        expect(responses['503']!.headers, name).toHaveProperty('Retry-After');
        expect(Object.keys(responses['503']!.content!['application/json']!.examples!), name).toEqual(['SERVICE_UNAVAILABLE']);
      }
    }
    expect(operation(contract.humans.delete)?.responses['204']).toMatchObject({ description: 'No Content' });
    expect(operation(contract.humans.delete)?.responses['204']?.content).toBeUndefined();
  });

  it('gives every operation an example, and every example is valid by the contract itself', () => {
    for (const [name, route] of routes) {
      const op = operation(route)!;
      let examples = 0;
      for (const parameter of op.parameters ?? []) {
        if (parameter.example === undefined) continue;
        examples++;
        const source = parameter.in === 'path' ? route.pathParams : parameter.in === 'query' ? route.query : route.headers;
        const field = shapeOf(source)[parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name];
        expect(field, `${name} ${parameter.name}`).toBeDefined();
        const sent = typeof parameter.example === 'string' ? parameter.example : JSON.stringify(parameter.example);
        expect(field!.safeParse(sent).success, `${name} ${parameter.name} = ${sent}`).toBe(true);
      }
      for (const example of Object.values(op.requestBody?.content['application/json']?.examples ?? {})) {
        examples++;
        const parsed = (route as { body: ZodTypeAny }).body.safeParse(example.value);
        expect(parsed.success, `${name} body ${example.summary}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400) continue;
        const declared = route.responses[Number(status)];
        for (const [type, media] of Object.entries(response.content ?? {})) {
          for (const example of Object.values(media.examples ?? {})) {
            examples++;
            const schema = declared !== undefined && isAppRouteOtherResponse(declared) ? declared.body : declared;
            expect(isZodType(schema), `${name} ${status}`).toBe(true);
            if (!isZodType(schema)) continue;
            const parsed = schema.safeParse(example.value);
            expect(parsed.success, `${name} ${status} ${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
          }
        }
      }
      expect(examples, name).toBeGreaterThan(0);
    }
  });

  it('names the headers every answer carries: the request id, the rate limit (on a 401 too), the replay mark on idempotent writes', () => {
    const all = doc as unknown as { components: { headers: Record<string, unknown> } };
    expect(Object.keys(all.components.headers).sort()).toEqual(
      ['Idempotent-Replayed', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Request-Id'].sort(),
    );
    for (const [name, route] of routes) {
      for (const [status, response] of Object.entries(operation(route)!.responses)) {
        const names = Object.keys(response.headers ?? {});
        expect(names, `${name} ${status}`).toContain('X-Request-Id');
        expect(names, `${name} ${status}`).toContain('RateLimit-Remaining');
        const replays = Number(status) < 300 && ['bookings.create', 'bookings.reschedule', 'holds.create', 'holds.confirm'].includes(name);
        expect(names.includes('Idempotent-Replayed'), `${name} ${status}`).toBe(replays);
      }
    }
  });

  it('describes the webhook deliveries (OpenAPI 3.1 webhooks) with the event body of the contract', () => {
    const { webhooks } = doc as unknown as { webhooks: Record<string, { post: Op }> };
    expect(Object.keys(webhooks)).toEqual(['booking.confirmed', 'booking.cancelled']);
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
        ['X-Service-Signature', 'header', true],
        ['X-Service-Delivery-Id', 'header', true],
      ]);
      const example = post.requestBody!.content['application/json']!.examples!.example!.value as { event: string };
      expect(WebhookEventSchema.safeParse(example).success, type).toBe(true);
      expect(example.event).toBe(type);
    }
  });

  it('shows answers in one consistent example world', () => {
    const cancel = operation(contract.bookings.cancel)!.responses['200']!.content!['application/json']!.examples!;
    expect(Object.values(cancel)[0]!.value).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
    const ics = operation(contract.bookings.calendar)!.responses['200']!.content!;
    expect(Object.keys(ics)).toEqual(['text/calendar; charset=utf-8']);
    const events = operation(contract.events.list)!.responses['200']!.content!['application/json']!.examples!;
    const event = (Object.values(events)[0]!.value as { data: { id: string; data: { id: string } }[] }).data[0]!;
    expect(event.id).not.toBe(event.data.id);
  });

  it('names every error code somewhere in the document', () => {
    const text = JSON.stringify(doc);
    for (const code of ERROR_CODES) expect(text, code).toContain(code);
  });

  it('leaves the admin API out', () => {
    for (const [, route] of routesOf(adminContract)) expect(operation(route)).toBeUndefined();
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v1/'))).toBe(true);
  });

  it('is built once and is plain JSON', () => {
    expect(buildOpenApiDocument()).toBe(buildOpenApiDocument());
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('openApiDocumentFor', () => {
  it('names the one server it is served from and links the guides there', () => {
    const served = openApiDocumentFor('https://api.example.org') as unknown as typeof doc & { servers: { url: string }[] };
    expect(served.servers).toEqual([{ url: 'https://api.example.org', description: 'This server' }]);
    for (const guide of GUIDES) expect(served.info.description).toContain(`(https://api.example.org/docs/guides/${guide.slug})`);
    expect(served.paths).toBe(doc.paths);
    expect(doc.servers).toBeUndefined();
    expect(Object.keys(served).slice(0, 3)).toEqual(['openapi', 'info', 'servers']);
  });
});
