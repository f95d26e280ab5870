import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { CreateOrganizationBodySchema, UpdateOrganizationBodySchema } from './organization.js';

describe('CreateOrganizationBodySchema', () => {
  it('defaults plan to free and auto_purchase to false', () => {
    expect(CreateOrganizationBodySchema.parse({ name: 'Acme' })).toEqual({ name: 'Acme', plan: 'free', auto_purchase: false });
  });

  it('rejects a bad name, plan or flag', () => {
    expect(issuesOf(CreateOrganizationBodySchema, { name: ' ' })).toEqual(['name: must not be empty']);
    expect(issuesOf(CreateOrganizationBodySchema, { name: 'Acme', plan: 'enterprise' })[0]).toMatch(/^plan: /);
    expect(issuesOf(CreateOrganizationBodySchema, { name: 'Acme', auto_purchase: 'yes' })[0]).toMatch(/^auto_purchase: /);
  });
});

describe('UpdateOrganizationBodySchema', () => {
  it('accepts plan and/or auto_purchase and requires one', () => {
    expect(issuesOf(UpdateOrganizationBodySchema, { plan: 'growth' })).toEqual([]);
    expect(issuesOf(UpdateOrganizationBodySchema, { auto_purchase: false })).toEqual([]);
    expect(issuesOf(UpdateOrganizationBodySchema, {})).toEqual([': must contain at least one of plan, auto_purchase']);
    // An unknown key alone is two mistakes, and both are reported.
    expect(issuesOf(UpdateOrganizationBodySchema, { name: 'x' })).toEqual([
      ": Unrecognized key(s) in object: 'name'",
      ': must contain at least one of plan, auto_purchase',
    ]);
  });
});
