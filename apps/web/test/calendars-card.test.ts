import { mkdir, mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, horizontalOverflow, launchBrowser, PHONE, unnamedControls, type Browser } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';
import { createHuman } from './v1.js';

// The calendar section of a human's page, in the real product: the API server process on the
// embedded store, Chromium, and a calendar served by a small feed server here on loopback
// (which the server reads only with WEBHOOK_ALLOW_PRIVATE_URLS, as in development).

const POLL = { timeout: 30_000 };

let dashboard: DashboardServer;
let browser: Browser;
let feedServer: Server;
let feedBase: string;
let shots: string;
/** What each path of the feed server answers: a body (after `delayMs`), or a status. */
const served = new Map<string, { body?: string; status?: number; delayMs?: number }>();

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** `count` busy hours on the coming days: always inside what a read keeps. */
function ics(count: number) {
  const events = Array.from({ length: count }, (_, i) => {
    const start = Date.now() + (i + 1) * 86_400_000;
    return `BEGIN:VEVENT\r\nUID:busy-${i}@example.com\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(start + 3_600_000)}\r\nSUMMARY:Private\r\nEND:VEVENT\r\n`;
  });
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
}

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    const answer = served.get((req.url ?? '/').split('?')[0]!);
    if (!answer?.body) return void res.writeHead(answer?.status ?? 404).end();
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(answer.body), answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  dashboard = await startDashboardServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  browser = await launchBrowser(dashboard.origin);
  // Screenshots are for looking at, never for the repository.
  shots = process.env.CALENDARS_SCREENSHOT_DIR ?? (await mkdtemp(path.join(tmpdir(), 'humantime-calendars-')));
  await mkdir(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
  await new Promise((resolve) => feedServer?.close(resolve));
  if (shots) console.info(`calendar screenshots: ${shots}`);
});

const problems: string[] = [];

/** Both viewports, full page, with the checks every page gets: named controls, no sideways scroll on a phone. */
async function look(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await settle(page);
  const overflow = await horizontalOverflow(page);
  if (overflow > 0) problems.push(`${name}: ${overflow}px of horizontal scroll at 390×844`);
  problems.push(...(await unnamedControls(page)).map((p) => `${name} (phone): unnamed ${p}`));
  await page.screenshot({ path: path.join(shots, `${name}-390x844.png`), fullPage: true });
  // The two cards alone as well, at the phone's width, to read them at full size.
  for (const [id, part] of [
    ['calendars-title', 'calendars'],
    ['feed-title', 'link'],
  ] as const) {
    await page.locator(`section[aria-labelledby="${id}"]`).screenshot({ path: path.join(shots, `${name}-${part}-390.png`) });
  }
  await page.setViewportSize(DESKTOP);
  await settle(page);
  problems.push(...(await unnamedControls(page)).map((p) => `${name}: unnamed ${p}`));
  await page.screenshot({ path: path.join(shots, `${name}-1280x800.png`), fullPage: true });
}

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.loading'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

