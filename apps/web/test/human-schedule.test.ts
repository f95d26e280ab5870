import { addDays } from '@humantime/slot-engine';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDate, mondayOf } from '../src/lib/week.js';
import { checkPage, launchBrowser, pageProblems, type Browser, type PageCheck } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';
import { createHuman, v1 } from './v1.js';

// A human's page does the daily work on the schedule, in the real product (the API process
// on the embedded store, Chromium): weekly hours and rules previewed in the week before they
// are saved, the API's refusals at their fields, and time off added and removed.

const POLL = { timeout: 30_000 };

let dashboard: DashboardServer;
let browser: Browser;
const checks: PageCheck[] = [];

beforeAll(async () => {
  dashboard = await startDashboardServer();
  browser = await launchBrowser(dashboard.origin);
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

const weekCount = (page: Page) => page.getByTestId('week-count').textContent();
/** The open slots listed on the n-th day (0 = Monday) of the week shown. */
const daySlots = (page: Page, n: number) => page.locator('.week .day').nth(n).locator('.chip.slot').allTextContents();

it('edits weekly hours with a live preview, shows refusals at their fields, and adds and removes time off', async () => {
  const { page } = browser;
  const check = async (name: string) => void checks.push(await checkPage(page, name));

  await page.goto('/dashboard/signup');
  await page.getByLabel('Organization name').fill('Schedule Co');
  await page.getByLabel('Work email').fill('katherine@example.com');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create organization' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  // Berlin, every day 08:00-18:00, 30- and 60-minute meetings; the browser is in New York.
  const human = await createHuman(dashboard.origin, key);
  const availability = async () => (await v1(dashboard.origin, key, 'GET', `/v1/humans/${human.id}/availability`)).body;
  const overrides = async () =>
    ((await v1(dashboard.origin, key, 'GET', `/v1/humans/${human.id}/overrides`)).body as { data: unknown[] }).data;

  await page.goto(`/dashboard/humans/${human.id}`);
  const hours = page.getByRole('region', { name: 'Weekly hours' });
  await hours.getByRole('checkbox', { name: 'Monday' }).waitFor();
  // Next week: every date of it is in the future, so every day lists all its slots.
  await page.getByRole('button', { name: 'Next week' }).click();
  const nextMonday = addDays(mondayOf(localDate(new Date().toISOString(), 'Europe/Berlin')), 7);
  await expect.poll(() => weekCount(page), POLL).toBe('140 open slots this week');
  await check('schedule-saved');

  // Edits show in the week at once, marked as a preview; nothing is saved yet.
  await hours.getByLabel('End', { exact: true }).fill('12:00');
  await expect.poll(() => weekCount(page), POLL).toBe('56 open slots this week');
  expect((await daySlots(page, 2)).at(-1)).toMatch(/^11:30\sAM$/);
  await hours.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await expect.poll(() => weekCount(page), POLL).toBe('48 open slots this week');
  expect(await page.locator('.week .day').nth(6).textContent()).toContain('Day off');
  await hours.getByLabel('Slot interval (minutes)').fill('60');
  await expect.poll(() => weekCount(page), POLL).toBe('24 open slots this week');
  // Preferred hours only rank suggestions: the slots stay.
  await hours.getByRole('button', { name: 'Add preferred hours' }).click();
  const preferred = hours.getByRole('group', { name: 'Preferred hours 1' });
  await preferred.getByRole('checkbox', { name: 'Friday' }).uncheck();
  expect(await weekCount(page)).toBe('24 open slots this week');
  await page.getByText('Previewing the unsaved hours').waitFor();
  expect(await hours.getByText('Unsaved changes').isVisible()).toBe(true);
  expect(await availability()).toMatchObject({ work_end: '18:00', working_days: [1, 2, 3, 4, 5, 6, 7], slot_interval: null });
  await check('schedule-preview');

  // A start after the end and a buffer out of range: the API's messages, each at its field.
  await hours.getByLabel('Start', { exact: true }).fill('13:00');
  await hours.getByLabel('Buffer before (minutes)').fill('999');
  await preferred.getByLabel('Until').fill('08:00');
  await page.getByText("Showing the saved hours: the edited ones can't be previewed yet").waitFor();
  await hours.getByRole('button', { name: 'Save hours' }).click();
  const end = hours.getByLabel('End', { exact: true });
  await expect.poll(() => end.getAttribute('aria-invalid'), POLL).toBe('true');
  expect(await page.locator('#hours-end-error').textContent()).toBe(
    'End must be later than the start (overnight shifts are not supported)',
  );
  expect(await page.locator('#hours-buffer-before-error').textContent()).toBe('Buffer before must be between 0 and 240 minutes.');
  expect(await hours.getByLabel('Buffer before (minutes)').getAttribute('aria-invalid')).toBe('true');
  expect(await preferred.getByLabel('Until').getAttribute('aria-invalid')).toBe('true');
  expect(await preferred.locator('.field-error').textContent()).toBe('Until must be later than the start.');
  // Focus went to the first field to fix, so a screen reader reads its message.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('hours-end');
  expect(await availability()).toMatchObject({ work_start: '08:00', work_end: '18:00', buffer_before: null });
  await check('schedule-refused');

  // Fixed, each message goes as its field changes; saved, the week is the server's again.
  await hours.getByLabel('Start', { exact: true }).fill('09:00');
  expect(await end.getAttribute('aria-invalid')).toBeNull();
  await hours.getByLabel('Buffer before (minutes)').fill('15');
  await preferred.getByLabel('Until').fill('11:00');
  await hours.getByLabel('Slot interval (minutes)').fill('');
  await expect.poll(() => weekCount(page), POLL).toBe('36 open slots this week');
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await hours.getByText('Saved: agents see the new hours now.').waitFor();
  expect(await page.getByText('Preview', { exact: true }).count()).toBe(0);
  expect(await availability()).toMatchObject({
    working_days: [1, 2, 3, 4, 5, 6],
    work_start: '09:00',
    work_end: '12:00',
    buffer_before: 15,
    slot_interval: null,
    preferred_hours: [{ weekdays: [1, 2, 3, 4], start: '09:00', end: '11:00' }],
  });
  await expect.poll(() => weekCount(page), POLL).toBe('36 open slots this week');

  // Time off on Wednesday, all day.
  const card = page.getByRole('region', { name: 'Time off and extra hours' });
  const wednesday = addDays(nextMonday, 2);
  await card.getByLabel('First day').fill(wednesday);
  await card.getByLabel('Reason (optional)').fill('Dentist');
  await card.getByRole('button', { name: 'Add time off' }).click();
  const row = card.getByTestId('override-row').filter({ hasText: 'Dentist' });
  await row.waitFor();
  expect(await row.textContent()).toContain('all day');
  await expect.poll(() => weekCount(page), POLL).toBe('30 open slots this week');
  expect(await daySlots(page, 2)).toEqual([]);
  expect(await overrides()).toMatchObject([{ kind: 'block', start_date: wednesday, end_date: wednesday, reason: 'Dentist' }]);

  // Extra hours need times: the API says so at the start time; with them, Sunday opens.
  await card.getByRole('radio', { name: 'Extra hours' }).check();
  const sunday = addDays(nextMonday, 6);
  await card.getByLabel('First day').fill(sunday);
  await card.getByRole('button', { name: 'Add extra hours' }).click();
  await expect.poll(() => card.getByLabel('Start time').getAttribute('aria-invalid'), POLL).toBe('true');
  expect(await page.locator('#override-start-time-error').textContent()).toBe(
    'Start time is required for an open override, together with the end time.',
  );
  await check('schedule-override-refused');
  await card.getByLabel('Start time').fill('10:00');
  await card.getByLabel('End time').fill('12:00');
  await card.getByRole('button', { name: 'Add extra hours' }).click();
  await card.getByTestId('override-row').filter({ hasText: 'Extra hours' }).waitFor();
  await expect.poll(() => weekCount(page), POLL).toBe('34 open slots this week');
  expect(await daySlots(page, 6)).toHaveLength(4);
  await check('schedule-overrides');

  // Remove the time off, after the confirmation: Wednesday is open again.
  await row.getByRole('button', { name: /^Remove time off/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this time off?' });
  await dialog.waitFor();
  await check('schedule-remove-confirm');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => card.getByTestId('override-row').count(), POLL).toBe(1);
  await expect.poll(() => weekCount(page), POLL).toBe('40 open slots this week');
  expect(await daySlots(page, 2)).toHaveLength(6);
  expect(await overrides()).toMatchObject([{ kind: 'open', start_date: sunday, start_time: '10:00', end_time: '12:00' }]);

  // A long name and email wrap on a phone instead of widening the page.
  const long = await v1(dashboard.origin, key, 'POST', '/v1/humans', {
    name: 'Bob Newyork-With-A-Very-Long-Hyphenated-Surname-That-Keeps-Going',
    email: 'bob.with.an.extremely.long.email.address@subdomain.example-company.com',
    timezone: 'America/New_York',
  });
  await page.goto(`/dashboard/humans/${(long.body as { id: string }).id}`);
  await page.getByRole('heading', { level: 1, name: /Bob Newyork/ }).waitFor();
  await check('schedule-long-name');

  expect(pageProblems(checks)).toEqual([]);
});
