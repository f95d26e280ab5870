import { dashboardContract } from '@humantime/contract/dashboard';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createUtcHuman, MONDAY } from './booking-fixtures.js';
import { dashboardCall, signUp, type DashboardUser } from './dashboard-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let a: DashboardUser;
let b: DashboardUser;
let humanOfA: string;
let bookingOfA: string;
let webhookOfA: { id: string; signing_secret: string };

const PUBLIC = new Set(['account.signUp', 'account.signIn', 'account.signOut', 'account.inspectInvite', 'account.acceptInvite']);

function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[`${prefix}${key}`, value] as [string, AppRoute]] : routesOf(value, `${prefix}${key}.`),
  );
}

beforeAll(async () => {
  const defaults = loadConfig({}).webhooks;
  app = await startTestApp({ webhooks: { ...defaults, allowPrivateUrls: true, inProcessWorker: false } });
  a = await signUp(app, undefined, 'Org A');
  b = await signUp(app, undefined, 'Org B');
  humanOfA = await createUtcHuman(app, a.apiKey);
  const booked = await app.call('POST', '/v1/bookings', {
    key: a.apiKey,
    body: { human_id: humanOfA, starts_at: `${MONDAY}T09:00:00Z`, duration: 30, attendee_name: 'Agent of A' },
  });
  expect(booked.status, booked.text).toBe(201);
  bookingOfA = booked.body.id;
  const hook = await a.call('POST', '/webhooks', { body: { url: 'http://127.0.0.1:9/a', events: ['booking.confirmed'] } });
  expect(hook.status, hook.text).toBe(201);
  webhookOfA = hook.body;
});
afterAll(() => app?.close());

