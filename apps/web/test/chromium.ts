import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// Chromium for the browser tests, with nothing of the DOM in it: the API's tests (which have no
// DOM types) drive it too, for the hosted-MCP sign-in.

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium (installed by .ci/run): playwright cannot download its own browsers on these machines. */
export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh profile each run, so no cookie or cache of an earlier run leaks in. */
export async function launchBrowser(origin: string): Promise<Browser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'humantime-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: DESKTOP,
    // The copy buttons write the key to the clipboard; the test reads it back.
    permissions: ['clipboard-read', 'clipboard-write'],
    baseURL: origin,
    timezoneId: 'America/New_York',
    locale: 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(45_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
