/**
 * Shared pieces of the dashboard's Chromium tests: Debian's Chromium driven by playwright-core (no browser is ever
 * downloaded) at the two sizes the dashboard is held to, screenshots, an axe-core accessibility check and layout
 * checks (horizontal overflow, controls outside the viewport).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@vigil/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'browser');
export const DOCS = join(REPO_ROOT, 'docs', 'screenshots');
export const updateDocs = process.env.VIGIL_UPDATE_SCREENSHOTS === '1';

/** A laptop screen and a phone (iPhone 12–15 CSS size). */
export const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false } as const;
export const PHONE = { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true } as const;
export type ScreenSize = typeof DESKTOP | typeof PHONE;

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Skips the suite with a message when Chromium is missing outside CI; under CI a missing browser fails. */
export function browserSuite(): jest.Describe {
  if (!haveChromium && !process.env.CI) {
    process.stderr.write(`\n[browser e2e] SKIPPED: ${CHROMIUM} is missing. Install Debian's chromium (bash scripts/ci-browser.sh) to run the dashboard browser tests.\n\n`);
  }
  return haveChromium || process.env.CI ? describe : describe.skip;
}

export async function launchChromium(): Promise<Browser> {
  if (!haveChromium) throw new Error(`${CHROMIUM} is missing under CI: scripts/ci-browser.sh should have installed Debian's chromium`);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

export interface DashboardTab {
  context: BrowserContext;
  page: Page;
  /** CSP reports and uncaught page errors: each test should end with both empty. */
  cspViolations: string[];
  pageErrors: string[];
}

/** A fresh browser context (own cookies) at `size`, with the axe-core script served to it from node_modules. */
export async function openTab(browser: Browser, size: ScreenSize): Promise<DashboardTab> {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.mobile,
    hasTouch: size.mobile,
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  // axe-core from node_modules, served at a same-origin path the admin app never sees: the dashboard's CSP
  // (script-src 'self') stays on, and nothing comes from a CDN.
  await context.route('**/__test__/axe.min.js', (route) => route.fulfill({ path: require.resolve('axe-core/axe.min.js'), contentType: 'text/javascript; charset=utf-8' }));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const tab: DashboardTab = { context, page, cspViolations: [], pageErrors: [] };
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(m.text())) tab.cspViolations.push(m.text());
  });
  page.on('pageerror', (e) => tab.pageErrors.push(String(e)));
  return tab;
}

/**
 * Writes a full-page screenshot to test-artifacts/browser/ and, with VIGIL_UPDATE_SCREENSHOTS=1 (unless `docs` is
 * false), to docs/screenshots/.
 */
export async function screenshot(page: Page, name: string, { docs = true } = {}): Promise<void> {
  await page.mouse.move(1, 1); // no hover highlight
  // From the top, so a sticky sidebar is drawn where it sits on a fresh page (a dialog keeps its own scroll).
  await page.evaluate(() => window.scrollTo(0, 0));
  const buffer = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `${name}.png`), buffer);
  if (updateDocs && docs) {
    mkdirSync(DOCS, { recursive: true });
    writeFileSync(join(DOCS, `${name}.png`), buffer);
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core (every rule of its default set: WCAG 2.x A/AA and best practices) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: '/__test__/axe.min.js' });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: any[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: { target: string[] }) => n.target.join(' ')) }));
  });
}

/** Two animation frames: resize observers (a table switching to cards, a chart redrawn for its width) have run. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export interface LayoutReport {
  /** How far the document scrolls sideways (0 = it does not). */
  horizontalOverflow: number;
  /** Visible controls (links, buttons, fields) not wholly inside the viewport's width. */
  offscreen: string[];
}

/** Measures the page as laid out now. Controls that are not rendered (display: none, in a closed menu) do not count. */
export async function layoutReport(page: Page): Promise<LayoutReport> {
  await settled(page);
  return page.evaluate(() => {
    const root = document.documentElement;
    const vw = root.clientWidth;
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const text = (el.textContent || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${text}"`;
    };
    const offscreen: string[] = [];
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width <= 1 && r.height <= 1) continue; // visually hidden (sr-only)
      if (r.left < -0.5 || r.right > vw + 0.5) offscreen.push(`${describe(el)} at ${Math.round(r.left)}–${Math.round(r.right)} px`);
    }
    return { horizontalOverflow: Math.max(0, root.scrollWidth - vw), offscreen };
  });
}
