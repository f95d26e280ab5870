import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM, DESKTOP, launchBrowser, PHONE, SCREENSHOT_DIR, type Browser } from './browser.js';
import { startDashboardServer, type DashboardServer } from './dashboard-server.js';
import { createHuman } from './v1.js';

// The API reference at /docs, served by the real API server process, in Debian's Chromium:
// it loads nothing from another origin (every request is watched, and the page's
// Content-Security-Policy would report anything it blocked), its console sends a request with
// a pasted API key to this origin and gets the server's 200, and without JavaScript the page
// still lists every operation.

const ADMIN_TOKEN = 'browser-test-admin-token-0123456789';
const POLL = { timeout: 30_000 };

let dashboard: DashboardServer;
let origin: string;
let browser: Browser;
let key: string;

beforeAll(async () => {
  dashboard = await startDashboardServer({ ADMIN_TOKEN });
  origin = dashboard.origin;
  browser = await launchBrowser(origin);
  const res = await fetch(`${origin}/admin/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Docs Reader', plan: 'starter' }),
  });
  expect(res.status).toBe(201);
  key = ((await res.json()) as { api_key: string }).api_key;
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

/** Every request the page makes, and every load its policy refused, from now on. */
async function watch(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    requests,
    elsewhere: () => requests.map((r) => r.url()).filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin),
    violations: () => page.evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? []),
  };
}

async function screenshot(page: Page, name: string, { fullPage, scripts = true }: { fullPage: boolean; scripts?: boolean }) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // Layout after the resize (a page without scripts has no frames to wait for).
    if (scripts) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`), fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

it('loads /docs from this origin only, and its console sends a request with the pasted key here', async () => {
  const { page } = browser;
  const seen = await watch(page);
  await createHuman(origin, key);

  await page.goto('/docs');
  const token = page.getByPlaceholder('Token').first();
  await token.waitFor();
  await expect.poll(() => page.getByRole('heading', { name: 'humantime API' }).count(), POLL).toBeGreaterThan(0);
  expect(seen.requests.some((r) => r.url() === `${origin}/openapi.json`)).toBe(true);
  // No AI agent, and the dark mode toggle is there and works.
  expect(await page.getByText(/Ask AI/i).count()).toBe(0);
  const toggle = page.locator('button[aria-pressed]').first();
  await toggle.click();
  await expect.poll(() => page.locator('body.dark-mode').count(), POLL).toBe(1);
  await toggle.click();
  await expect.poll(() => page.locator('body.light-mode').count(), POLL).toBe(1);
  await screenshot(page, 'api-reference', { fullPage: false });

  // Paste the key, open "List humans" in the console and send it.
  await token.fill(key);
  await page.getByRole('link', { name: 'List humans' }).first().click();
  await page.locator('button', { hasText: /^Test Request\(get \/v1\/humans\)$/ }).click();
  const send = page.getByRole('button', { name: /^Send/ }).first();
  await send.waitFor();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/humans' && r.request().method() === 'GET');
  await send.click();
  const response = await answered;
  expect(new URL(response.url()).origin).toBe(origin);
  expect(response.request().headers().authorization).toBe(`Bearer ${key}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { name: string }[] };
  expect(body.data.map((h) => h.name)).toEqual(['Margaret Hamilton']);
  await expect.poll(() => page.getByText('200 OK').count(), POLL).toBeGreaterThan(0);
  await screenshot(page, 'api-reference-console', { fullPage: false });
  expect(seen.elsewhere()).toEqual([]);
  expect(await seen.violations()).toEqual([]);

  // The watch works: a load from elsewhere is refused by the page's policy, and reported.
  const probe = 'https://example.invalid/probe.png';
  await page.evaluate((url) => void (new Image().src = url), probe);
  await expect.poll(() => seen.violations(), POLL).toEqual([`img-src ${probe}`]);

  // A guide, linked from the page's header.
  await page.keyboard.press('Escape');
  await page.goto('/docs');
  await page.getByRole('link', { name: 'Guides', exact: true }).click();
  await page.getByRole('link', { name: 'Quickstart: a first booking in five minutes' }).first().click();
  await page.getByRole('heading', { name: 'Quickstart: a first booking in five minutes' }).waitFor();
  await screenshot(page, 'guide-quickstart', { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  expect(seen.elsewhere().filter((url) => url !== probe)).toEqual([]);
  expect(await seen.violations()).toEqual([]);
});

it('lists every operation for a reader without JavaScript', async () => {
  const plain = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await plain.newContext({ javaScriptEnabled: false, viewport: DESKTOP, baseURL: origin });
    const page = await context.newPage();
    page.setDefaultTimeout(45_000);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/docs');
    await page.getByRole('heading', { name: 'humantime API reference' }).waitFor();
    const operations = await page.locator('ul.ops li').allTextContents();
    const document = (await (await fetch(`${origin}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(operations).toHaveLength(Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0));
    expect(operations).toContain('GET /v1/humans List humans');
    expect(operations).toContain('POST /v1/bookings Book a slot');
    expect(await page.getByRole('link', { name: 'Webhooks and signature verification' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'api-reference-noscript', { fullPage: false, scripts: false });
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  } finally {
    await plain.close();
  }
});
