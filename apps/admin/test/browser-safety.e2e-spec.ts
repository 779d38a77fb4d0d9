/**
 * The dashboard's safety and usability rules, in Debian's Chromium (playwright-core) against the real admin app and
 * API: an incomplete interaction check never looks clean; editing a key changes only what was edited; the show-once
 * panel never drops a key that was not copied without asking; focus returns to the control that opened a dialog;
 * notices never cover a control and end with the session; the plan has one name; chart axes count whole requests;
 * the phone header stays small; audit details label their ids; server field errors name the list entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { REPO_ROOT, type SpawnedApp, freePort, spawnApp, vigilCli, withPgClient } from '@vigil/testing';
import type { Browser, Page } from 'playwright-core';
import { AccountsService } from '../src/accounts/accounts.service';
import { KeysService } from '../src/keys/keys.service';
import { type DashboardTab, DESKTOP, PHONE, browserSuite, launchChromium, openTab, screenshot } from './support/dashboard-browser';
import { strongPassword, uniqueEmail, utcDay } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const suite = browserSuite();

/** What has focus, by test id, id or tag ("body" when focus was lost). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return a.getAttribute('data-testid') || a.id || a.tagName.toLowerCase();
  });

suite('dashboard safety and usability in a real browser', () => {
  let db: TestDatabase;
  let api: SpawnedApp;
  let admin: RunningAdmin;
  let browser: Browser;
  let desk: DashboardTab;
  let page: Page;
  const user = { email: uniqueEmail('safety'), password: strongPassword(), id: '' };
  const unverified = { email: uniqueEmail('unverified'), password: strongPassword() };
  const operator = { email: uniqueEmail('safety-operator'), password: strongPassword() };
  let playgroundKey = '';
  let cliKeyId = '';

  async function signIn(p: Page, email: string, password: string): Promise<void> {
    await p.goto(`${admin.url}/#/signin`);
    await p.getByTestId('email').fill(email);
    await p.getByTestId('password').fill(password);
    await p.getByTestId('submit').click();
    await p.waitForURL(/#\/keys$/);
  }

  async function signOut(p: Page): Promise<void> {
    if (await p.getByTestId('menu-toggle').isVisible()) await p.getByTestId('menu-toggle').click();
    await p.getByTestId('sign-out').click();
    await p.waitForURL(/#\/signin$/);
  }

  /** A fresh load of a dashboard page: nothing (an open dialog) left over from the test before. */
  async function fresh(p: Page, path: string): Promise<void> {
    await p.goto('about:blank');
    await p.goto(`${admin.url}/#/${path}`);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    const adminPort = await freePort();
    api = await spawnApp('api', { LOG_LEVEL: 'warn', DATABASE_URL: db.url, REDIS_URL: '', CORS_ORIGINS: `http://127.0.0.1:${adminPort}` });
    admin = await startAdmin({ PUBLIC_API_URL: api.url, REDIS_URL: '', ADMIN_PUBLIC_URL: `http://127.0.0.1:${adminPort}` }, db, adminPort);
    const cli = { type: 'cli' as const, label: 'cli:test' };
    const accounts = admin.app.get(AccountsService);
    user.id = (await accounts.create({ email: user.email, password: user.password, role: 'user' }, cli)).id;
    await accounts.create({ email: unverified.email, password: unverified.password, role: 'user', emailVerified: false }, cli);
    await accounts.create({ email: operator.email, password: operator.password, role: 'admin' }, cli);
    playgroundKey = (await admin.app.get(KeysService).create(user.id, { label: 'Playground' }, cli)).key;
    // The operator CLI, as the issue describes it: a window no dropdown offers.
    cliKeyId = vigilCli(['keys', 'create', '--email', user.email, '--label', 'Lab interface', '--rate-limit', '100/90s'], { DATABASE_URL: db.url }).id;
    browser = await launchChromium();
    desk = await openTab(browser, DESKTOP);
    await desk.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: admin.url });
    page = desk.page;
    await signIn(page, user.email, user.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await admin?.close();
    await api?.stop();
    await db?.drop();
  }, 60_000);

  afterEach(() => {
    expect(desk.cspViolations).toEqual([]);
    expect(desk.pageErrors).toEqual([]);
  });

  describe('1. an incomplete check never looks clean', () => {
    const result = () => page.getByTestId('pg-result');

    it('amber, naming each input that was not checked, also when interactions were found', async () => {
      await fresh(page, 'quickstart');
      await page.getByTestId('pg-key').fill(playgroundKey);
      await page.getByTestId('pg-drugs').fill('warfarin\nibuprofen\nqzxvkwplm\nmetyrosine');
      await page.getByTestId('pg-submit').click();
      const verdict = result().getByTestId('pg-incomplete');
      await verdict.waitFor();
      expect(await result().getByTestId('finding').count()).toBeGreaterThan(0);
      const text = await verdict.textContent();
      expect(text).toMatch(/Incomplete check/);
      expect(text).toContain('“qzxvkwplm” — not recognised');
      expect(await verdict.getByTestId('pg-not-reviewed').textContent()).toMatch(/“metyrosine” — known by name only.*not been reviewed/);
      expect(await result().locator('.sev-none').count()).toBe(0);
      await page.getByTestId('pg-key').fill('');
      await screenshot(page, '20-playground-incomplete');
    }, 30_000);

    /** Answers the playground's call with `body` (and the CORS preflight), as the API would. */
    async function answerWith(body: Record<string, unknown>): Promise<void> {
      await page.route(`${api.url}/v1/interactions/check`, (route) =>
        route.fulfill({
          status: route.request().method() === 'OPTIONS' ? 204 : 200,
          headers: {
            'access-control-allow-origin': admin.url,
            'access-control-allow-headers': 'content-type, x-api-key, accept',
            'access-control-allow-methods': 'POST',
            'content-type': 'application/json',
          },
          body: route.request().method() === 'OPTIONS' ? '' : JSON.stringify(body),
        }),
      );
    }
    const answer = (complete: boolean, warnings: { code: string; message: string }[]) => ({
      requestId: 'r',
      kb: { version: 'curated-test', releasedAt: '2026-11-01T00:00:00Z', sources: [] },
      summary: {
        maxSeverity: null,
        counts: { contraindicated: 0, major: 0, moderate: 0, minor: 0, unknown: 0 },
        complete,
        pairsChecked: 1,
        hiddenBySeverityFilter: 0,
        prospective: null,
      },
      resolutions: [],
      interactions: [],
      unresolved: [],
      warnings,
      disclaimer: 'Decision support.',
    });

    it('the same rule for any answer: an incompleteness warning alone is enough; only a complete check without findings is green', async () => {
      await fresh(page, 'quickstart');
      await page.getByTestId('pg-key').fill(playgroundKey);
      await page.getByTestId('pg-drugs').fill('cephalexin\nnewdrug');
      await answerWith(answer(true, [{ code: 'not_reviewed', message: 'Known by name only: "newdrug" (#1). No finding for it means not checked.' }]));
      await page.getByTestId('pg-submit').click();
      await result().getByTestId('pg-incomplete').getByText('"newdrug" (#1)', { exact: false }).waitFor();
      expect(await result().locator('.sev-none').count()).toBe(0);
      await page.unroute(`${api.url}/v1/interactions/check`);
      await answerWith(answer(true, []));
      await page.getByTestId('pg-submit').click();
      await result().getByTestId('pg-clear').waitFor();
      expect(await result().getByTestId('pg-incomplete').count()).toBe(0);
      await page.unroute(`${api.url}/v1/interactions/check`);
      await page.getByTestId('pg-key').fill('');
    }, 30_000);
  });

  describe('2. editing a key changes only what was edited', () => {
    it('a key made with --rate-limit 100/90s opens with 90 seconds; saving a new label sends the label alone and keeps the limit', async () => {
      await fresh(page, 'keys');
      const row = page.locator(`[data-testid=key-row][data-key-id="${cliKeyId}"]`);
      expect(await row.textContent()).toContain('100 / 90 s');
      await row.getByTestId('edit-key').click();
      const dialog = page.getByTestId('edit-dialog');
      expect(await dialog.getByTestId('rl-custom').isChecked()).toBe(true);
      expect(await dialog.getByTestId('rl-limit').inputValue()).toBe('100');
      expect(await dialog.getByTestId('rl-window').inputValue()).toBe('90');
      expect(await dialog.getByTestId('rl-unit').locator('option:checked').textContent()).toBe('seconds');
      await dialog.getByTestId('key-label').fill('Lab interface (LIS)');
      const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'PATCH'), dialog.getByTestId('edit-submit').click()]);
      expect(request.postDataJSON()).toEqual({ label: 'Lab interface (LIS)' });
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('Lab interface (LIS)').waitFor();
      expect(await row.textContent()).toContain('100 / 90 s');
      const stored = await withPgClient(db.url, async (c) => (await c.query('SELECT rate_limit, rate_window_seconds FROM api_key WHERE id = $1', [cliKeyId])).rows[0]);
      expect(stored).toEqual({ rate_limit: 100, rate_window_seconds: 90 });

      // Any window the API accepts can be written: 100 per 2 minutes is sent as 120 s.
      await row.getByTestId('edit-key').click();
      await dialog.getByTestId('rl-window').fill('2');
      await dialog.getByTestId('rl-unit').selectOption({ label: 'minutes' });
      const [second] = await Promise.all([page.waitForRequest((r) => r.method() === 'PATCH'), dialog.getByTestId('edit-submit').click()]);
      expect(second.postDataJSON()).toEqual({ rateLimit: { limit: 100, windowSeconds: 120 } });
      await row.getByText('100 / 120 s').waitFor();
    }, 30_000);
  });

  describe('3. the show-once panel and focus', () => {
    it('Escape asks before discarding a key that was never copied; once copied, Escape closes; focus goes back to Create key', async () => {
      await fresh(page, 'keys');
      await page.getByTestId('key-row').first().waitFor();
      await page.getByTestId('create-key').click();
      const dialog = page.getByTestId('create-dialog');
      await dialog.getByTestId('key-label').fill('Night shift tablet');
      await dialog.getByTestId('create-submit').click();
      const key = await dialog.getByTestId('created-key').inputValue();

      await page.keyboard.press('Escape');
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.getByTestId('discard-warning').waitFor();
      expect(await dialog.getByTestId('created-key').inputValue()).toBe(key); // still there behind the question
      await screenshot(page, '21-show-once-discard-warning');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await dialog.getByTestId('created-key').inputValue()).toBe(key);
      // A second Escape asks again: the key is never dropped silently.
      await page.keyboard.press('Escape');
      await confirm.getByTestId('discard-warning').waitFor();
      await page.keyboard.press('Escape'); // Escape in the question keeps the key
      await confirm.waitFor({ state: 'detached' });
      expect(await dialog.getByTestId('created-key').inputValue()).toBe(key);

      await dialog.getByTestId('copy').click();
      await dialog.getByTestId('copy').getByText('Copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
      await page.getByTestId('key-row').filter({ hasText: 'Night shift tablet' }).waitFor();
      expect(await focused(page)).toBe('create-key');
    }, 30_000);

    it('discarding on purpose: the question names the key, and closing leaves focus on Create key', async () => {
      await fresh(page, 'keys');
      await page.getByTestId('key-row').first().waitFor();
      await page.getByTestId('create-key').click();
      const dialog = page.getByTestId('create-dialog');
      await dialog.getByTestId('key-label').fill('Throwaway');
      await dialog.getByTestId('create-submit').click();
      await dialog.getByTestId('created-key').waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click(); // the × asks too
      const confirm = page.getByTestId('confirm-dialog');
      expect(await confirm.getByTestId('discard-warning').textContent()).toContain('“Throwaway”');
      await confirm.getByTestId('confirm').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('key-row').filter({ hasText: 'Throwaway' }).waitFor();
      expect(await focused(page)).toBe('create-key');
    }, 30_000);

    it('focus returns to the control that opened each dialog, also after the table was redrawn', async () => {
      await fresh(page, 'keys');
      await page.getByTestId('key-row').first().waitFor();
      const row = page.locator(`[data-testid=key-row][data-key-id="${cliKeyId}"]`);
      const inRow = (id: string) =>
        page.evaluate(([keyId, testid]) => document.activeElement === document.querySelector(`[data-key-id="${keyId}"] [data-testid="${testid}"]`), [cliKeyId, id] as const);
      await row.getByTestId('edit-key').click();
      await page.getByTestId('edit-dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await inRow('edit-key')).toBe(true);
      await row.getByTestId('edit-key').click();
      await page.keyboard.press('Escape');
      expect(await inRow('edit-key')).toBe(true);
      // Saved: the table is redrawn, and focus is on the new Edit button of the same key.
      await row.getByTestId('edit-key').click();
      await page.getByTestId('edit-dialog').getByTestId('key-label').fill('Lab interface (focus)');
      await page.getByTestId('edit-dialog').getByTestId('edit-submit').click();
      await row.getByText('Lab interface (focus)', { exact: true }).waitFor();
      await page.waitForFunction((id) => document.activeElement === document.querySelector(`[data-key-id="${id}"] [data-testid="edit-key"]`), cliKeyId);
      await row.getByTestId('cds-client').click();
      await page.getByTestId('cds-client-dialog').getByTestId('cds-client-submit').waitFor();
      await page.getByTestId('cds-client-dialog').getByRole('button', { name: 'Close' }).click();
      expect(await inRow('cds-client')).toBe(true);
      await row.getByTestId('revoke-key').click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await inRow('revoke-key')).toBe(true);
      // Revoked: its buttons are gone, so focus goes to its row, not to <body>.
      const throwaway = page.getByTestId('key-row').filter({ hasText: 'Throwaway' });
      await throwaway.getByTestId('revoke-key').click();
      await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
      await throwaway.getByText('revoked').waitFor();
      await page.waitForFunction(() => document.activeElement?.matches('[data-testid=key-row]') && document.activeElement.textContent!.includes('Throwaway'));
    }, 30_000);

    it('after sign-in: back on the page that asked for it, with focus in its main content (not on <body>)', async () => {
      await fresh(page, 'keys');
      await signOut(page);
      await signIn(page, user.email, user.password);
      await page.getByTestId('key-row').first().waitFor();
      expect(await focused(page)).toBe('main');
      // A bookmark (or a page a lost session left) while signed out: sign-in leads back to it.
      await signOut(page);
      await page.goto(`${admin.url}/#/usage?days=7`);
      await page.waitForURL(/#\/signin$/);
      await page.getByTestId('email').fill(user.email);
      await page.getByTestId('password').fill(user.password);
      await page.getByTestId('submit').click();
      await page.waitForURL(/#\/usage\?days=7$/);
      await page.getByTestId('quota').waitFor();
      expect(await focused(page)).toBe('main');
    }, 30_000);
  });

  describe('4. notices, plan names, charts, audit ids, field errors', () => {
    it('a notice is shown in the page flow and leaves with sign-out', async () => {
      await fresh(page, 'keys');
      const row = page.locator(`[data-testid=key-row][data-key-id="${cliKeyId}"]`);
      await row.getByTestId('edit-key').click();
      await page.getByTestId('edit-dialog').getByTestId('key-label').fill('Lab interface (notices)');
      await page.getByTestId('edit-dialog').getByTestId('edit-submit').click();
      const notice = page.locator('.toast').filter({ hasText: 'updated' });
      await notice.waitFor();
      const inFlow = await notice.evaluate((el) => el.closest('main') !== null && getComputedStyle(el.parentElement).position === 'static');
      await signOut(page);
      expect(await page.locator('.toast').count()).toBe(0);
      expect(inFlow).toBe(true);
      await signIn(page, user.email, user.password);
    }, 30_000);

    it('the plan has one name: "Pro trial" in the sidebar, on the keys page and on the usage page', async () => {
      await fresh(page, 'keys');
      const subtitle = page.locator('.page-header p');
      await subtitle.waitFor();
      const badge = (await page.locator('.sidebar .badge-info').textContent())!;
      expect(badge).toBe('Pro trial');
      expect(await subtitle.textContent()).toContain('on your Pro trial');
      expect(await subtitle.textContent()).not.toContain('Pro plan');
      await page.goto(`${admin.url}/#/usage?days=7`);
      expect(await page.locator('[data-testid=quota] .card-head .muted').textContent()).toContain('Pro trial');
      // Once the trial has ended, every place says the account's own plan.
      await withPgClient(db.url, (c) => c.query(`UPDATE account SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [user.id]));
      await page.goto(`${admin.url}/#/account`); // reads the account again
      await page.getByTestId('account-details').waitFor();
      await page.goto(`${admin.url}/#/keys`);
      await page.locator('.page-header p').getByText('on your Free plan', { exact: false }).waitFor();
      expect(await page.locator('.sidebar .badge-info').textContent()).toBe('Free plan');
      await withPgClient(db.url, (c) => c.query(`UPDATE account SET trial_ends_at = now() + interval '7 days' WHERE id = $1`, [user.id]));
      await page.goto(`${admin.url}/#/account`);
      await page.getByTestId('account-details').waitFor();
    }, 30_000);

    it('request-count axes tick whole numbers, also for a key with a handful of calls', async () => {
      await withPgClient(db.url, async (c) => {
        for (const [i, n] of [1, 2, 1, 3].entries())
          await c.query('INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $2, $3, 0, 0)', [cliKeyId, utcDay(i + 1), n]);
      });
      await fresh(page, 'usage?days=7');
      await page.getByTestId('key-usage').first().waitFor();
      const ticks = await page.locator('svg.chart > text.axis').allTextContents(); // the y axis (dates are in the bars' groups)
      expect(ticks.length).toBeGreaterThan(4);
      for (const t of ticks) expect(t).toMatch(/^\d{1,3}(,\d{3})*$/);
    }, 30_000);

    it('server field errors about allowlist entries say which entry each is about', async () => {
      await fresh(page, 'keys');
      await page.getByTestId('create-key').click();
      const dialog = page.getByTestId('create-dialog');
      await dialog.getByTestId('key-label').fill('Two sites');
      await dialog.getByTestId('key-ips').fill('203.0.113.7\n198.51.100.0/24\n192.0.2.1');
      // Entries the browser accepts but the server refuses (its rules are the authority): both are named.
      await page.route(`${admin.url}/api/keys`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/problem+json',
              body: JSON.stringify({
                type: 'https://vigil.dev/problems/validation-failed',
                title: 'Request validation failed',
                status: 400,
                code: 'validation_failed',
                detail: 'Check the allowlist.',
                errors: [
                  { pointer: '/allowedIps/1', code: 'format', message: '"198.51.100.0/24" is refused here' },
                  { pointer: '/allowedIps/2', code: 'format', message: '"192.0.2.1" is refused here' },
                ],
              }),
            })
          : route.fallback(),
      );
      await dialog.getByTestId('create-submit').click();
      const slot = dialog.locator('[data-error-for="/allowedIps"]');
      await slot.locator('li').nth(1).waitFor();
      expect(await slot.locator('li').allTextContents()).toEqual(['entry 2: "198.51.100.0/24" is refused here', 'entry 3: "192.0.2.1" is refused here']);
      await page.unroute(`${admin.url}/api/keys`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }, 30_000);

    it('signing up with an address that has an account reads exactly as a new one (202), as the README says', async () => {
      const anon = await openTab(browser, DESKTOP);
      try {
        await anon.page.goto(`${admin.url}/#/signup`);
        await anon.page.getByTestId('email').fill(user.email);
        await anon.page.getByTestId('password').fill(strongPassword());
        const [response] = await Promise.all([anon.page.waitForResponse((r) => r.url().endsWith('/api/auth/signup')), anon.page.getByTestId('submit').click()]);
        expect(response.status()).toBe(202);
        expect(await anon.page.getByTestId('check-email').textContent()).toContain(`We sent a link to ${user.email}`);
        const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
        expect(readme).toMatch(/POST \/api\/auth\/signup \{email, password\}` answers \*\*202 `\{status: "verification_sent"\}` for\s+every address\*\*, new or taken/);
        expect(readme).toMatch(/\| 409 \| `conflict` \| e\.g\. email taken \(operator CLI and admin API only; sign-up never says\)/);
      } finally {
        await anon.context.close();
      }
    }, 30_000);

    it('audit details label every id: no bare UUID', async () => {
      const ops = await openTab(browser, DESKTOP);
      try {
        await signIn(ops.page, operator.email, operator.password);
        await ops.page.goto(`${admin.url}/#/admin/audit`);
        await ops.page.getByTestId('audit-row').first().waitFor();
        const unlabelled = await ops.page.evaluate(() => {
          const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
          const bad: string[] = [];
          for (const cell of document.querySelectorAll('[data-testid=audit-row] td')) {
            // JSON in "changes" names each value by its key; the rest must say what an id is.
            const text = [...cell.childNodes]
              .filter((n) => !(n instanceof HTMLElement && n.tagName === 'DETAILS'))
              .map((n) => n.textContent)
              .join(' ');
            for (const m of text.matchAll(uuid)) if (!/(\bid|account)\s*$/i.test(text.slice(0, m.index))) bad.push(`${text.slice(Math.max(0, m.index - 20), m.index + 8)}…`);
          }
          return bad;
        });
        expect(unlabelled).toEqual([]);
        expect(ops.cspViolations).toEqual([]);
      } finally {
        await ops.context.close();
      }
    }, 30_000);
  });

  describe('5. on a phone', () => {
    let phone: DashboardTab;
    beforeAll(async () => {
      phone = await openTab(browser, PHONE);
    });
    afterAll(async () => {
      await phone?.context.close();
    });
    afterEach(() => {
      expect(phone.cspViolations).toEqual([]);
      expect(phone.pageErrors).toEqual([]);
    });

    it('the header takes at most a fifth of the screen; Menu unfolds the links', async () => {
      await signIn(phone.page, user.email, user.password);
      await phone.page.getByTestId('key-row').first().waitFor();
      const header = phone.page.locator('.sidebar');
      const height = (await header.boundingBox())!.height;
      expect(height).toBeLessThanOrEqual(0.2 * PHONE.viewport.height);
      const toggle = phone.page.getByTestId('menu-toggle');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await phone.page.getByRole('link', { name: 'Usage' }).isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await screenshot(phone.page, '22-menu-phone');
      await phone.page.getByRole('link', { name: 'Usage' }).click();
      await phone.page.getByTestId('quota').waitFor();
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(0.2 * PHONE.viewport.height);
    }, 30_000);

    it('usage chart labels are at least 11 px tall as drawn', async () => {
      await phone.page.goto(`${admin.url}/#/usage?days=30`);
      await phone.page.locator('svg.chart text.axis').first().waitFor();
      const sizes = await phone.page.evaluate(() =>
        [...document.querySelectorAll<SVGTextElement>('svg.chart text.axis')].map((t) => {
          const svg = t.ownerSVGElement!;
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return parseFloat(getComputedStyle(t).fontSize) * scale;
        }),
      );
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
    }, 30_000);

    it('a notice never covers a button (account page, with a long form below it)', async () => {
      await signOut(phone.page);
      await signIn(phone.page, unverified.email, unverified.password);
      await phone.page.goto(`${admin.url}/#/account`);
      await phone.page.getByTestId('resend-verification').click();
      await phone.page.locator('.toast').first().waitFor();
      const overlaps = async () =>
        phone.page.evaluate(() => {
          const hit: string[] = [];
          const toasts = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect());
          for (const c of document.querySelectorAll('button, a[href], input, select, textarea')) {
            if (c.closest('.toast')) continue;
            const r = c.getBoundingClientRect();
            if (!r.width || !r.height) continue;
            for (const t of toasts)
              if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) hit.push(c.textContent!.trim() || c.getAttribute('name') || c.tagName);
          }
          return hit;
        });
      expect(await overlaps()).toEqual([]);
      await phone.page.getByTestId('change-password').evaluate((b) => b.scrollIntoView({ block: 'end' }));
      expect(await overlaps()).toEqual([]);
    }, 30_000);
  });
});
