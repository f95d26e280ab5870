import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../api/test/webhook-receiver.js';
import { waitFor } from '../../api/test/process/spawn.js';
import { checkPage, launchBrowser, pageProblems, type Browser, type PageCheck } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';
import { bookFirstSlots, createHuman, v1 } from './v1.js';

// One journey through the real product: the API server process on the embedded store,
// serving the built dashboard, driven by Debian's Chromium. Nothing is faked: bookings are
// made over HTTP with the key read off the page, and the webhook hits a receiver here.

const PASSWORD = 'correct horse battery staple';
const EMAIL = 'ada@example.com';

let dashboard: DashboardServer;
let origin: string;
let receiver: Receiver;
let browser: Browser;
const checks: PageCheck[] = [];
// expect.poll gives up after 1 s by default; a loaded CI machine needs longer.
const POLL = { timeout: 30_000 };

beforeAll(async () => {
  receiver = await startReceiver(() => 200);
  dashboard = await startDashboardServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  origin = dashboard.origin;
  browser = await launchBrowser(origin);
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
  await receiver?.close();
});

it('sign up, book with the key, regenerate it, go Starter, add a webhook, cancel, sign out', async () => {
  const { page } = browser;
  const check = async (name: string) => void checks.push(await checkPage(page, name));

  // Sign up; the key is on the page once, and the copy button puts exactly it on the clipboard.
  await page.goto('/dashboard/signup');
  await check('signup');
  await page.getByLabel('Organization name').fill('Acme Robotics');
  await page.getByLabel('Work email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create organization' }).click();
  const firstKey = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(firstKey).toMatch(/^sk_live_[A-Za-z0-9]{32,}$/);
  await page.getByRole('button', { name: 'Copy api key' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(firstKey);
  await check('signup-key');
  await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  expect(await page.getByTestId('usage-used').textContent()).toMatch(/^0 of 100/);

  // A booking made over HTTP with that key shows on the Overview and in Bookings.
  const human = await createHuman(origin, firstKey);
  await bookFirstSlots(origin, firstKey, human, ['Grace Hopper']);
  await page.reload();
  await expect.poll(() => page.getByTestId('usage-used').textContent(), POLL).toMatch(/^1 of 100/);
  await check('overview');
  await page.getByRole('link', { name: 'Bookings' }).first().click();
  await page.getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor();

  // By keyboard: the first Tab offers to skip the navigation; the confirmation opens with
  // Enter and Escape dismisses it without regenerating anything.
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.reload();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  await page.getByRole('button', { name: 'Regenerate key' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect(await page.getByTestId('key-masked').textContent()).toBe(`sk_live_…${firstKey.slice(-4)}`);

  // Regenerate after a confirmation: the old key is dead at once, the new one works.
  await page.getByRole('button', { name: 'Regenerate key' }).click();
  await check('overview-regenerate-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate key' }).click();
  const newKey = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(newKey).not.toBe(firstKey);
  expect(await page.getByTestId('key-masked').textContent()).toBe(`sk_live_…${newKey.slice(-4)}`);
  expect((await v1(origin, firstKey, 'GET', '/v1/usage')).status).toBe(401);
  expect((await v1(origin, newKey, 'GET', '/v1/usage')).status).toBe(200);

  // On Free the switch is off and says why; on Starter it turns on.
  const autoSwitch = page.getByRole('switch', { name: 'Buy overage packs automatically' });
  expect(await autoSwitch.isDisabled()).toBe(true);
  await page.getByRole('link', { name: 'Plan' }).click();
  await check('plan');
  await page.getByRole('button', { name: 'Switch to Starter' }).click();
  await page.getByRole('region', { name: 'Starter' }).getByText('Current plan').waitFor();
  // A move down is confirmed first, saying what it changes; going back changes nothing.
  await page.getByRole('button', { name: 'Switch to Free' }).click();
  const downgrade = page.getByRole('dialog', { name: 'Switch to Free?' });
  await downgrade.getByText('Auto-purchase turns off').waitFor();
  await check('plan-downgrade');
  await downgrade.getByRole('button', { name: 'Go back' }).click();
  await page.getByRole('region', { name: 'Starter' }).getByText('Current plan').waitFor();
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect.poll(() => autoSwitch.isEnabled(), POLL).toBe(true);
  await autoSwitch.check();
  await expect
    .poll(async () => (await v1(origin, newKey, 'GET', '/v1/usage')).body, POLL)
    .toMatchObject({ plan: 'starter', auto_purchase: true });

  // A webhook: its secret is shown once, and a booking's delivery appears in its log.
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await check('webhooks-empty');
  await page.getByLabel('Endpoint URL').fill(`${receiver.url}/hooks`);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const secret = (await page.getByTestId('signing-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await check('webhooks-secret');
  await page.reload();
  await page.getByTestId('webhook-row').first().waitFor();
  expect(await page.getByTestId('signing-secret').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
  const [booked] = await bookFirstSlots(origin, newKey, human, ['Alan Turing']);
  await receiver.waitFor('the booking.confirmed delivery', () => receiver.byPath('/hooks').length > 0, 60_000);
  await page.getByRole('link', { name: /Delivery log of/ }).click();
  await waitFor(
    'the delivery in the log',
    async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return (await page.getByTestId('delivery-row').filter({ hasText: 'HTTP 200' }).count()) > 0 || undefined;
    },
    60_000,
  );
  expect(await page.getByTestId('delivery-row').first().textContent()).toContain(booked!.id.slice(-8));
  await check('webhook-log');

  // Long unbroken names and addresses wrap in the phone's cards, never cut off.
  const longNamed = await createHuman(origin, newKey, {
    name: 'Maximiliana Konstantinopoulou-Wolfeschlegelsteinhausenberger',
    email: 'maximiliana.konstantinopoulou.wolfeschlegelsteinhausenberger@long-subdomain.example.com',
    role: 'Principal Distinguished Senior Staff Solutions Architecture Lead',
  });
  await bookFirstSlots(origin, newKey, longNamed, ['Bartholomew Featherstonehaugh-Cholmondeley-Marjoribanks']);
  // Cancel a booking from the list, after the confirmation.
  await page.getByRole('link', { name: 'Bookings' }).first().click();
  const row = page.getByTestId('booking-row').filter({ hasText: 'Alan Turing' });
  await row.getByRole('button', { name: /Cancel the booking/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
  await row.getByText('cancelled').waitFor();
  expect((await v1(origin, newKey, 'GET', `/v1/bookings/${booked!.id}`)).body).toMatchObject({ status: 'cancelled' });
  await check('bookings');
  // Dates the wrong way round: said at the field, no rows left from before, no API jargon.
  await page.getByLabel('Starts on or after').fill('2031-03-05');
  await page.getByLabel('Starts on or before').fill('2031-03-01');
  await page.getByText('Must not be before “Starts on or after”.').waitFor();
  expect(await page.getByTestId('booking-row').count()).toBe(0);
  expect(await page.content()).not.toContain('starts_before');
  await page.getByLabel('Starts on or after').fill('');
  await page.getByLabel('Starts on or before').fill('');
  await row.waitFor();

  // The other pages, for their screenshots and checks.
  await page.goto(`/dashboard/bookings/${booked!.id}`);
  await page.getByRole('heading', { name: 'Metadata' }).waitFor();
  await check('booking-detail');
  await page.getByRole('link', { name: 'Humans' }).click();
  await page.getByRole('link', { name: human.name }).waitFor();
  await check('humans');
  await page.getByRole('link', { name: human.name }).click();
  await page.getByRole('heading', { name: /^Week of/ }).waitFor();
  await check('human-week');
  await page.getByRole('link', { name: 'Billing' }).click();
  await page.getByRole('heading', { name: 'Billing' }).waitFor();
  await check('billing');

  // Sign out ends the session: the pages send to sign-in and the API says 401.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await check('signin');
  expect(await page.evaluate(async () => (await fetch('/dashboard/api/session')).status)).toBe(401);
  await page.goto('/dashboard/bookings');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(new URL(page.url()).searchParams.get('next')).toBe('/bookings');

  // Signing back in returns to where the person was going.
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Bookings' }).waitFor();

  await page.goto('/dashboard/accept-invite#token=not-a-real-token');
  await check('accept-invite');

  expect(pageProblems(checks)).toEqual([]);
});