describe('CSRF', () => {
  it('refuses a state-changing request from another origin before it does anything', async () => {
    const byOrigin = await app.call('POST', '/dashboard/api/api-key/regenerate', {
      headers: { cookie: a.cookie, origin: 'https://evil.example' },
    });
    expectEnvelope(byOrigin, 403, 'CROSS_ORIGIN_REQUEST');
    const byFetchSite = await app.call('POST', '/dashboard/api/api-key/regenerate', {
      headers: { cookie: a.cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expectEnvelope(byFetchSite, 403, 'CROSS_ORIGIN_REQUEST');
    const sameSite = await app.call('PATCH', '/dashboard/api/organization', {
      headers: { cookie: a.cookie, 'sec-fetch-site': 'same-site' },
      body: { plan: 'growth' },
    });
    expectEnvelope(sameSite, 403, 'CROSS_ORIGIN_REQUEST');
    const nullOrigin = await app.call('POST', `/dashboard/api/bookings/${bookingOfA}/cancel`, {
      headers: { cookie: a.cookie, origin: 'null' },
    });
    expectEnvelope(nullOrigin, 403, 'CROSS_ORIGIN_REQUEST');
    // Nothing happened: the key still works, the plan is unchanged, the booking stands.
    expect((await app.call('GET', '/v1/usage', { key: a.apiKey })).body.plan).toBe('free');
    expect((await app.call('GET', `/v1/bookings/${bookingOfA}`, { key: a.apiKey })).body.status).toBe('confirmed');
  });

  it('refuses a cross-origin sign-in (login CSRF) and sign-up', async () => {
    const signin = await app.call('POST', '/dashboard/api/signin', {
      headers: { origin: 'https://evil.example' },
      body: { email: a.email, password: 'whatever whatever' },
    });
    expectEnvelope(signin, 403, 'CROSS_ORIGIN_REQUEST');
  });

  it('lets same-origin requests through, by Origin or by Sec-Fetch-Site, and GETs from anywhere', async () => {
    const host = new URL(app.url).host;
    const byOrigin = await app.call('PATCH', '/dashboard/api/organization', {
      headers: { cookie: b.cookie, origin: `http://${host}` },
      body: { plan: 'starter' },
    });
    expect(byOrigin.status, byOrigin.text).toBe(200);
    const get = await app.call('GET', '/dashboard/api/overview', { headers: { cookie: b.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(get.status).toBe(200);
  });
});

describe('a session is needed', () => {
  it('every route but sign-up, sign-in, sign-out and the invite links answers 401 without one', async () => {
    const protectedRoutes = routesOf(dashboardContract).filter(([name]) => !PUBLIC.has(name));
    expect(protectedRoutes.length).toBeGreaterThan(10);
    for (const [name, route] of protectedRoutes) {
      const path = route.path.replace(':human_id', humanOfA).replace(':booking_id', bookingOfA).replace(':webhook_id', webhookOfA.id);
      const res = await dashboardCall(app, undefined)(route.method, path.replace('/dashboard/api', ''), {
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      expectEnvelope(res, 401, 'UNAUTHORIZED');
      expect(res.status, name).toBe(401);
    }
    // Nothing was changed by the refused calls.
    expect((await app.call('GET', `/v1/bookings/${bookingOfA}`, { key: a.apiKey })).body.status).toBe('confirmed');
  });
});

describe('tenant isolation', () => {
  it("one organization's session gets 404 for another's humans, bookings and webhooks, and empty lists", async () => {
    for (const path of [
      `/humans/${humanOfA}`,
      `/humans/${humanOfA}/week?week_start=${MONDAY}`,
      `/bookings/${bookingOfA}`,
      `/webhooks/${webhookOfA.id}/deliveries`,
    ]) {
      expectEnvelope(await b.call('GET', path), 404, 'NOT_FOUND');
    }
    expectEnvelope(await b.call('POST', `/bookings/${bookingOfA}/cancel`), 404, 'NOT_FOUND');
    expectEnvelope(await b.call('DELETE', `/webhooks/${webhookOfA.id}`), 404, 'NOT_FOUND');
    expect((await b.call('GET', '/humans')).body.data).toEqual([]);
    expect((await b.call('GET', `/bookings?human_id=${humanOfA}`)).body.data).toEqual([]);
    expect((await b.call('GET', '/webhooks')).body.data).toEqual([]);
    // A's things are intact and visible to A.
    expect((await a.call('GET', `/bookings/${bookingOfA}`)).body.status).toBe('confirmed');
    expect((await a.call('GET', '/webhooks')).body.data.map((w: { id: string }) => w.id)).toEqual([webhookOfA.id]);
  });
});

describe('secrets are shown once', () => {
  it('regenerating the key kills the old one at once; the new one works and is never shown again', async () => {
    const user = await signUp(app);
    const before = await user.call('GET', '/overview');
    expect(before.body.api_key).toEqual({ prefix: 'sk_live_', last_four: user.apiKey.slice(-4), created_at: expect.any(String) });
    expect(before.text).not.toContain(user.apiKey);

    const regenerated = await user.call('POST', '/api-key/regenerate');
    expect(regenerated.status, regenerated.text).toBe(200);
    const fresh: string = regenerated.body.api_key;
    expect(fresh).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(regenerated.body.summary).toMatchObject({ prefix: 'sk_live_', last_four: fresh.slice(-4) });

    expectEnvelope(await app.call('GET', '/v1/usage', { key: user.apiKey }), 401, 'UNAUTHORIZED');
    expect((await app.call('GET', '/v1/usage', { key: fresh })).status).toBe(200);

    for (const path of ['/overview', '/session', '/billing/overage-packs']) {
      const res = await user.call('GET', path);
      expect(res.status).toBe(200);
      expect(res.text, path).not.toContain(fresh.slice(8));
    }
  });

  it('a webhook signing secret appears only in the answer that created it', async () => {
    expect(webhookOfA.signing_secret).toMatch(/^whsec_/);
    const list = await a.call('GET', '/webhooks');
    const deliveries = await a.call('GET', `/webhooks/${webhookOfA.id}/deliveries`);
    for (const res of [list, deliveries]) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(webhookOfA.signing_secret);
      expect(res.text).not.toContain('signing_secret');
    }
  });
});