it("adds, syncs and removes a human's calendar, and shows their subscription link once", async () => {
  const { page } = browser;

  await page.goto('/dashboard/signup');
  await page.getByLabel('Organization name').fill('Calendar Co');
  await page.getByLabel('Work email').fill('grace@example.com');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create organization' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  const human = await createHuman(dashboard.origin, key);

  await page.goto(`/dashboard/humans/${human.id}`);
  const card = page.getByRole('region', { name: 'Calendars' });
  await card.getByRole('heading', { name: `Connect ${human.name}'s calendar` }).waitFor();
  await page.getByRole('button', { name: 'Create link' }).waitFor();
  await look(page, 'calendars-empty');

  // A calendar that cannot be read: the API's own sentence, next to the address, and nothing kept.
  served.set('/gone.ics', { status: 404 });
  const address = page.getByLabel('Calendar address');
  await address.fill(`${feedBase}/gone.ics`);
  await card.getByRole('button', { name: 'Add calendar' }).click();
  const fieldError = card.getByRole('alert');
  await fieldError.waitFor();
  expect(await fieldError.textContent()).toMatch(/^The calendar could not be read: .*404/);
  expect(await address.getAttribute('aria-invalid')).toBe('true');
  await card.getByText('Where do I find it?').click();
  await card.getByRole('button', { name: /^Username and password/ }).click();
  await page.getByLabel('Username').waitFor();
  await look(page, 'calendars-unreadable');

  // A good one, with a name: listed with status ok, its host only, when it was read and its busy times.
  served.set('/personal/secret-token-123/basic.ics', { body: ics(2) });
  await address.fill(`${feedBase}/personal/secret-token-123/basic.ics`);
  await page.getByLabel('Name (optional)').fill('Personal');
  await card.getByRole('button', { name: 'Add calendar' }).click();
  const personal = card.getByTestId('calendar-row').filter({ hasText: 'Personal' });
  await personal.waitFor();
  expect(await personal.getByText('ok', { exact: true }).count()).toBe(1);
  const text = (await personal.textContent())!;
  expect(text).toContain(new URL(feedBase).host);
  expect(text).toContain('Last read just now');
  expect(text).toContain('2 busy times');
  expect(await page.content()).not.toContain('secret-token-123');

  // A second one, which then fails to read: the error says what failed, the last good read still counts.
  served.set('/work.ics', { body: ics(1) });
  await card.getByRole('button', { name: 'Add calendar' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('calendar-url');
  await look(page, 'calendars-add-another');
  await address.fill(`${feedBase}/work.ics`);
  await card.getByRole('button', { name: 'Add calendar' }).click();
  const work = card.getByTestId('calendar-row').filter({ hasNotText: 'Personal' });
  await work.waitFor();
  served.set('/work.ics', { status: 500 });
  await work.getByRole('button', { name: 'Sync now' }).click();
  await work.getByText('error', { exact: true }).waitFor();
  expect(await work.getByTestId('calendar-problem').textContent()).toMatch(
    /^Read failed just now: .*500.*The busy time of the last good read still counts\.$/,
  );

  // Sync now shows that it is reading, then the new state.
  served.set('/personal/secret-token-123/basic.ics', { body: ics(3), delayMs: 1_500 });
  await personal.getByRole('button', { name: 'Sync now' }).click();
  await personal.getByRole('button', { name: 'Syncing…' }).waitFor();
  await personal.screenshot({ path: path.join(shots, 'calendars-syncing-row.png') });
  await personal.getByText('3 busy times').waitFor();
  expect(await personal.getByRole('button', { name: 'Sync now' }).isEnabled()).toBe(true);

  // The subscription link: shown once, with a copy button.
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = (await page.getByTestId('feed-url').textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${dashboard.origin}/feeds/feed_[A-Za-z0-9_-]+\\.ics$`));
  await page.getByRole('button', { name: 'Copy new subscription link' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(link);
  expect((await fetch(link)).status).toBe(200);
  await page.getByText('How do I subscribe?').click();
  await look(page, 'calendars-listed');

  // Remove, after the confirmation.
  await work.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this calendar?' });
  await dialog.waitFor();
  await look(page, 'calendars-remove-confirm');
  await dialog.getByRole('button', { name: 'Remove calendar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => card.getByTestId('calendar-row').count(), POLL).toBe(1);

  // After a reload the link is gone from the page: only since when it is active.
  await page.reload();
  await page.getByTestId('feed-since').waitFor();
  await personal.waitFor();
  expect(await page.getByTestId('feed-url').count()).toBe(0);
  expect(await page.content()).not.toContain(link);
  await look(page, 'calendars-active');

  // Regenerate, after a confirmation that says the old link dies: it does, at once.
  await page.getByRole('button', { name: 'Regenerate' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate the subscription link?' });
  expect(await regenerate.textContent()).toContain('The old link stops working at once');
  await regenerate.getByRole('button', { name: 'Regenerate link' }).click();
  const second = (await page.getByTestId('feed-url').textContent())!.trim();
  expect(second).not.toBe(link);
  expect((await fetch(link)).status).toBe(404);
  expect((await fetch(second)).status).toBe(200);

  // Revoke: no link at all.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke the subscription link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('button', { name: 'Create link' }).waitFor();
  expect(await page.getByTestId('feed-url').count()).toBe(0);
  expect((await fetch(second)).status).toBe(404);

  // And the last calendar goes the same way as the first.
  await personal.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove this calendar?' }).getByRole('button', { name: 'Remove calendar' }).click();
  await card.getByRole('heading', { name: `Connect ${human.name}'s calendar` }).waitFor();

  expect(problems).toEqual([]);
});
