import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../src/services/accounts/sessions.js';
import { expectEnvelope, UTC_SECONDS, UUID } from './expectations.js';
import { dashboardCall, PASSWORD, sessionCookieOf, signIn, signUp, uniqueEmail } from './dashboard-fixtures.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('sign-up', () => {
  it('creates a Free organization and its account, signs in and shows the key once', async () => {
    const email = uniqueEmail('founder');
    const res = await dashboardCall(app, undefined)('POST', '/signup', {
      body: { organization_name: '  Founders Inc ', email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      account: { id: expect.stringMatching(UUID), email, created_at: expect.stringMatching(UTC_SECONDS) },
      organization: { organization_id: expect.stringMatching(UUID), name: 'Founders Inc', plan: 'free' },
      role: 'owner',
      organizations: [{ organization_id: res.body.organization.organization_id, name: 'Founders Inc', role: 'owner' }],
      expires_at: expect.stringMatching(UTC_SECONDS),
      api_key: expect.stringMatching(/^sk_live_[0-9A-Za-z]{40}$/),
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^humantime_session=[A-Za-z0-9_-]{43}; Path=\/dashboard; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The key works on /v1 at once.
    const usage = await app.call('GET', '/v1/usage', { key: res.body.api_key });
    expect(usage.body).toMatchObject({ plan: 'free', used: 0, auto_purchase: false });
  });

  it('stores only hashes: no password, session token or key in clear', async () => {
    const user = await signUp(app);
    const [account] = await app.database.store.sql<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE email = $1', [
      user.email,
    ]);
    expect(account!.password_hash).toMatch(/^scrypt\$/);
    expect(account!.password_hash).not.toContain(PASSWORD);
    const token = user.cookie.split('=')[1]!;
    const sessions = await app.database.store.sql<{ token_hash: string }>(
      'SELECT token_hash FROM dashboard_sessions WHERE organization_id = $1::uuid',
      [user.organizationId],
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).not.toContain(token);
  });

  it('refuses an email that already has an account (409 EMAIL_TAKEN), in any case', async () => {
    const user = await signUp(app);
    const res = await dashboardCall(app, undefined)('POST', '/signup', {
      body: { organization_name: 'Second', email: user.email.toUpperCase(), password: PASSWORD },
    });
    expectEnvelope(res, 409, 'EMAIL_TAKEN');
  });

  it('names every bad field: short password, bad email, empty name', async () => {
    const res = await dashboardCall(app, undefined)('POST', '/signup', {
      body: { organization_name: '', email: 'nope', password: 'short' },
    });
    expectEnvelope(res, 422, 'VALIDATION_ERROR');
    for (const field of ['organization_name', 'email', 'password']) expect(res.body.error.message).toContain(field);
    const blank = await dashboardCall(app, undefined)('POST', '/signup', {
      body: { organization_name: 'Blank Co', email: 'blank@example.com', password: ' '.repeat(14) },
    });
    expectEnvelope(blank, 422, 'VALIDATION_ERROR');
    expect(blank.body.error.message).toContain('password: must not be only spaces');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and the session reads who is signed in', async () => {
    const user = await signUp(app);
    const res = await signIn(app, user.email.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body.account.email).toBe(user.email);
    const cookie = sessionCookieOf(res)!;
    const session = await dashboardCall(app, cookie)('GET', '/session');
    expect(session.status).toBe(200);
    expect(session.body.organization).toEqual({ organization_id: user.organizationId, name: 'Acme', plan: 'free' });
  });

  it('answers a wrong password and an unknown email identically (no account enumeration)', async () => {
    const user = await signUp(app);
    const wrong = await signIn(app, user.email, 'not the password at all');
    const unknown = await signIn(app, uniqueEmail('nobody'), 'not the password at all');
    expectEnvelope(wrong, 401, 'INVALID_CREDENTIALS');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(sessionCookieOf(unknown)).toBeUndefined();
  });

  it('throttles after 10 failures for one email: 429 with Retry-After, even with the right password, until the window passes', async () => {
    const user = await signUp(app);
    const start = new Date(Date.now() + 3_600_000);
    app.clock.now = start;
    try {
      for (let i = 0; i < 10; i += 1) expectEnvelope(await signIn(app, user.email, `wrong password ${i}`), 401, 'INVALID_CREDENTIALS');
      const limited = await signIn(app, user.email);
      expectEnvelope(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBe(900);
      // Unknown emails are throttled the same way; other emails are not affected.
      expect((await signIn(app, uniqueEmail('other'))).status).toBe(401);

      app.clock.now = new Date(start.getTime() + 14 * 60_000);
      const later = await signIn(app, user.email);
      expectEnvelope(later, 429, 'RATE_LIMITED');
      expect(Number(later.headers.get('retry-after'))).toBe(60);

      app.clock.now = new Date(start.getTime() + 15 * 60_000 + 1000);
      expect((await signIn(app, user.email)).status).toBe(200);
    } finally {
      app.clock.now = undefined;
    }
  });

  it('does not count successful sign-ins against the allowance', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 9; i += 1) expect((await signIn(app, user.email, 'wrong wrong wrong')).status).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await signIn(app, user.email)).status).toBe(200);
    expect((await signIn(app, user.email, 'wrong wrong wrong')).status).toBe(401);
    expect((await signIn(app, user.email)).status).toBe(429);
  });

  it('holds the limit when failures race: at most 10 reach the password check', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 16 }, () => signIn(app, email, 'guess guess guess')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});

