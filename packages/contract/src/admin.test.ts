import { isAppRoute, type AppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { adminContract } from './admin.js';
import { ADMIN_COMMON_ERROR_STATUSES } from './common-responses.js';
import { ErrorEnvelopeSchema } from './errors.js';

const routes = Object.entries(adminContract as Record<string, AppRoute>).filter(([, route]) => isAppRoute(route));

describe('adminContract', () => {
  it('lives under /admin/v1 with the routes the admin CLI uses', () => {
    expect(routes.map(([name, route]) => `${name} ${route.method} ${route.path}`)).toEqual([
      'createOrganization POST /admin/v1/organizations',
      'getOrganization GET /admin/v1/organizations/:organization_id',
      'updateOrganization PATCH /admin/v1/organizations/:organization_id',
      'rotateKey POST /admin/v1/organizations/:organization_id/rotate-key',
      'createInvite POST /admin/v1/organizations/:organization_id/invites',
      'setPaymentMethod PUT /admin/v1/organizations/:organization_id/payment-method',
    ]);
  });

  it('declares the envelope for its common errors, with strict status codes', () => {
    for (const [name, route] of routes) {
      expect(route.strictStatusCodes, name).toBe(true);
      for (const status of ADMIN_COMMON_ERROR_STATUSES) {
        expect(route.responses[status], `${name} ${status}`).toBe(ErrorEnvelopeSchema);
      }
    }
  });
});
