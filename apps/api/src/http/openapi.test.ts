import { contract, ERROR_CODES } from '@humantime/contract';
import { adminContract } from '@humantime/contract/admin';
import { extractZodObjectShape, isAppRoute, isZodObject, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { AnyZodObject } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[`${prefix}${key}`, value] as [string, AppRoute]] : routesOf(value, `${prefix}${key}.`),
  );
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

type Op = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
const doc = buildOpenApiDocument() as unknown as {
  openapi: string;
  info: { title: string; version: string };
  security: unknown;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, { properties?: Record<string, unknown> }> };
  paths: Record<string, Record<string, Op>>;
};
const operation = (route: AppRoute) => doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];

describe('buildOpenApiDocument', () => {
  it('describes the API with bearer auth on every operation', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'humantime API', version: '1' });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('contains every contract route, with its operationId, summary and description', () => {
    const routes = routesOf(contract);
    expect(routes).toHaveLength(40);
    for (const [name, route] of routes) {
      const op = operation(route);
      expect(op, name).toBeDefined();
      expect(op?.operationId).toBe(name);
      expect(op?.summary).toBe(route.summary);
      expect(op?.description).toBe(route.description);
      expect(op?.tags).toEqual([name.split('.')[0]]);
    }
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
    expect(book?.requestBody).toBeDefined();
    expect(operation(contract.humans.delete)?.requestBody).toBeUndefined();
  });

  // Every request schema sits behind the string rule's wrapper (a zod effect); the
  // document must still show the schema inside it, field by field, for every route.
  it('shows every request body field, query and path parameter through the string rule', () => {
    for (const [name, route] of routesOf(contract)) {
      const op = operation(route);
      const params = (op?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      for (const param of [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(params, `${name} path ${param}`).toContain(`path:${param}`);
      }
      if (isZodObject(route.query)) {
        for (const key of Object.keys(extractZodObjectShape(route.query as AnyZodObject))) {
          expect(params, `${name} query ${key}`).toContain(`query:${key}`);
        }
      }
      if ('body' in route && isZodObject(route.body)) {
        const schema = (op?.requestBody as { content: Record<string, { schema: { properties?: object; required?: string[] } }> }).content[
          'application/json'
        ]?.schema;
        const shape = extractZodObjectShape(route.body as AnyZodObject) as Record<string, { isOptional(): boolean }>;
        expect(Object.keys(schema?.properties ?? {}).sort(), name).toEqual(Object.keys(shape).sort());
        const required = Object.keys(shape).filter((key) => !shape[key]!.isOptional());
        expect([...(schema?.required ?? [])].sort(), name).toEqual(required.sort());
      }
    }
    const human = (operation(contract.humans.create)?.requestBody as any).content['application/json'].schema;
    expect(human.properties.timezone).toMatchObject({ type: 'string' });
    const webhook = (operation(contract.webhooks.create)?.requestBody as any).content['application/json'].schema;
    expect(webhook.properties.url).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048 });
  });

  it('declares every response status of the contract, errors as the shared envelope', () => {
    expect(Object.keys(doc.components.schemas.ErrorEnvelope?.properties ?? {})).toEqual(['error']);
    for (const [name, route] of routesOf(contract)) {
      const responses = operation(route)?.responses ?? {};
      expect(Object.keys(responses).sort(), name).toEqual(Object.keys(route.responses).sort());
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400) {
          expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorEnvelope',
          });
        }
      }
    }
    expect(operation(contract.bookings.create)?.responses['409']?.description).toContain('SLOT_UNAVAILABLE');
    expect(operation(contract.humans.delete)?.responses['204']).toEqual({ description: 'No Content' });
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
