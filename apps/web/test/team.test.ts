import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { checkPage, DESKTOP, launchBrowser, pageProblems, PHONE, SCREENSHOT_DIR, type Browser, type PageCheck } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';

// The team in the real product: the server process on the embedded store, two people in two
// Chromium profiles. An owner invites, the invitee joins and signs in as a member, the server
// refuses the member's key regeneration (and the page says so), roles change, the switcher
// moves between organizations, and removal ends the member's session there.

const PASSWORD = 'correct horse battery staple';
const ADA = 'ada@example.com';
const GRACE = 'grace@example.com';
const POLL = { timeout: 30_000 };

let dashboard: DashboardServer;
let origin: string;
let ada: Browser;
let grace: Browser;
const checks: PageCheck[] = [];

beforeAll(async () => {
  dashboard = await startDashboardServer();
  origin = dashboard.origin;
  ada = await launchBrowser(origin);
  grace = await launchBrowser(origin);
});

afterAll(async () => {
  await ada?.close();
  await grace?.close();
  await dashboard?.stop();
});

/** Another person, by HTTP only: signs up and answers their session cookie. */
async function signUpByHttp(email: string, organizationName: string): Promise<string> {
  const res = await fetch(`${origin}/dashboard/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organization_name: organizationName, email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return /humantime_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

async function openTeam(page: Page) {
  await page.getByRole('link', { name: 'Team' }).click();
  await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
  await page.getByTestId('member-row').first().waitFor();
}

/** An owner presses a row's button and confirms in the dialog. */
async function confirmRowAction(page: Page, button: string, confirm: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

it('owner invites, the invitee joins as a member, the server refuses what members may not do, roles change, the switcher switches', async () => {
  const check = async (page: Page, name: string) => void checks.push(await checkPage(page, name));
  const a = ada.page;
  const g = grace.page;

  // Ada signs up and invites Grace as a member from the Team page; the link is shown once, to copy.
  await a.goto('/dashboard/signup');
  await a.getByLabel('Organization name').fill('Acme Robotics');
  await a.getByLabel('Work email').fill(ADA);
  await a.getByLabel('Password').fill(PASSWORD);
  await a.getByRole('button', { name: 'Create organization' }).click();
  await a.getByRole('button', { name: 'Continue to the dashboard' }).click();
  await a.getByRole('heading', { name: 'Overview' }).waitFor();
  await openTeam(a);
  expect(await a.getByTestId('member-row').count()).toBe(1);
  expect(await a.getByText('The only owner').count()).toBe(1);
  await a.getByLabel('Email').fill(GRACE);
  await a.getByLabel('Role').selectOption('member');
  await a.getByRole('button', { name: 'Create invite link' }).click();
  const link = (await a.getByTestId('invite-link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${origin}/dashboard/accept-invite#token=[A-Za-z0-9_-]{43}$`));
  await a.getByRole('button', { name: 'Copy invite link' }).click();
  await expect.poll(() => a.evaluate(() => navigator.clipboard.readText()), POLL).toBe(link);
  expect(await a.getByText('This service sends no email').count()).toBe(1);
  await a.getByTestId('invite-row').waitFor();
  await check(a, 'team-owner');

  // Grace opens the link: a new account, so she sets a password and lands in Acme as a member.
  await g.goto(link);
  await g.getByRole('heading', { name: 'Join Acme Robotics' }).waitFor();
  await check(g, 'accept-invite-new');
  await g.getByLabel('New password').fill(PASSWORD);
  await g.getByLabel('Repeat the password').fill(PASSWORD);
  await g.getByRole('button', { name: 'Set password and join' }).click();
  await g.getByRole('heading', { name: 'Overview' }).waitFor();
  // And signs in again, as a member.
  await g.getByRole('button', { name: 'Sign out' }).click();
  await g.getByRole('heading', { name: 'Sign in' }).waitFor();
  await g.getByLabel('Email').fill(GRACE);
  await g.getByLabel('Password').fill(PASSWORD);
  await g.getByRole('button', { name: 'Sign in' }).click();
  await g.getByRole('heading', { name: 'Overview' }).waitFor();
  expect(await g.locator('.org-name').textContent()).toBe('Acme Robotics · Member');
  await check(g, 'overview-member');
  const keyBefore = await g.getByTestId('key-masked').textContent();
  expect(await g.getByRole('button', { name: 'Regenerate key' }).isDisabled()).toBe(true);
  expect(await g.getByText('Only owners can regenerate the key.').count()).toBe(1);
  // On Free, a member is not sent to a Plan page whose buttons they cannot press.
  expect(await g.getByText('An owner can move the organization to Starter or Growth to turn it on.').count()).toBe(1);
  expect(await g.getByRole('link', { name: 'Move to Starter or Growth' }).count()).toBe(0);
  // The server refuses it too, whatever the page shows.
  const refused = await g.evaluate(async () => {
    const res = await fetch('/dashboard/api/api-key/regenerate', { method: 'POST' });
    return { status: res.status, body: (await res.json()) as { error: { code: string } } };
  });
  expect(refused).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
  await g.getByRole('link', { name: 'Billing' }).click();
  await g.getByText('Only owners can see billing.').waitFor();
  await g.getByRole('link', { name: 'Plan' }).click();
  await g.getByText('Only owners can change the plan.').waitFor();
  expect(await g.getByRole('button', { name: 'Switch to Growth' }).isDisabled()).toBe(true);
  await check(g, 'plan-member');
  await openTeam(g);
  expect(await g.getByRole('button', { name: 'Create invite link' }).count()).toBe(0);
  expect(await g.getByRole('button', { name: /^Make / }).count()).toBe(0);
  expect(await g.getByRole('button', { name: /^Remove / }).count()).toBe(0);
  expect(await g.getByText('Only owners can invite people, change roles or remove members.').count()).toBe(1);
  await check(g, 'team-member');

  // Ada makes Grace an owner: Grace's page, loaded afresh, offers the key. Then Ada makes her a
  // member again while Grace's page still shows the button: pressing it, the server refuses,
  // the dialog says why, and the page catches up.
  await a.reload();
  await a.getByTestId('member-row').nth(1).waitFor();
  await confirmRowAction(a, `Make owner: ${GRACE}`, 'Make owner');
  await expect.poll(() => a.getByTestId('member-row').nth(1).textContent(), POLL).toContain('Owner');
  await g.getByRole('link', { name: 'Overview' }).click();
  await g.reload();
  await g.getByRole('heading', { name: 'Overview' }).waitFor();
  expect(await g.getByRole('button', { name: 'Regenerate key' }).isDisabled()).toBe(false);
  await confirmRowAction(a, `Make member: ${GRACE}`, 'Make member');
  await g.getByRole('button', { name: 'Regenerate key' }).click();
  const dialog = g.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Regenerate key' }).click();
  await dialog.getByText('Only an owner of Acme Robotics can regenerate the API key').waitFor();
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect.poll(() => g.getByRole('button', { name: 'Regenerate key' }).isDisabled(), POLL).toBe(true);
  expect(await g.getByTestId('key-masked').textContent()).toBe(keyBefore);

  // Bob, of another organization, invites Grace's existing account as an owner. Signed in, she
  // joins with one click, and the sidebar now switches between her two organizations.
  const bob = await signUpByHttp('bob@example.com', "Bob's Bakery");
  const invited = await fetch(`${origin}/dashboard/api/team/invites`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: bob },
    body: JSON.stringify({ email: GRACE, role: 'owner' }),
  });
  expect(invited.status).toBe(201);
  const { invite_url: bobsLink } = (await invited.json()) as { invite_url: string };
  await g.goto(bobsLink);
  await g.getByRole('heading', { name: "Join Bob's Bakery" }).waitFor();
  expect(await g.getByText('You are signed in as this account').count()).toBe(1);
  await check(g, 'accept-invite-signed-in');
  await g.getByRole('button', { name: "Join Bob's Bakery" }).click();
  await g.getByRole('heading', { name: 'Overview' }).waitFor();
  const switcher = g.getByLabel('Organization');
  await expect.poll(() => switcher.inputValue(), POLL).not.toBe('');
  expect(await switcher.locator('option').allTextContents()).toEqual(['Acme Robotics', "Bob's Bakery"]);
  await expect.poll(() => g.locator('.page-head p').textContent(), POLL).toContain("Bob's Bakery");
  expect(await g.getByRole('button', { name: 'Regenerate key' }).isDisabled()).toBe(false);
  await switcher.selectOption({ label: 'Acme Robotics' });
  await expect.poll(() => g.locator('.page-head p').textContent(), POLL).toContain('Acme Robotics');
  expect(await g.locator('.org-role').textContent()).toBe('You are a member here');
  expect(await g.getByRole('button', { name: 'Regenerate key' }).isDisabled()).toBe(true);
  await openTeam(g);
  await check(g, 'team-switcher');
  // On a phone the switcher opens with the menu.
  await g.setViewportSize(PHONE);
  await g.getByRole('button', { name: 'Menu' }).click();
  await switcher.waitFor();
  await g.screenshot({ path: path.join(SCREENSHOT_DIR, 'team-switcher-menu-390x844.png') });
  await g.getByRole('button', { name: 'Menu' }).click();
  await g.setViewportSize(DESKTOP);

  // Two tabs: this one shows Bob's Bakery, another switches to Acme Robotics. Regenerating the
  // key here is refused and says why: the click was meant for Bob's Bakery, whose key stays.
  await g.getByRole('link', { name: 'Overview' }).click();
  await switcher.selectOption({ label: "Bob's Bakery" });
  await expect.poll(() => g.locator('.page-head p').textContent(), POLL).toContain("Bob's Bakery");
  const bobsKey = await g.getByTestId('key-masked').textContent();
  const other = await grace.context.newPage();
  await other.goto('/dashboard/');
  await other.getByRole('heading', { name: 'Overview' }).waitFor();
  const otherSwitcher = other.getByLabel('Organization');
  await expect.poll(() => otherSwitcher.inputValue(), POLL).not.toBe('');
  await otherSwitcher.selectOption({ label: 'Acme Robotics' });
  await expect.poll(() => other.locator('.page-head p').textContent(), POLL).toContain('Acme Robotics');
  await g.getByRole('button', { name: 'Regenerate key' }).click();
  await g.getByRole('dialog').getByRole('button', { name: 'Regenerate key' }).click();
  await g.getByRole('dialog').getByText('Acme Robotics was chosen since, in another tab or window. Nothing was changed.').waitFor();
  await g.getByRole('dialog').getByRole('button', { name: 'Go back' }).click();
  await otherSwitcher.selectOption({ label: "Bob's Bakery" });
  await expect.poll(() => other.locator('.page-head p').textContent(), POLL).toContain("Bob's Bakery");
  expect(await other.getByTestId('key-masked').textContent()).toBe(bobsKey);
  await otherSwitcher.selectOption({ label: 'Acme Robotics' });
  await expect.poll(() => other.locator('.page-head p').textContent(), POLL).toContain('Acme Robotics');
  await other.close();
  // The stale tab's next page says the same and offers a reload, which shows Acme Robotics.
  await g.getByRole('link', { name: 'Team' }).click();
  await g.getByRole('alert').getByText('Nothing was changed. Reload the page to continue.').waitFor();
  await g.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => g.locator('.page-head p').textContent(), POLL).toContain('Acme Robotics');
  await g.getByTestId('member-row').first().waitFor();

  // Ada removes Grace: her session in Acme ends at once; signing in again lands in Bob's Bakery.
  await a.reload();
  await a.getByTestId('member-row').nth(1).waitFor();
  await confirmRowAction(a, `Remove ${GRACE}`, 'Remove');
  await expect.poll(() => a.getByTestId('member-row').count(), POLL).toBe(1);
  expect(await g.evaluate(async () => (await fetch('/dashboard/api/session')).status)).toBe(401);
  await g.getByRole('link', { name: 'Overview' }).click();
  await g.getByRole('heading', { name: 'Sign in' }).waitFor();
  await g.getByLabel('Email').fill(GRACE);
  await g.getByLabel('Password').fill(PASSWORD);
  await g.getByRole('button', { name: 'Sign in' }).click();
  await g.getByRole('heading', { name: 'Overview' }).waitFor();
  expect(await g.locator('.org-name').textContent()).toBe("Bob's Bakery · Owner");

  expect(pageProblems(checks)).toEqual([]);
});
