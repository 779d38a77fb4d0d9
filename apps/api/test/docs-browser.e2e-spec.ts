import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { type RunningApi, startApi } from './support/start-api';

/**
 * /docs in a real headless Chromium, on a desktop and on a 390 px phone: nothing wider than the screen, headings
 * and samples present. Skips with a message when /usr/bin/chromium is missing and CI is not set; under CI a missing
 * browser fails (scripts/ci-browser.sh installs Debian's chromium).
 */
const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && !process.env.CI) process.stderr.write(`\n[docs browser e2e] SKIPPED: ${CHROMIUM} is missing (bash scripts/ci-browser.sh installs it).\n\n`);
const suite = haveChromium || process.env.CI ? describe : describe.skip;

suite('/docs in Chromium', () => {
  let api: RunningApi;
  let context: BrowserContext;
  let userDataDir: string;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`${CHROMIUM} is missing under CI: scripts/ci-browser.sh should have installed Debian's chromium`);
    api = await startApi();
    const { chromium } = await import('playwright-core');
    userDataDir = mkdtempSync(join(tmpdir(), 'vigil-docs-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    await api?.close();
  });

  it.each([
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ])('is readable on a %s (%i px): no horizontal scrolling of the page, the check first', async (_label, width, height) => {
    const page = await context.newPage();
    await page.setViewportSize({ width, height });
    const response = await page.goto(`${api.url}/docs`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('main section h2', { timeout: 10_000 });
    const layout = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      firstSection: document.querySelector('main section h2')?.textContent,
      literalBackticks: /`[a-z_-]+`/.test(document.body.innerText),
      samples: [...document.querySelectorAll('h4')].map((h) => h.textContent),
    }));
    await page.close();
    expect(layout.scrollWidth).toBeLessThanOrEqual(width);
    expect(layout.firstSection).toBe('Check a medication list for interactions');
    expect(layout.literalBackticks).toBe(false);
    expect(layout.samples).toEqual(expect.arrayContaining(['curl', '@vigil/client', 'requests']));
  });
});
