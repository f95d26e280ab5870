import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkPage, launchBrowser, type Browser } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';

// DASHBOARD_SIGNUP=closed: the sign-up page says so and how to get in, with no form, and
// the sign-in page no longer offers to create an organization. The real server process on
// the embedded store, serving the built pages, in Debian's Chromium.

let dashboard: DashboardServer;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dashboard = await startDashboardServer({ DASHBOARD_SIGNUP: 'closed' });
  origin = dashboard.origin;
  browser = await launchBrowser(origin);
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

it('with sign-up closed, /dashboard/signup explains how to join and shows no form; sign-in offers no sign-up', async () => {
  // Before any script runs: the server's own page.
  const html = await (await fetch(`${origin}/dashboard/signup`)).text();
  expect(html).toContain('Sign-up is closed');
  expect(html).toContain('invitation link');
  expect(html).not.toMatch(/<form/i);

  const { page } = browser;
  await page.goto('/dashboard/signup');
  await expect.poll(() => page.getByRole('heading', { name: 'Sign-up is closed' }).count(), { timeout: 30_000 }).toBe(1);
  expect(await page.locator('form, input').count()).toBe(0);
  await expect.poll(() => page.getByText('invitation link').count()).toBeGreaterThan(0);
  const signup = await checkPage(page, 'signup-closed');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count(), { timeout: 30_000 }).toBe(1);
  expect(await page.getByRole('link', { name: 'Create an organization' }).count()).toBe(0);
  await expect.poll(() => page.getByText('Ask an owner of your organization for an invitation link').count()).toBe(1);
  const signin = await checkPage(page, 'signin-signup-closed');

  for (const check of [signup, signin]) {
    expect(check.unnamed, check.name).toEqual([]);
    expect(check.overflowAtPhone, check.name).toBeLessThanOrEqual(0);
  }
});
