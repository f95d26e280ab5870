import { describe, expect, it } from 'vitest';
import { contract } from './index.js';
import {
  CreateInviteBodySchema,
  DASHBOARD_COMMON_ERROR_STATUSES,
  DASHBOARD_ERROR_CODES,
  DashboardErrorEnvelopeSchema,
  dashboardContract,
  SignInBodySchema,
  SignUpBodySchema,
  TeamInviteBodySchema,
} from './dashboard.js';
import { ERROR_CODES } from './errors.js';
import { routesOf } from './test-support.js';

const routes = routesOf(dashboardContract);

describe('dashboardContract', () => {
  it('lives under /dashboard/api with the routes the pages use', () => {
    expect(routes.map(([name, route]) => `${name} ${route.method} ${route.path}`)).toEqual([
      'account.signUp POST /dashboard/api/signup',
      'account.signIn POST /dashboard/api/signin',
      'account.signOut POST /dashboard/api/signout',
      'account.getSession GET /dashboard/api/session',
      'account.switchOrganization POST /dashboard/api/session/organization',
      'account.inspectInvite POST /dashboard/api/invites/inspect',
      'account.acceptInvite POST /dashboard/api/invites/accept',
      'organization.getOverview GET /dashboard/api/overview',
      'organization.regenerateKey POST /dashboard/api/api-key/regenerate',
      'organization.updateOrganization PATCH /dashboard/api/organization',
      'organization.listOveragePacks GET /dashboard/api/billing/overage-packs',
      'organization.getBilling GET /dashboard/api/billing',
      'organization.startCardSetup POST /dashboard/api/billing/card-setup',
      'humans.list GET /dashboard/api/humans',
      'humans.get GET /dashboard/api/humans/:human_id',
      'humans.getWeek GET /dashboard/api/humans/:human_id/week',
      'humans.setAvailability PUT /dashboard/api/humans/:human_id/availability',
      'humans.createOverride POST /dashboard/api/humans/:human_id/overrides',
      'humans.deleteOverride DELETE /dashboard/api/humans/:human_id/overrides/:override_id',
      'calendars.list GET /dashboard/api/humans/:human_id/calendars',
      'calendars.create POST /dashboard/api/humans/:human_id/calendars',
      'calendars.delete DELETE /dashboard/api/humans/:human_id/calendars/:calendar_id',
      'calendars.sync POST /dashboard/api/humans/:human_id/calendars/:calendar_id/sync',
      'calendarFeed.get GET /dashboard/api/humans/:human_id/calendar-feed',
      'calendarFeed.create POST /dashboard/api/humans/:human_id/calendar-feed',
      'calendarFeed.revoke DELETE /dashboard/api/humans/:human_id/calendar-feed',
      'bookings.list GET /dashboard/api/bookings',
      'bookings.get GET /dashboard/api/bookings/:booking_id',
      'bookings.cancel POST /dashboard/api/bookings/:booking_id/cancel',
      'webhooks.list GET /dashboard/api/webhooks',
      'webhooks.create POST /dashboard/api/webhooks',
      'webhooks.delete DELETE /dashboard/api/webhooks/:webhook_id',
      'webhooks.deliveries GET /dashboard/api/webhooks/:webhook_id/deliveries',
      'oauth.getConsent GET /dashboard/api/oauth/authorization',
      'oauth.decide POST /dashboard/api/oauth/authorization',
      'oauth.listConnectedApps GET /dashboard/api/connected-apps',
      'oauth.disconnect DELETE /dashboard/api/connected-apps/:grant_id',
      'team.list GET /dashboard/api/team',
      'team.invite POST /dashboard/api/team/invites',
      'team.revokeInvite DELETE /dashboard/api/team/invites/:invite_id',
      'team.changeRole PATCH /dashboard/api/team/members/:account_id',
      'team.remove DELETE /dashboard/api/team/members/:account_id',
    ]);
  });

  it('declares the envelope for its common errors, with strict status codes and docs', () => {
    for (const [name, route] of routes) {
      expect(route.strictStatusCodes, name).toBe(true);
      expect(route.summary, name).toBeTruthy();
      expect(route.description, name).toBeTruthy();
      for (const status of DASHBOARD_COMMON_ERROR_STATUSES) {
        expect(route.responses[status], `${name} ${status}`).toBe(DashboardErrorEnvelopeSchema);
      }
    }
  });

  it('keeps its routes and codes out of the public contract', () => {
    const publicPaths = routesOf(contract).map(([, route]) => route.path);
    expect(publicPaths.some((path) => path.startsWith('/dashboard'))).toBe(false);
    for (const code of DASHBOARD_ERROR_CODES) expect(ERROR_CODES as readonly string[]).not.toContain(code);
  });

  it('accepts every public and dashboard code in its envelope', () => {
    for (const code of [...ERROR_CODES, ...DASHBOARD_ERROR_CODES]) {
      expect(DashboardErrorEnvelopeSchema.safeParse({ error: { code, message: 'x', status: 400 } }).success).toBe(true);
    }
  });
});

describe('account bodies', () => {
  it('requires a 12-character password at sign-up and lower-cases the email', () => {
    const ok = SignUpBodySchema.parse({ organization_name: ' Acme ', email: 'Ann@Example.COM', password: 'x'.repeat(12) });
    expect(ok).toEqual({ organization_name: 'Acme', email: 'ann@example.com', password: 'x'.repeat(12) });
    const short = SignUpBodySchema.safeParse({ organization_name: 'Acme', email: 'a@b.io', password: 'x'.repeat(11) });
    expect(short.success).toBe(false);
  });

  it('counts a password in characters as a person does: six emoji are six, not twelve', () => {
    const body = { organization_name: 'Acme', email: 'a@b.io' };
    const six = SignUpBodySchema.safeParse({ ...body, password: '🔑'.repeat(6) });
    expect(six.success).toBe(false);
    expect(six.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['password: must be at least 12 characters']);
    expect(SignUpBodySchema.safeParse({ ...body, password: '🔑'.repeat(12) }).success).toBe(true);
    const short = SignUpBodySchema.safeParse({ ...body, password: 'x'.repeat(5) });
    expect(short.error?.issues).toHaveLength(1);
  });

  it('does not apply the length rule at sign-in, where a short password is just wrong', () => {
    expect(SignInBodySchema.safeParse({ email: 'a@b.io', password: 'short' }).success).toBe(true);
    expect(SignInBodySchema.safeParse({ email: 'a@b.io', password: '' }).success).toBe(false);
  });

  it('invites name a role: owner or member; an operator invite is an owner unless it says so', () => {
    expect(TeamInviteBodySchema.parse({ email: 'Bo@X.io', role: 'member' })).toEqual({ email: 'bo@x.io', role: 'member' });
    expect(TeamInviteBodySchema.safeParse({ email: 'bo@x.io' }).success).toBe(false);
    expect(TeamInviteBodySchema.safeParse({ email: 'bo@x.io', role: 'admin' }).success).toBe(false);
    expect(CreateInviteBodySchema.parse({ email: 'bo@x.io' })).toEqual({ email: 'bo@x.io', role: 'owner' });
  });
});
