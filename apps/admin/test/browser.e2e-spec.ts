/**
 * Browser end-to-end: a person using the dashboard in Debian's Chromium (driven by playwright-core; no browser is
 * ever downloaded) against the real admin app and a real API process on the same test database.
 *
 * Skips with a message when /usr/bin/chromium is missing and CI is not set; under CI a missing browser fails.
 * Screenshots go to test-artifacts/browser/; with VIGIL_UPDATE_SCREENSHOTS=1 also to docs/screenshots/.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { Client } from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { strongPassword, uniqueEmail } from './support/fixtures';
import { SmtpInbox } from './support/smtp-inbox';
import { REPO_ROOT, type SpawnedApp, freePort, spawnApp, vigilCli } from '@vigil/testing';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'browser');
const DOCS = join(REPO_ROOT, 'docs', 'screenshots');
const updateDocs = process.env.VIGIL_UPDATE_SCREENSHOTS === '1';

if (!haveChromium && !process.env.CI) {
  process.stderr.write(`\n[browser e2e] SKIPPED: ${CHROMIUM} is missing. Install Debian's chromium (bash scripts/ci-browser.sh) to run the dashboard browser tests.\n\n`);
}

const suite = haveChromium || process.env.CI ? describe : describe.skip;

suite('dashboard in a real browser', () => {
  let db: TestDatabase;
  let api: SpawnedApp;
  let admin: RunningAdmin;
  let inbox: SmtpInbox;
  let context: BrowserContext;
  let page: Page;
  let userDataDir: string;
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  const user = { email: uniqueEmail('browser'), password: strongPassword() };
  const operator = { email: uniqueEmail('operator'), password: strongPassword() };
  let firstKey = '';
  let secondKey = '';

  /** The call a clinical system makes: POST /v1/interactions/check with the key. */
  async function callApi(key: string, tag?: string): Promise<{ status: number; body: any }> {
    const res = await fetch(`${api.url}/v1/interactions/check`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...(tag ? { 'x-vigil-tag': tag } : {}) },
      body: JSON.stringify({ drugs: ['warfarin', 'ibuprofen'] }),
    });
    return { status: res.status, body: await res.json() };
  }

  async function shot(name: string): Promise<void> {
    await page.mouse.move(1, 1); // no hover highlight
    await page.evaluate(() => document.querySelector('.toasts')?.replaceChildren());
    await page.waitForTimeout(100);
    const buffer = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, `${name}.png`), buffer);
    if (updateDocs) {
      mkdirSync(DOCS, { recursive: true });
      writeFileSync(join(DOCS, `${name}.png`), buffer);
    }
  }

  /** Waits until exactly `n` rows with this test id are shown (a re-render replaced the old ones). */
  async function rowCount(testid: string, n: number): Promise<void> {
    await page.waitForFunction(([id, count]) => document.querySelectorAll(`[data-testid="${id}"]`).length === count, [testid, n] as const);
  }

  /** Signs in through the form; resolves with the status of POST /api/auth/login once the page has it. */
  async function signIn(email: string, password: string): Promise<number> {
    await page.goto(`${admin.url}/#/signin`);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(password);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth/login')), page.getByTestId('submit').click()]);
    await page.waitForFunction(() => !document.querySelector('[data-testid=submit]')?.disabled);
    return response.status();
  }

  async function createKeyInUi(label: string, ips?: string): Promise<string> {
    await page.getByTestId('create-key').click();
    const dialog = page.getByTestId('create-dialog');
    await dialog.getByTestId('key-label').fill(label);
    if (ips) await dialog.getByTestId('key-ips').fill(ips);
    await dialog.getByTestId('create-submit').click();
    const input = dialog.getByTestId('created-key');
    await input.waitFor();
    return input.inputValue();
  }

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`${CHROMIUM} is missing under CI: scripts/ci-browser.sh should have installed Debian's chromium`);
    db = await createTestDatabase();
    // The dashboard's origin is known up front, so the API can allow it (CORS) for the playground.
    const adminPort = await freePort();
    api = await spawnApp('api', { LOG_LEVEL: 'warn', DATABASE_URL: db.url, CORS_ORIGINS: `http://127.0.0.1:${adminPort}` });
    // In-memory login throttling: the browser always comes from 127.0.0.1, so keep its counters to this app.
    // Emails go to a real SMTP receiver; their links point at this dashboard.
    inbox = await SmtpInbox.start();
    admin = await startAdmin({ PUBLIC_API_URL: api.url, REDIS_URL: '', SMTP_URL: inbox.url, ADMIN_PUBLIC_URL: `http://127.0.0.1:${adminPort}` }, db, adminPort);
    const { chromium } = await import('playwright-core');
    userDataDir = mkdtempSync(join(tmpdir(), 'vigil-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 800 }, // a laptop (the phone size is in browser-layout.e2e-spec.ts)
      deviceScaleFactor: 1,
      locale: 'en-GB',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|apply)/i.test(m.text())) cspViolations.push(m.text());
    });
    page.on('pageerror', (e) => pageErrors.push(String(e)));
  }, 120_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    await admin?.close();
    await inbox?.close();
    await api?.stop();
    await db?.drop();
  }, 60_000);

  afterEach(() => {
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  /** The link in the newest email to an address, as a mail client would show it. */
  async function emailedLink(email: string, n: number, route: 'verify-email' | 'reset-password'): Promise<string> {
    const text = (await inbox.waitFor(email, n)).text;
    const m = new RegExp(`(http://\\S+/#/${route}/[0-9a-f]{64})`).exec(text);
    if (!m) throw new Error(`no ${route} link in ${text}`);
    return m[1];
  }

  it('signs up (no card asked), is asked to verify, follows the emailed link, signs in and lands on an empty keys page', async () => {
    await page.goto(admin.url);
    await page.waitForURL(/#\/signin$/);
    await shot('01-sign-in');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.waitForURL(/#\/signup$/);
    await page.getByTestId('email').fill(user.email);
    await page.getByTestId('password').fill('too short');
    await page.getByTestId('submit').click();
    await page
      .locator('[data-error-for="/password"]')
      .getByText(/at least 12 characters/)
      .waitFor();
    await page.getByTestId('password').fill(user.password);
    await shot('02-sign-up');
    await page.getByTestId('submit').click();
    await page.getByTestId('check-email').getByText(user.email, { exact: false }).waitFor();

    // Signed in before verifying: every page says so, and a new link can be sent.
    expect(await signIn(user.email, user.password)).toBe(200);
    await page.waitForURL(/#\/keys$/);
    await page.getByTestId('verify-banner').waitFor();
    await page.getByTestId('resend-verification').click();
    await page.getByText(`We sent a new link to ${user.email}.`).waitFor();
    await shot('02b-verify-banner');

    await page.goto(await emailedLink(user.email, 2, 'verify-email'));
    await page.getByTestId('verified').getByText(`${user.email} is verified`, { exact: false }).waitFor();
    await page.getByTestId('to-sign-in').click();
    expect(await signIn(user.email, user.password)).toBe(200);
    await page.waitForURL(/#\/keys$/);
    await page.getByText('No keys yet').waitFor();
    expect(await page.getByTestId('verify-banner').count()).toBe(0);
    expect(await page.getByTestId('who').textContent()).toBe(user.email);
  }, 60_000);

  it('creates a key: IPs validated as you type, full key only in the show-once panel, gone after closing', async () => {
    await page.getByTestId('create-key').click();
    const dialog = page.getByTestId('create-dialog');
    await dialog.getByTestId('key-label').fill('Pharmacy system');
    await dialog.getByTestId('key-ips').fill('127.0.0.0/8\n10.1.2.3/8\nnot-an-ip');
    const feedback = dialog.getByTestId('ip-feedback');
    await feedback.getByText(/host bits set: did you mean 10\.0\.0\.0\/8\?/).waitFor();
    await feedback.getByText(/not an IPv4 or IPv6 address/).waitFor();
    await dialog.getByTestId('create-submit').click(); // refused locally while entries are invalid
    expect(await dialog.getByTestId('created-key').count()).toBe(0);
    await shot('03-create-key-validation');
    await dialog.getByTestId('key-ips').fill('127.0.0.0/8\n::1');
    await feedback.getByText('2 entries OK').waitFor();
    await dialog.getByTestId('key-usage-tag').fill('Dispensing');
    await dialog.getByTestId('create-submit').click();
    const input = dialog.getByTestId('created-key');
    await input.waitFor();
    firstKey = await input.inputValue();
    expect(firstKey).toMatch(/^vigil_[A-Za-z0-9_-]{20,}$/);
    await dialog.getByText('You will not see it again.', { exact: false }).waitFor();
    await shot('04-show-once');
    await dialog.getByTestId('close-show-once').click();
    await dialog.waitFor({ state: 'detached' });
    const html = await page.content();
    expect(html).not.toContain(firstKey);
    expect(await page.evaluate((k) => document.body.innerText.includes(k) || [...document.querySelectorAll('input')].some((i) => i.value === k), firstKey)).toBe(false);
    const row = page.getByTestId('key-row').filter({ hasText: 'Pharmacy system' });
    await row.waitFor();
    expect(await row.textContent()).toContain('127.0.0.0/8');
    expect(await row.textContent()).toMatch(/active/);
    // The key's default usage tag, stored lower-cased.
    expect(await row.getByTestId('key-usage-tag-shown').textContent()).toBe('tag dispensing');
  }, 60_000);

  it('the key works on the API (200)', async () => {
    // Tagged as a module of the caller's system: the usage page splits usage by tag.
    const r = await callApi(firstKey, 'Pharmacy-Module');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ interactions: expect.any(Array), summary: expect.any(Object), disclaimer: expect.any(String) });
    expect(r.body.interactions.length).toBeGreaterThan(0);
  }, 30_000);

  it('shows usage: sparkline on the keys page, chart and quota on the usage page', async () => {
    // A fortnight of history, so the charts have something to draw (today's real calls are added by the API).
    const keyId = await page.getByTestId('key-row').first().getAttribute('data-key-id');
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      for (let i = 1; i <= 20; i++) {
        const day = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
        await c.query('INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $2, $3, $4, $5)', [
          keyId,
          day,
          180 + ((i * 37) % 120),
          i % 4 === 0 ? 12 + i : 0,
          i % 6 === 0 ? 4 : 0,
        ]);
      }
      // Today's real calls reach the table through the API's batched usage recorder (flushed every ~2 s).
      const deadline = Date.now() + 10_000;
      while ((await c.query('SELECT 1 FROM api_key_usage WHERE key_id = $1 AND day = current_date AND allowed > 0', [keyId])).rowCount === 0) {
        if (Date.now() > deadline) throw new Error("the API's usage counters did not reach api_key_usage");
        await new Promise((r) => setTimeout(r, 200));
      }
      while ((await c.query('SELECT 1 FROM api_key_tag_usage WHERE key_id = $1 AND tag = $2', [keyId, 'pharmacy-module'])).rowCount === 0) {
        if (Date.now() > deadline) throw new Error("the API's tagged usage did not reach api_key_tag_usage");
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await c.end();
    }
    await page.goto(`${admin.url}/#/usage?days=7`);
    await page.getByTestId('quota').waitFor();
    const todayRow = page.locator('[data-testid=key-usage] details.chart-data tbody tr').last();
    expect(Number(await todayRow.locator('td').nth(1).textContent())).toBeGreaterThanOrEqual(1); // the call in the previous step
    // That call's usage tag, with its share of the allowed calls, and the untagged rest.
    const tagRow = page.getByTestId('usage-tag-row').first();
    expect(await tagRow.locator('td').first().textContent()).toBe('pharmacy-module');
    expect(Number(await tagRow.locator('td').nth(1).textContent())).toBe(1);
    expect(await page.getByTestId('usage-tags-table').textContent()).toContain('(untagged)');
    await page.goto(`${admin.url}/#/usage`);
    await page.locator('.seg.active', { hasText: '30 days' }).waitFor();
    await page.getByTestId('quota').waitFor();
    await page.getByTestId('key-usage').first().waitFor();
    expect(await page.locator('svg.chart rect.bar-allowed').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('quota').textContent()).toMatch(/of 1,000,000 requests/);
    await shot('06-usage');
    await page.goto(`${admin.url}/#/keys`);
    await page.getByTestId('key-row').first().waitFor();
    expect(await page.locator('svg.sparkline').count()).toBeGreaterThan(0);
  }, 60_000);

  it('quickstart shows the curl example with this API and prefix; the playground calls the API', async () => {
    await page.goto(`${admin.url}/#/quickstart`);
    const curl = await page.getByTestId('curl-example').textContent();
    expect(curl).toContain(`${api.url}/v1/interactions/check`);
    expect(curl).toContain('x-api-key: vigil_YOUR_KEY');
    await page.getByTestId('pg-key').fill(firstKey);
    await page.getByTestId('pg-drugs').fill('warfarin\nibuprofen\nomeprazole');
    await page.getByTestId('pg-submit').click();
    const result = page.getByTestId('pg-result');
    // The API allows the dashboard's origin (CORS_ORIGINS), so the browser calls it directly.
    const preflight = await fetch(`${api.url}/v1/interactions/check`, {
      method: 'OPTIONS',
      headers: { origin: admin.url, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(admin.url);
    await result.getByTestId('finding').first().waitFor();
    expect(await result.getByTestId('finding').first().getAttribute('data-severity')).toMatch(/contraindicated|major|moderate|minor/);
    expect(await result.textContent()).toMatch(/Management:/);
    expect(await result.locator('.disclaimer').count()).toBe(1);
    // An incomplete check (an unknown name, a drug known by name only) is amber, never the green "no interaction".
    await page.getByTestId('pg-drugs').fill('qzxvkwplm\ncephalexin\nmetyrosine');
    await page.getByTestId('pg-submit').click();
    await result.getByTestId('pg-incomplete').waitFor();
    expect(await result.locator('.sev-none').count()).toBe(0);
    expect(await result.getByTestId('pg-not-reviewed').textContent()).toMatch(/metyrosine.*not been reviewed/);
    await page.getByTestId('pg-key').fill('');
    await shot('07-quickstart');
  }, 60_000);

  it('account page shows email, plan and trial end', async () => {
    await page.goto(`${admin.url}/#/account`);
    const details = page.getByTestId('account-details');
    await details.waitFor();
    expect(await details.textContent()).toContain(user.email);
    expect(await page.getByTestId('trial').textContent()).toMatch(/Pro until \d{4}-\d{2}-\d{2}/);
    await shot('08-account');
  }, 30_000);

  it('forgot password: the emailed link sets a new password, every session ends, keys keep working', async () => {
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/#\/signin$/);
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(/#\/forgot-password$/);
    await page.getByTestId('email').fill(user.email);
    await page.getByTestId('submit').click();
    await page.getByTestId('reset-sent').waitFor();
    await page.goto(await emailedLink(user.email, 3, 'reset-password'));
    await page.getByTestId('password').fill('password1234');
    await page.getByTestId('submit').click();
    await page.locator('[data-error-for="/newPassword"]').waitFor(); // too common: refused, the link still works
    user.password = strongPassword();
    await page.getByTestId('password').fill(user.password);
    await shot('08b-reset-password');
    await page.getByTestId('submit').click();
    await page.waitForURL(/#\/signin$/);
    await page.getByText('Password changed.', { exact: false }).waitFor();
    expect(await signIn(user.email, user.password)).toBe(200);
    await page.waitForURL(/#\/keys$/);
    expect((await callApi(firstKey)).status).toBe(200);
  }, 60_000);

  it('revokes the key in the UI after a confirmation naming it; the API then answers 401', async () => {
    await page.goto(`${admin.url}/#/keys`);
    const row = page.getByTestId('key-row').filter({ hasText: 'Pharmacy system' });
    await row.getByTestId('revoke-key').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.getByTestId('confirm-key-label').textContent()).toBe('“Pharmacy system”');
    await shot('09-revoke-confirm');
    await confirm.getByTestId('confirm').click();
    await row.getByText('revoked').waitFor();
    const r = await callApi(firstKey);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('api_key_revoked');
  }, 30_000);

  it('an admin suspends the account: its other key gets 403 account_suspended at once', async () => {
    secondKey = await createKeyInUi('Telehealth app');
    await page.getByTestId('close-show-once').click();
    expect((await callApi(secondKey)).status).toBe(200);
    await page.getByTestId('key-row').nth(1).waitFor();
    await shot('05-keys');
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/#\/signin$/);

    const created = vigilCli(['accounts', 'create', '--email', operator.email, '--password', operator.password, '--admin'], { DATABASE_URL: db.url });
    expect(created).toMatchObject({ email: operator.email, role: 'admin' });
    await signIn(operator.email, operator.password);
    await page.waitForURL(/#\/keys$/);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByTestId('accounts-table').waitFor();
    await page.getByTestId('account-row').nth(1).waitFor();
    await page.getByTestId('account-search').fill(user.email.slice(0, 14));
    await page.getByTestId('account-search').press('Enter');
    await page.waitForURL(/#\/admin\/accounts\?q=/);
    await rowCount('account-row', 1);
    const row = page.getByTestId('account-row').filter({ hasText: user.email });
    expect(await row.textContent()).toMatch(/1\s*\/ 2/);
    await page.getByTestId('account-search').fill('');
    await page.getByTestId('account-search').press('Enter');
    await rowCount('account-row', 2);
    await shot('10-admin-accounts');
    await page.getByTestId('account-row').filter({ hasText: user.email }).getByTestId('suspend').click();
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain(user.email);
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await page.getByTestId('account-row').filter({ hasText: user.email }).getByText('suspended').waitFor();
    const r = await callApi(secondKey);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('account_suspended');

    await page.getByTestId('account-row').filter({ hasText: user.email }).getByRole('link', { name: 'Keys' }).click();
    await page.getByTestId('admin-keys-table').waitFor();
    expect(await page.getByTestId('admin-key-row').count()).toBe(2);
    await shot('11-admin-account-keys');
  }, 90_000);

  it('the audit log and knowledge-base pages render for the admin', async () => {
    await page.goto(`${admin.url}/#/admin/audit`);
    await page.getByTestId('audit-table').waitFor();
    expect(await page.getByTestId('audit-table').textContent()).toContain('account.suspend');
    await shot('12-admin-audit');
    await page.goto(`${admin.url}/#/admin/audit?action=key.revoke`);
    // The filtered table replaces the full one: wait until every row is a key revocation.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('[data-testid=audit-row] td:nth-child(3)')].map((td) => td.textContent);
      return cells.length > 0 && cells.every((c) => c === 'key.revoke');
    });
    expect(await page.locator('input[name=action]').inputValue()).toBe('key.revoke');
    await page.goto(`${admin.url}/#/admin/kb`);
    await page.getByTestId('kb-counts').waitFor();
    expect(await page.getByTestId('kb-sources').textContent()).toMatch(/vigil/i);
    // The API recorded the curated pack as the first (active) release; nothing earlier to roll back to.
    const release = page.getByTestId('kb-release-row');
    expect(await release.count()).toBe(1);
    expect(await release.textContent()).toMatch(/active/);
    expect(await page.getByTestId('kb-active').textContent()).toContain(await release.getAttribute('data-version'));
    expect(await page.getByTestId('kb-rollback').isDisabled()).toBe(true);
    await shot('13-admin-kb');
  }, 60_000);

  it('the knowledge-base page flags an imported source whose licence forbids commercial use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-nc-'));
    const file = join(dir, 'nc.csv');
    writeFileSync(file, 'a,b,severity,mechanism,management,citation\nwarfarin,naproxen,major,Local view.,Avoid.,Paper 2020\n');
    const imported = vigilCli(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'nc-rules', '--license', 'CC BY-NC-SA 4.0', file], { DATABASE_URL: db.url });
    expect(imported).toMatchObject({ nonCommercial: true, active: false });
    // The page is already on #/admin/kb: reload it to read the new release.
    await page.goto(`${admin.url}/#/admin/kb`);
    await page.reload();
    const row = page.locator(`[data-testid=kb-release-row][data-version="${imported.release}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('nc-rules (CC BY-NC-SA 4.0, non-commercial)');
    // Recorded, not live: the page offers to activate it.
    expect(await row.getByRole('button', { name: 'Activate' }).count()).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('sign-in errors are generic: a wrong password and an unknown email read the same', async () => {
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/#\/signin$/);
    const error = page.getByTestId('auth-error');
    expect(await signIn(operator.email, 'definitely-not-the-password')).toBe(401);
    expect(await error.textContent()).toBe('The email or password is incorrect.');
    await shot('14-sign-in-error');
    expect(await signIn(uniqueEmail('nobody'), 'definitely-not-the-password')).toBe(401);
    expect(await error.textContent()).toBe('The email or password is incorrect.');
    expect(await page.getByTestId('who').count()).toBe(0);
    expect(await signIn(user.email, user.password)).toBe(403);
    expect(await error.textContent()).toMatch(/suspended/);
  }, 60_000);
});
