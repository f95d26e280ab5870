import { describe, expect, it } from 'vitest';
import { toJsonSchema2020 } from './json-schema-2020.js';

describe('toJsonSchema2020', () => {
  it('moves null into the type, and into an enum', () => {
    expect(toJsonSchema2020({ type: 'string', nullable: true, description: 'd' })).toEqual({ type: ['string', 'null'], description: 'd' });
    expect(toJsonSchema2020({ type: 'string', enum: ['a', 'b'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
    expect(toJsonSchema2020({ type: 'integer', nullable: false })).toEqual({ type: 'integer' });
  });

  it('wraps a nullable schema without a type in anyOf, and leaves an empty one as it is', () => {
    expect(toJsonSchema2020({ $ref: '#/components/schemas/X', nullable: true, description: 'x' })).toEqual({
      description: 'x',
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
    expect(toJsonSchema2020({ nullable: true })).toEqual({});
  });

  it('rewrites nested schemas, examples and boolean exclusive bounds', () => {
    const out = toJsonSchema2020({
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'integer', minimum: 0, exclusiveMinimum: true, nullable: true } },
        map: { type: 'object', additionalProperties: { type: 'string', nullable: true } },
        either: {
          anyOf: [
            { type: 'string', nullable: true },
            { type: 'number', maximum: 5, exclusiveMaximum: true },
          ],
        },
      },
      example: { list: [1] },
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: ['integer', 'null'], exclusiveMinimum: 0 } },
        map: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
        either: { anyOf: [{ type: ['string', 'null'] }, { type: 'number', exclusiveMaximum: 5 }] },
      },
      examples: [{ list: [1] }],
    });
  });

  it('does not change its input', () => {
    const input = { type: 'object', properties: { a: { type: 'string', nullable: true } } };
    const copy = structuredClone(input);
    toJsonSchema2020(input);
    expect(input).toEqual(copy);
  });
});
