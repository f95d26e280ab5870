import { SHOWN_ORGANIZATION_HEADER } from '@humantime/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, UTC_SECONDS, UUID } from './expectations.js';
import { dashboardCall, PASSWORD, sessionCookieOf, signIn, signUp, uniqueEmail, type DashboardUser } from './dashboard-fixtures.js';
import { authorizeQuery, connectApp, mcpStatus, newClient, pkce } from './oauth/oauth-fixtures.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';

// Teams: memberships with roles, invites of new and existing accounts, switching the session's
// organization, and what removing a member takes away. Real HTTP on both stores.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const tokenOf = (inviteUrl: string) => new URL(inviteUrl).hash.replace(/^#token=/, '');

async function invite(owner: DashboardUser, email: string, role: 'owner' | 'member' = 'member') {
  const res = await owner.call('POST', '/team/invites', { body: { email, role } });
  expect(res.status, res.text).toBe(201);
  return tokenOf(res.body.invite_url as string);
}

function accept(token: string, options: { password?: string; cookie?: string } = {}) {
  return dashboardCall(app, options.cookie)('POST', '/invites/accept', {
    body: { token, ...(options.password === undefined ? {} : { password: options.password }) },
  });
}

/** A person who joined `owner`'s organization through an invite, as a new account, signed in there. */
async function join(owner: DashboardUser, role: 'owner' | 'member' = 'member', email = uniqueEmail(role)): Promise<DashboardUser> {
  const res = await accept(await invite(owner, email, role), { password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  const cookie = sessionCookieOf(res)!;
  return { email, cookie, organizationId: owner.organizationId, apiKey: owner.apiKey, call: dashboardCall(app, cookie) };
}

async function accountIdOf(email: string): Promise<string> {
  const [row] = await app.database.store.sql<{ id: string }>('SELECT id::text AS id FROM accounts WHERE email = $1', [email]);
  return row!.id;
}

describe('roles', () => {
  it('a member is refused key regeneration, plan and auto-purchase changes, billing and team changes (403 FORBIDDEN); nothing changes', async () => {
    const owner = await signUp(app, undefined, 'Roles Inc');
    const member = await join(owner);
    const session = await member.call('GET', '/session');
    expect(session.body).toMatchObject({ role: 'member', organization: { organization_id: owner.organizationId, name: 'Roles Inc' } });
    expect(session.body.organizations).toEqual([{ organization_id: owner.organizationId, name: 'Roles Inc', role: 'member' }]);
    const ownerId = await accountIdOf(owner.email);
    const pending = await owner.call('POST', '/team/invites', { body: { email: uniqueEmail('pending'), role: 'member' } });

    const refused = [
      await member.call('POST', '/api-key/regenerate'),
      await member.call('PATCH', '/organization', { body: { plan: 'growth' } }),
      await member.call('PATCH', '/organization', { body: { auto_purchase: false } }),
      await member.call('GET', '/billing/overage-packs'),
      await member.call('POST', '/team/invites', { body: { email: uniqueEmail(), role: 'owner' } }),
      await member.call('PATCH', `/team/members/${ownerId}`, { body: { role: 'member' } }),
      await member.call('DELETE', `/team/members/${ownerId}`),
      await member.call('DELETE', `/team/invites/${pending.body.invite.id}`),
    ];
    for (const res of refused) {
      expectEnvelope(res, 403, 'FORBIDDEN');
      expect(res.body.error.message).toContain('Only an owner of Roles Inc');
    }
    // Nothing happened: the key works, the plan stands, the team and the invite are as they were.
    expect((await app.call('GET', '/v1/usage', { key: owner.apiKey })).body.plan).toBe('free');
    const team = await owner.call('GET', '/team');
    expect(team.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [member.email, 'member'],
    ]);
    expect(team.body.invites.map((i: { id: string }) => i.id)).toEqual([pending.body.invite.id]);

    // What a member may do: read the organization and the team, work with humans.
    expect((await member.call('GET', '/overview')).status).toBe(200);
    expect((await member.call('GET', '/team')).body).toEqual(team.body);
    expect((await member.call('GET', '/humans')).status).toBe(200);
  });

  it('an owner may do all of it', async () => {
    const owner = await signUp(app, undefined, 'Owner Co');
    const regenerated = await owner.call('POST', '/api-key/regenerate');
    expect(regenerated.status, regenerated.text).toBe(200);
    expect((await app.call('GET', '/v1/usage', { key: regenerated.body.api_key })).status).toBe(200);
    expect((await owner.call('PATCH', '/organization', { body: { plan: 'starter', auto_purchase: true } })).status).toBe(200);
    expect((await owner.call('GET', '/billing/overage-packs')).status).toBe(200);
    const member = await join(owner);
    const id = await accountIdOf(member.email);
    const promoted = await owner.call('PATCH', `/team/members/${id}`, { body: { role: 'owner' } });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toEqual({
      account_id: id,
      email: member.email,
      role: 'owner',
      joined_at: expect.stringMatching(UTC_SECONDS),
      last_signed_in_at: expect.stringMatching(UTC_SECONDS),
    });
    // The new role applies to their very next request, on the session they already have.
    expect((await member.call('GET', '/billing/overage-packs')).status).toBe(200);
    expect((await member.call('GET', '/session')).body.role).toBe('owner');
  });

  it('the last owner cannot leave or become a member (409 LAST_OWNER); with a second owner they can', async () => {
    const owner = await signUp(app, undefined, 'Last Owner Ltd');
    const ownerId = await accountIdOf(owner.email);
    expectEnvelope(await owner.call('PATCH', `/team/members/${ownerId}`, { body: { role: 'member' } }), 409, 'LAST_OWNER');
    expectEnvelope(await owner.call('DELETE', `/team/members/${ownerId}`), 409, 'LAST_OWNER');
    expect((await owner.call('GET', '/session')).body.role).toBe('owner');

    const second = await join(owner, 'owner');
    const secondId = await accountIdOf(second.email);
    // Two owners making each other members at the same moment: the team lock lets one through,
    // and the other, no longer an owner once it holds the lock, is refused.
    const both = await Promise.all([
      owner.call('PATCH', `/team/members/${secondId}`, { body: { role: 'member' } }),
      second.call('PATCH', `/team/members/${ownerId}`, { body: { role: 'member' } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    const team = await owner.call('GET', '/team');
    expect(team.body.members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);

    // Make the two owners again; then one may leave, and the other is the last again.
    const stillOwner = both[0].status === 200 ? owner : second;
    const nowMember = stillOwner === owner ? secondId : ownerId;
    expect((await stillOwner.call('PATCH', `/team/members/${nowMember}`, { body: { role: 'owner' } })).status).toBe(200);
    const leaver = stillOwner === owner ? second : owner;
    const leaverId = stillOwner === owner ? secondId : ownerId;
    expect((await leaver.call('DELETE', `/team/members/${leaverId}`)).status).toBe(204);
    expectEnvelope(await leaver.call('GET', '/session'), 401, 'UNAUTHORIZED');
    const stayingId = stillOwner === owner ? ownerId : secondId;
    expectEnvelope(await stillOwner.call('DELETE', `/team/members/${stayingId}`), 409, 'LAST_OWNER');
  });

  it('accounts made before roles own their organization (the migration), and sign-up makes an owner', async () => {
    const owner = await signUp(app);
    const [row] = await app.database.store.sql<{ role: string }>(
      'SELECT m.role::text AS role FROM memberships m JOIN accounts a ON a.id = m.account_id WHERE a.email = $1 AND m.organization_id = $2::uuid',
      [owner.email, owner.organizationId],
    );
    expect(row!.role).toBe('owner');
  });

  it('unknown members and invites are 404; bad roles are 422', async () => {
    const owner = await signUp(app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectEnvelope(await owner.call('PATCH', `/team/members/${unknown}`, { body: { role: 'owner' } }), 404, 'NOT_FOUND');
    expectEnvelope(await owner.call('DELETE', `/team/members/${unknown}`), 404, 'NOT_FOUND');
    expectEnvelope(await owner.call('DELETE', `/team/invites/${unknown}`), 404, 'NOT_FOUND');
    expectEnvelope(await owner.call('POST', '/team/invites', { body: { email: uniqueEmail(), role: 'admin' } }), 422, 'VALIDATION_ERROR');
    // Someone of another organization is not a member here.
    const stranger = await signUp(app);
    const strangerId = await accountIdOf(stranger.email);
    expectEnvelope(await owner.call('DELETE', `/team/members/${strangerId}`), 404, 'NOT_FOUND');
    expect((await stranger.call('GET', '/session')).status).toBe(200);
  });
});

describe('invites', () => {
  it('a new account: the link is shown once, says what it is for, sets a password and works once', async () => {
    const owner = await signUp(app, undefined, 'Invite Co');
    const email = uniqueEmail('new');
    const made = await owner.call('POST', '/team/invites', { body: { email: email.toUpperCase(), role: 'member' } });
    expect(made.status, made.text).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    expect(made.body).toEqual({
      invite: { id: expect.stringMatching(UUID), email, role: 'member', created_at: expect.any(String), expires_at: expect.any(String) },
      invite_url: expect.stringMatching(new RegExp(`^${app.url}/dashboard/accept-invite#token=[A-Za-z0-9_-]{43}$`)),
      email_delivery: 'not_configured',
      email_problem: null,
    });
    const token = tokenOf(made.body.invite_url);
    const preview = await dashboardCall(app, undefined)('POST', '/invites/inspect', { body: { token } });
    expect(preview.body).toEqual({
      organization: { organization_id: owner.organizationId, name: 'Invite Co' },
      email,
      role: 'member',
      expires_at: made.body.invite.expires_at,
      account_exists: false,
      signed_in_as: null,
    });
    expectEnvelope(await accept(token), 422, 'VALIDATION_ERROR');
    const joined = await accept(token, { password: PASSWORD });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toMatchObject({ role: 'member', organization: { organization_id: owner.organizationId } });
    expect(sessionCookieOf(joined)).toBeDefined();
    expectEnvelope(await accept(token, { password: PASSWORD }), 404, 'NOT_FOUND');
    expectEnvelope(await dashboardCall(app, undefined)('POST', '/invites/inspect', { body: { token } }), 404, 'NOT_FOUND');
    expectEnvelope(await owner.call('POST', '/team/invites', { body: { email, role: 'owner' } }), 409, 'EMAIL_TAKEN');
    const team = await owner.call('GET', '/team');
    expect(team.body.invites).toEqual([]);
    expect(team.body.members[1]).toMatchObject({ email, role: 'member', last_signed_in_at: expect.stringMatching(UTC_SECONDS) });
  });

  it('an existing account joins with its own password: a wrong or missing one is 401 and the link stays usable', async () => {
    const owner = await signUp(app, undefined, 'Acme Two');
    const bob = await signUp(app, undefined, "Bob's Bakery");
    const token = await invite(owner, bob.email);
    const preview = await dashboardCall(app, undefined)('POST', '/invites/inspect', { body: { token } });
    expect(preview.body).toMatchObject({ email: bob.email, account_exists: true, signed_in_as: null });
    expectEnvelope(await accept(token), 401, 'INVALID_CREDENTIALS');
    expectEnvelope(await accept(token, { password: 'not the password at all' }), 401, 'INVALID_CREDENTIALS');
    const joined = await accept(token, { password: PASSWORD });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.organization.organization_id).toBe(owner.organizationId);
    expect(joined.body.role).toBe('member');
    expect(joined.body.organizations).toEqual([
      { organization_id: bob.organizationId, name: "Bob's Bakery", role: 'owner' },
      { organization_id: owner.organizationId, name: 'Acme Two', role: 'member' },
    ]);
    // One account, one password: the earlier session still works, in Bob's own organization.
    expect((await bob.call('GET', '/session')).body.organization.organization_id).toBe(bob.organizationId);
    const [{ count }] = (await app.database.store.sql('SELECT count(*)::int AS count FROM accounts WHERE email = $1', [bob.email])) as [
      { count: number },
    ];
    expect(count).toBe(1);
  });

  it('an existing account signed in in this browser joins without its password; its session moves to the organization', async () => {
    const owner = await signUp(app, undefined, 'Acme Three');
    const carol = await signUp(app, undefined, 'Carol Co');
    const dave = await signUp(app, undefined, 'Dave Co');
    const token = await invite(owner, carol.email, 'owner');
    const preview = await dashboardCall(app, carol.cookie)('POST', '/invites/inspect', { body: { token } });
    expect(preview.body).toMatchObject({ account_exists: true, signed_in_as: carol.email, role: 'owner' });
    // Someone else's session proves nothing about Carol.
    expectEnvelope(await accept(token, { cookie: dave.cookie }), 401, 'INVALID_CREDENTIALS');
    const joined = await accept(token, { cookie: carol.cookie });
    expect(joined.status, joined.text).toBe(200);
    expect(sessionCookieOf(joined)).toBeUndefined();
    expect(joined.body).toMatchObject({ role: 'owner', organization: { organization_id: owner.organizationId, name: 'Acme Three' } });
    expect((await carol.call('GET', '/overview')).body.organization.organization_id).toBe(owner.organizationId);
    expect((await dave.call('GET', '/session')).body.organization.organization_id).toBe(dave.organizationId);
  });

  it('a revoked invite and a replaced one answer 404; the admin API invites with a role too', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('revoked');
    const made = await owner.call('POST', '/team/invites', { body: { email, role: 'member' } });
    expect((await owner.call('DELETE', `/team/invites/${made.body.invite.id}`)).status).toBe(204);
    expectEnvelope(await accept(tokenOf(made.body.invite_url), { password: PASSWORD }), 404, 'NOT_FOUND');
    const first = await invite(owner, email);
    await invite(owner, email, 'owner');
    expectEnvelope(await accept(first, { password: PASSWORD }), 404, 'NOT_FOUND');

    const byAdmin = await app.call('POST', `/admin/v1/organizations/${owner.organizationId}/invites`, {
      key: ADMIN_TOKEN,
      body: { email: uniqueEmail('ops'), role: 'member' },
    });
    expect(byAdmin.status, byAdmin.text).toBe(201);
    const joined = await accept(byAdmin.body.token, { password: PASSWORD });
    expect(joined.body.role).toBe('member');
  });
});

describe('switching organization', () => {
  it('moves the session to another organization of the account; any other is 404', async () => {
    const acme = await signUp(app, undefined, 'Switch Acme');
    const bob = await signUp(app, undefined, 'Switch Bob');
    const stranger = await signUp(app, undefined, 'Switch Stranger');
    expect((await accept(await invite(acme, bob.email), { password: PASSWORD })).status).toBe(200);

    const switched = await bob.call('POST', '/session/organization', { body: { organization_id: acme.organizationId } });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({ role: 'member', organization: { organization_id: acme.organizationId, name: 'Switch Acme' } });
    expect(switched.body.organizations).toHaveLength(2);
    expect((await bob.call('GET', '/overview')).body.organization.name).toBe('Switch Acme');
    expectEnvelope(await bob.call('POST', '/api-key/regenerate'), 403, 'FORBIDDEN');

    for (const organizationId of [stranger.organizationId, '00000000-0000-4000-8000-000000000000']) {
      expectEnvelope(await bob.call('POST', '/session/organization', { body: { organization_id: organizationId } }), 404, 'NOT_FOUND');
    }
    expect((await bob.call('GET', '/session')).body.organization.organization_id).toBe(acme.organizationId);

    // A tab still showing Acme after another tab switched back to Bob's own organization: its
    // calls are refused and change nothing; the session's routes and calls naming Bob's work.
    const back = await bob.call('POST', '/session/organization', { body: { organization_id: bob.organizationId } });
    expect(back.body).toMatchObject({ role: 'owner', organization: { name: 'Switch Bob' } });
    const showingAcme = { headers: { [SHOWN_ORGANIZATION_HEADER]: acme.organizationId } };
    const keyBefore = (await bob.call('GET', '/overview')).body.api_key;
    for (const [method, path] of [
      ['POST', '/api-key/regenerate'],
      ['GET', '/overview'],
    ] as const) {
      const stale = await bob.call(method, path, showingAcme);
      expectEnvelope(stale, 409, 'ORGANIZATION_CHANGED');
      expect(stale.body.error.message).toContain('Switch Bob was chosen since');
    }
    expect((await bob.call('GET', '/overview')).body.api_key).toEqual(keyBefore);
    expect((await bob.call('GET', '/session', showingAcme)).status).toBe(200);
    expect((await bob.call('GET', '/overview', { headers: { [SHOWN_ORGANIZATION_HEADER]: bob.organizationId } })).status).toBe(200);
    expect((await bob.call('POST', '/api-key/regenerate')).status).toBe(200);
    // Signing in starts in the organization the account joined first.
    expect((await signIn(app, bob.email)).body.organization.organization_id).toBe(bob.organizationId);
  });
});

describe('removing a member', () => {
  it('ends their sessions in that organization at once and revokes the apps they connected there, nothing elsewhere', async () => {
    const acme = await signUp(app, undefined, 'Removal Acme');
    const bob = await signUp(app, undefined, 'Removal Bob');
    const inAcme = await accept(await invite(acme, bob.email), { password: PASSWORD });
    const bobInAcme = dashboardCall(app, sessionCookieOf(inAcme));
    const bobAtAcme = { ...bob, cookie: sessionCookieOf(inAcme)!, call: bobInAcme };
    const acmeApp = await connectApp(app, bobAtAcme);
    const ownApp = await connectApp(app, bob);
    const ownersApp = await connectApp(app, acme);
    for (const connection of [acmeApp, ownApp, ownersApp]) expect((await mcpStatus(app, connection.accessToken)).status).toBe(200);

    const bobId = await accountIdOf(bob.email);
    expect((await acme.call('DELETE', `/team/members/${bobId}`)).status).toBe(204);
    expectEnvelope(await bobInAcme('GET', '/overview'), 401, 'UNAUTHORIZED');
    expect((await mcpStatus(app, acmeApp.accessToken)).status).toBe(401);
    const grants = await app.database.store.sql('SELECT 1 FROM oauth_grants WHERE organization_id = $1::uuid AND account_id = $2::uuid', [
      acme.organizationId,
      bobId,
    ]);
    expect(grants).toEqual([]);
    // Bob's own organization, and the owner's app, are untouched.
    expect((await bob.call('GET', '/session')).body.organizations).toEqual([
      { organization_id: bob.organizationId, name: 'Removal Bob', role: 'owner' },
    ]);
    expect((await mcpStatus(app, ownApp.accessToken)).status).toBe(200);
    expect((await mcpStatus(app, ownersApp.accessToken)).status).toBe(200);
    expect((await signIn(app, bob.email)).status).toBe(200);
  });

  it('a member may leave; an account left in no organization is deleted', async () => {
    const owner = await signUp(app);
    const member = await join(owner);
    expect((await member.call('DELETE', `/team/members/${await accountIdOf(member.email)}`)).status).toBe(204);
    expectEnvelope(await member.call('GET', '/session'), 401, 'UNAUTHORIZED');
    expectEnvelope(await signIn(app, member.email), 401, 'INVALID_CREDENTIALS');
    // The email is free: a new invite makes a new account.
    const again = await accept(await invite(owner, member.email), { password: 'another good password' });
    expect(again.status, again.text).toBe(200);
  });
});

describe('connected apps and roles', () => {
  it('consent lists every organization of the person (the session first) and connects the one chosen; others are 404', async () => {
    const acme = await signUp(app, undefined, 'Consent Acme');
    const bob = await signUp(app, undefined, 'Consent Bob');
    const stranger = await signUp(app, undefined, 'Consent Stranger');
    expect((await accept(await invite(acme, bob.email), { password: PASSWORD })).status).toBe(200);
    const query = authorizeQuery(app, { client_id: await newClient(app), code_challenge: pkce().challenge });
    const shown = await bob.call('GET', `/oauth/authorization?${new URLSearchParams(query).toString()}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.organizations.map((o: { organization_id: string }) => o.organization_id)).toEqual([
      bob.organizationId,
      acme.organizationId,
    ]);
    const decide = (organizationId: string) =>
      bob.call('POST', '/oauth/authorization', { body: { ...query, decision: 'allow', organization_id: organizationId } });
    expectEnvelope(await decide(stranger.organizationId), 404, 'NOT_FOUND');
    const allowed = await decide(acme.organizationId);
    expect(allowed.status, allowed.text).toBe(200);
    const [grant] = await app.database.store.sql<{ organization_id: string }>(
      'SELECT organization_id::text AS organization_id FROM oauth_grants WHERE account_id = (SELECT id FROM accounts WHERE email = $1)',
      [bob.email],
    );
    expect(grant!.organization_id).toBe(acme.organizationId);
  });

  it('a member disconnects the apps they allowed, not others (403 FORBIDDEN); an owner disconnects any', async () => {
    const owner = await signUp(app, undefined, 'Disconnect Co');
    const member = await join(owner);
    await connectApp(app, owner);
    await connectApp(app, member);
    const apps = (await member.call('GET', '/connected-apps')).body.data as Array<{ id: string; allowed_by: string }>;
    const ownersGrant = apps.find((a) => a.allowed_by === owner.email)!;
    const membersGrant = apps.find((a) => a.allowed_by === member.email)!;
    expectEnvelope(await member.call('DELETE', `/connected-apps/${ownersGrant.id}`), 403, 'FORBIDDEN');
    expect((await member.call('DELETE', `/connected-apps/${membersGrant.id}`)).status).toBe(204);
    const another = await connectApp(app, member);
    const again = (await owner.call('GET', '/connected-apps')).body.data as Array<{ id: string; allowed_by: string }>;
    expect((await owner.call('DELETE', `/connected-apps/${again.find((a) => a.allowed_by === member.email)!.id}`)).status).toBe(204);
    expect((await mcpStatus(app, another.accessToken)).status).toBe(401);
    expect((await owner.call('DELETE', `/connected-apps/${ownersGrant.id}`)).status).toBe(204);
  });
});
