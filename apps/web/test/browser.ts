import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './chromium.js';

export { CHROMIUM, DESKTOP, launchBrowser, PHONE, type Browser } from './chromium.js';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

/** Roles of the controls a person operates; each must have a name a screen reader reads. */
const CONTROL_ROLES = new Set([
  'button',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'switch',
  'radio',
  'spinbutton',
  'slider',
  'date',
  'link',
]);

type AXNode = { ignored?: boolean; role?: { value?: string }; name?: { value?: string }; backendDOMNodeId?: number };

/**
 * Every control on the page, as Chromium's own accessibility tree computes it, with an
 * empty name. Reading the browser's tree (not re-implementing the naming rules) is what a
 * screen reader would get. Also cross-checks that each visible input/select/textarea/
 * button in the DOM appears in that tree.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const problems: string[] = [];
    for (const node of nodes) {
      const role = node.role?.value ?? '';
      if (node.ignored || !CONTROL_ROLES.has(role)) continue;
      if (!(node.name?.value ?? '').trim()) {
        const { node: dom } = (await cdp.send('DOM.describeNode', { backendNodeId: node.backendDOMNodeId! })) as {
          node: { nodeName: string; attributes?: string[] };
        };
        problems.push(`${role} <${dom.nodeName.toLowerCase()} ${(dom.attributes ?? []).join(' ')}>`);
      }
    }
    // Behind a modal dialog the page is inert and rightly leaves the tree: count the dialog's controls only.
    const domControls = await page.$$eval('input, select, textarea, button', (elements) => {
      const modal = document.querySelector('dialog:modal');
      return elements.filter((e) => (modal ? modal.contains(e) : (e as HTMLElement).offsetParent !== null)).length;
    });
    const axControls = nodes.filter((n) => !n.ignored && CONTROL_ROLES.has(n.role?.value ?? '') && n.role?.value !== 'link').length;
    if (axControls < domControls) problems.push(`${domControls} visible form controls but only ${axControls} in the accessibility tree`);
    return problems;
  } finally {
    await cdp.detach();
  }
}

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

export interface PageCheck {
  name: string;
  unnamed: string[];
  overflowAtPhone: number;
  /** Content cut off inside a box that hides its overflow (a card), at 390×844: what, and by how many px. */
  clippedAtPhone: string[];
}

/** Boxes that hide their overflow but hold content wider than themselves: text cut off with no way to scroll to it. */
async function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        // A 1-px box is text for screen readers only (.visually-hidden), clipped on purpose.
        if (el.clientWidth <= 1) return false;
        return (style.overflowX === 'hidden' || style.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} by ${el.scrollWidth - el.clientWidth}px`),
  );
}

/**
 * Screenshots the page at both viewports (full page) and checks it there: no control
 * without a name, no horizontal scroll at 390×844. Returns what it found so the test can
 * assert once with every page's problems listed.
 */
export async function checkPage(page: Page, name: string): Promise<PageCheck> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(PHONE);
  await settle(page);
  const overflowAtPhone = await horizontalOverflow(page);
  const clippedAtPhone = await clippedBoxes(page);
  const unnamed = await unnamedControls(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-390x844.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await settle(page);
  unnamed.push(...(await unnamedControls(page)));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-1280x800.png`), fullPage: true });
  return { name, unnamed: [...new Set(unnamed)], overflowAtPhone, clippedAtPhone };
}

/** Every page's problems, one line each: what the tests assert is empty. */
export function pageProblems(checks: PageCheck[]): string[] {
  return checks.flatMap((c) => [
    ...c.unnamed.map((u) => `${c.name}: control without an accessible name: ${u}`),
    ...(c.overflowAtPhone > 0 ? [`${c.name}: scrolls ${c.overflowAtPhone}px sideways at 390×844`] : []),
    ...c.clippedAtPhone.map((box) => `${c.name}: content cut off at 390×844 in ${box}`),
  ]);
}

/** Waits until no "Loading…" status is on screen and layout has run after a resize. */
async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.loading'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
