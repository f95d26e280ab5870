import { afterAll, beforeAll, expect, it } from 'vitest';
import { StripeStandIn } from '../../api/test/stripe-stand-in.js';
import { checkPage, launchBrowser, type Browser } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';

// The Billing page with Stripe on: the API server process pointed at a local stand-in of
// Stripe's API (STRIPE_API_BASE), Chromium following the redirect to the stand-in's Checkout
// page and back, and the card arriving by the stand-in's signed webhook.

const PASSWORD = 'correct horse battery staple';
const POLL = { timeout: 30_000 };

let stripe: StripeStandIn;
let dashboard: DashboardServer;
let browser: Browser;

beforeAll(async () => {
  stripe = new StripeStandIn('whsec_stand_in_secret');
  await stripe.start();
  dashboard = await startDashboardServer({
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_API_BASE: stripe.url,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_TIMEOUT_MS: '2000',
  });
  stripe.webhookUrl = `${dashboard.origin}/stripe/webhooks`;
  browser = await launchBrowser(dashboard.origin);
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
  await stripe?.stop();
});

it('adds a card through Stripe Checkout: to the checkout URL and back, then a paid plan is allowed', async () => {
  const { page } = browser;
  await page.goto('/dashboard/signup');
  await page.getByLabel('Organization name').fill('Acme Billing');
  await page.getByLabel('Work email').fill('billing@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();

  await page.getByRole('link', { name: 'Billing' }).first().click();
  await page.getByRole('heading', { name: 'Billing' }).waitFor();
  await expect.poll(() => page.getByTestId('card-on-file').textContent(), POLL).toBe('No card on file.');
  await checkPage(page, 'billing-no-card');

  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.waitForURL(`${stripe.url}/checkout/**`);
  const [session] = [...stripe.sessions.values()];
  expect(session).toMatchObject({ mode: 'setup', success_url: `${dashboard.origin}/dashboard/billing?card=added` });
  await page.getByRole('button', { name: 'Save card' }).click();

  await page.waitForURL(`${dashboard.origin}/dashboard/billing?card=added`);
  await expect.poll(() => page.getByTestId('card-on-file').textContent(), POLL).toBe('Visa ending 4242, expires 12/2034');
  await checkPage(page, 'billing-card');
  await page.getByRole('button', { name: 'Replace the card' }).waitFor();

  await page.getByRole('link', { name: 'Plan' }).first().click();
  await page.getByRole('button', { name: 'Switch to Growth' }).click();
  await expect.poll(() => page.locator('section.plan.current h2').textContent(), POLL).toBe('Growth');
});