describe('sessions', () => {
  it('ends after 12 hours without use, and a request within that keeps it alive', async () => {
    const user = await signUp(app);
    const start = Date.now();
    try {
      app.clock.now = new Date(start + SESSION_IDLE_MS - 60_000);
      expect((await user.call('GET', '/session')).status).toBe(200);
      app.clock.now = new Date(start + 2 * SESSION_IDLE_MS - 120_000);
      expect((await user.call('GET', '/session')).status).toBe(200);
      app.clock.now = new Date(start + 3 * SESSION_IDLE_MS);
      expectEnvelope(await user.call('GET', '/session'), 401, 'UNAUTHORIZED');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('ends 7 days after sign-in however busy it is', async () => {
    const user = await signUp(app);
    const start = Date.now();
    try {
      // Used every 11 hours: never idle, still cut off at the absolute expiry.
      for (let t = 11 * 3_600_000; t < SESSION_ABSOLUTE_MS; t += 11 * 3_600_000) {
        app.clock.now = new Date(start + t);
        expect((await user.call('GET', '/overview')).status, `after ${t / 3_600_000} h`).toBe(200);
      }
      app.clock.now = new Date(start + SESSION_ABSOLUTE_MS + 1000);
      expectEnvelope(await user.call('GET', '/overview'), 401, 'UNAUTHORIZED');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('sign-out ends the session at once and clears the cookie', async () => {
    const user = await signUp(app);
    const out = await user.call('POST', '/signout');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^humantime_session=; Path=\/dashboard; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expectEnvelope(await user.call('GET', '/session'), 401, 'UNAUTHORIZED');
    expectEnvelope(await user.call('GET', '/overview'), 401, 'UNAUTHORIZED');
    // Signing out again, or without a session, is harmless.
    expect((await user.call('POST', '/signout')).status).toBe(204);
  });

  it('refuses a missing, forged or malformed cookie with 401', async () => {
    expectEnvelope(await dashboardCall(app, undefined)('GET', '/session'), 401, 'UNAUTHORIZED');
    expectEnvelope(await dashboardCall(app, 'humantime_session=forged')('GET', '/overview'), 401, 'UNAUTHORIZED');
    expectEnvelope(await dashboardCall(app, 'humantime_session=')('GET', '/overview'), 401, 'UNAUTHORIZED');
  });

  it('marks the cookie Secure when the browser came over https', async () => {
    const res = await dashboardCall(app, undefined)('POST', '/signup', {
      body: { organization_name: 'Tls', email: uniqueEmail('tls'), password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers.get('set-cookie')).toMatch(/; Secure$/);
  });
});

describe('invites', () => {
  async function invite(organizationId: string, email: string) {
    return app.call('POST', `/admin/v1/organizations/${organizationId}/invites`, { key: ADMIN_TOKEN, body: { email } });
  }

  it('a one-time link sets a password, signs in to that organization, and works only once', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('invited');
    const made = await invite(owner.organizationId, email);
    expect(made.status, made.text).toBe(201);
    expect(made.body).toEqual({
      organization_id: owner.organizationId,
      email,
      role: 'owner',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      invite_url: `${app.url}/dashboard/accept-invite#token=${made.body.token}`,
      expires_at: expect.stringMatching(UTC_SECONDS),
    });
    const accept = () => dashboardCall(app, undefined)('POST', '/invites/accept', { body: { token: made.body.token, password: PASSWORD } });
    const first = await accept();
    expect(first.status, first.text).toBe(200);
    expect(first.body.organization.organization_id).toBe(owner.organizationId);
    expect((await dashboardCall(app, sessionCookieOf(first))('GET', '/overview')).body.organization.organization_id).toBe(
      owner.organizationId,
    );
    expectEnvelope(await accept(), 404, 'NOT_FOUND');
    expect((await signIn(app, email)).status).toBe(200);
    // The email is now a member: no second invite for it to this organization.
    expectEnvelope(await invite(owner.organizationId, email), 409, 'EMAIL_TAKEN');
  });

  it('expires after 24 hours, and a newer invite replaces an older one', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('late');
    const old = await invite(owner.organizationId, email);
    const fresh = await invite(owner.organizationId, email);
    const accept = (token: string) => dashboardCall(app, undefined)('POST', '/invites/accept', { body: { token, password: PASSWORD } });
    expectEnvelope(await accept(old.body.token), 404, 'NOT_FOUND');
    try {
      app.clock.now = new Date(Date.now() + 24 * 3_600_000 + 60_000);
      expectEnvelope(await accept(fresh.body.token), 404, 'NOT_FOUND');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('refuses a short password (422) and keeps the link usable', async () => {
    const owner = await signUp(app);
    const made = await invite(owner.organizationId, uniqueEmail('pw'));
    const short = await dashboardCall(app, undefined)('POST', '/invites/accept', { body: { token: made.body.token, password: 'short' } });
    expectEnvelope(short, 422, 'VALIDATION_ERROR');
    const ok = await dashboardCall(app, undefined)('POST', '/invites/accept', { body: { token: made.body.token, password: PASSWORD } });
    expect(ok.status).toBe(200);
  });

  it('answers 404 for an unknown organization and 401 without the admin token', async () => {
    expectEnvelope(await invite('00000000-0000-4000-8000-000000000000', uniqueEmail()), 404, 'NOT_FOUND');
    const res = await app.call('POST', `/admin/v1/organizations/00000000-0000-4000-8000-000000000000/invites`, {
      body: { email: uniqueEmail() },
    });
    expectEnvelope(res, 401, 'UNAUTHORIZED');
  });
});

describe('DASHBOARD_SIGNUP=closed', () => {
  it('refuses sign-up with 403 SIGNUP_CLOSED; invites still work', async () => {
    const closed = await startTestApp({ dashboard: { ...app.config.dashboard, signup: 'closed' } });
    try {
      const res = await dashboardCall(closed, undefined)('POST', '/signup', {
        body: { organization_name: 'Nope', email: uniqueEmail(), password: PASSWORD },
      });
      expectEnvelope(res, 403, 'SIGNUP_CLOSED');
      const org = await closed.createOrg();
      const made = await closed.call('POST', `/admin/v1/organizations/${org.id}/invites`, {
        key: ADMIN_TOKEN,
        body: { email: uniqueEmail('closed') },
      });
      const accepted = await dashboardCall(closed, undefined)('POST', '/invites/accept', {
        body: { token: made.body.token, password: PASSWORD },
      });
      expect(accepted.status, accepted.text).toBe(200);
    } finally {
      await closed.close();
    }
  });
});
