/**
 * Browser end-to-end for the CDS Hooks parts of the dashboard, in Debian's Chromium (playwright-core) against the
 * real admin app and a real API process on one test database: registering a CDS client on a key (pasted and from a
 * file, with the server's field errors), the quickstart's discovery URL and test call (run for real against the API),
 * and the alert-feedback report for the account and for the internal admin.
 *
 * Skips with a message when /usr/bin/chromium is missing and CI is not set; under CI a missing browser fails.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { REPO_ROOT, type SpawnedApp, freePort, spawnApp, withPgClient } from '@vigil/testing';
import { exportJWK, generateKeyPair } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/accounts/accounts.service';
import { seedCdsFeedback, times } from './support/cds-feedback.seed';
import { strongPassword, uniqueEmail } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'browser');
const DOCS = join(REPO_ROOT, 'docs', 'screenshots');
const updateDocs = process.env.VIGIL_UPDATE_SCREENSHOTS === '1';
const ISSUER = 'https://ehr.example.org';

if (!haveChromium && !process.env.CI) {
  process.stderr.write(`\n[browser e2e] SKIPPED: ${CHROMIUM} is missing. Install Debian's chromium (bash scripts/ci-browser.sh) to run the dashboard browser tests.\n\n`);
}

const suite = haveChromium || process.env.CI ? describe : describe.skip;

/** A fresh EC P-384 public JWK, as an EHR publishes it at its jku. */
async function publicJwk(kid: string): Promise<Record<string, unknown>> {
  const { publicKey } = await generateKeyPair('ES384', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' };
}

suite('dashboard in a real browser: CDS Hooks', () => {
  let db: TestDatabase;
  let api: SpawnedApp;
  let admin: RunningAdmin;
  let context: BrowserContext;
  let page: Page;
  let userDataDir: string;
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  const user = { email: uniqueEmail('cds-browser'), password: strongPassword(), id: '' };
  const operator = { email: uniqueEmail('cds-operator'), password: strongPassword() };
  let key = '';
  let keyId = '';
  let ruleId = '';

  async function shot(name: string): Promise<void> {
    await page.mouse.move(1, 1);
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

  async function signIn(email: string, password: string): Promise<void> {
    await page.goto(`${admin.url}/#/signin`);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(password);
    await page.getByTestId('submit').click();
    await page.waitForURL(/#\/keys$/);
  }

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`${CHROMIUM} is missing under CI: scripts/ci-browser.sh should have installed Debian's chromium`);
    db = await createTestDatabase();
    const adminPort = await freePort();
    api = await spawnApp('api', { LOG_LEVEL: 'warn', DATABASE_URL: db.url, REDIS_URL: '', CORS_ORIGINS: `http://127.0.0.1:${adminPort}` });
    admin = await startAdmin({ PUBLIC_API_URL: api.url, REDIS_URL: '', ADMIN_PUBLIC_URL: `http://127.0.0.1:${adminPort}` }, db, adminPort);
    // Accounts made as the operator CLI makes them (verified), so the tests start at the CDS parts.
    const accounts = admin.app.get(AccountsService);
    user.id = (await accounts.create({ email: user.email, password: user.password, role: 'user' }, { type: 'cli', label: 'cli:test' })).id;
    await accounts.create({ email: operator.email, password: operator.password, role: 'admin' }, { type: 'cli', label: 'cli:test' });
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
    await api?.stop();
    await db?.drop();
  }, 60_000);

  afterEach(() => {
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('registers a CDS client on a key: field errors for a broken JWK set, then a pasted P-384 key, replaced from a file, removed', async () => {
    await signIn(user.email, user.password);
    await page.getByTestId('create-key').click();
    const create = page.getByTestId('create-dialog');
    await create.getByTestId('key-label').fill('EHR production');
    await create.getByTestId('create-submit').click();
    key = await create.getByTestId('created-key').inputValue();
    await create.getByTestId('close-show-once').click();
    const row = page.getByTestId('key-row').filter({ hasText: 'EHR production' });
    keyId = (await row.getAttribute('data-key-id'))!;

    await row.getByRole('button', { name: 'CDS client of “EHR production”' }).click();
    const dialog = page.getByTestId('cds-client-dialog');
    await dialog.getByTestId('cds-none').waitFor();
    expect(await dialog.getByTestId('cds-scope-warning').count()).toBe(0); // new keys have every scope, cds:invoke included

    // Not JSON: said before any request.
    await dialog.getByTestId('cds-issuer-input').fill(ISSUER);
    await dialog.getByTestId('cds-jwks').fill('{"keys": [');
    await dialog.getByTestId('cds-client-submit').click();
    await dialog
      .locator('[data-error-for="/jwks"]')
      .getByText(/not valid JSON/)
      .waitFor();

    // The server's errors, each under its field: an issuer that is not a URL, a key that is not on P-384.
    const good = await publicJwk('ehr-2026-a');
    await dialog.getByTestId('cds-issuer-input').fill('ehr.example.org');
    await dialog.getByTestId('cds-jwks').fill(JSON.stringify({ keys: [{ ...good, crv: 'P-256' }] }));
    await dialog.getByTestId('cds-client-submit').click();
    await dialog
      .locator('[data-error-for="/issuer"]')
      .getByText(/issuer URL/)
      .waitFor();
    expect(await dialog.locator('[data-error-for="/jwks"]').textContent()).toMatch(/^key 1, crv: an EC key must be on P-384/);
    // A private key member is refused too (the pasted set must be public).
    await dialog.getByTestId('cds-issuer-input').fill(ISSUER);
    await dialog.getByTestId('cds-jwks').fill(JSON.stringify({ keys: [{ ...good, d: 'c2VjcmV0' }] }));
    await dialog.getByTestId('cds-client-submit').click();
    await dialog
      .locator('[data-error-for="/jwks"]')
      .getByText(/key 1: paste the public JWK set only/)
      .waitFor();
    await shot('15-cds-client-errors');
    expect(await withPgClient(db.url, async (c) => (await c.query('SELECT count(*)::int AS n FROM cds_client')).rows[0].n)).toBe(0);

    // A valid set, pasted.
    await dialog.getByTestId('cds-jwks').fill(JSON.stringify({ keys: [good] }, null, 2));
    await dialog.getByTestId('cds-client-submit').click();
    await dialog.getByTestId('cds-client-registered').waitFor();
    expect(await dialog.getByTestId('cds-issuer').textContent()).toBe(ISSUER);
    expect(await dialog.getByTestId('cds-key-row').allTextContents()).toEqual(['ehr-2026-aECES384']);
    const stored = await withPgClient(db.url, async (c) => (await c.query('SELECT issuer, jwks FROM cds_client WHERE key_id = $1', [keyId])).rows[0]);
    expect(stored).toEqual({ issuer: ISSUER, jwks: { keys: [good] } });
    await shot('16-cds-client');

    // Replaced from a .json file (FileReader), keeping the issuer.
    const next = await publicJwk('ehr-2026-b');
    await dialog.getByTestId('cds-jwks-file').setInputFiles({ name: 'jwks.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ keys: [next] })) });
    await page.waitForFunction(() => document.querySelector('[data-testid=cds-jwks]')?.value.includes('ehr-2026-b'));
    await dialog.getByTestId('cds-client-submit').click();
    await dialog.getByTestId('cds-key-row').filter({ hasText: 'ehr-2026-b' }).waitFor();
    expect(await dialog.getByTestId('cds-key-row').count()).toBe(1);

    await dialog.getByTestId('cds-client-remove').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await dialog.getByTestId('cds-none').waitFor();
    expect(await withPgClient(db.url, async (c) => (await c.query('SELECT count(*)::int AS n FROM cds_client')).rows[0].n)).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The extra action still fits the keys table on a laptop screen.
    const wrap = page.locator('.table-wrap').first();
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot('05b-keys-cds');
  }, 90_000);

  it('quickstart gives the discovery URL and a test call that really returns a card', async () => {
    await page.goto(`${admin.url}/#/quickstart`);
    const url = page.getByTestId('cds-discovery-url');
    expect(await url.inputValue()).toBe(`${api.url}/cds-services`);
    expect((await fetch(await url.inputValue())).status).toBe(200);
    const curl = (await page.getByTestId('curl-cds').textContent())!;
    expect(curl).toContain(`${api.url}/cds-services/vigil-order-select`);
    expect(curl).toContain('x-api-key: vigil_YOUR_KEY');
    await page.getByTestId('cds-hooks').scrollIntoViewIfNeeded();
    await shot('17-quickstart-cds-hooks');
    // Run the copied request as a shell would: the body between -d '…'.
    const body = JSON.parse(/-d '([\s\S]*)'\s*$/.exec(curl)![1]);
    const res = await fetch(`${api.url}/cds-services/vigil-order-select`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const { cards } = await res.json();
    const card = cards.find(
      (c: { source: { topic?: { display?: string } } }) => /warfarin/i.test(c.source.topic?.display ?? '') && /ibuprofen/i.test(c.source.topic?.display ?? ''),
    );
    expect(card).toBeDefined();
    ruleId = card.source.topic.code;
    // The EHR reports the clinician's override through the real feedback endpoint.
    const feedback = await fetch(`${api.url}/cds-services/vigil-order-select/feedback`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        feedback: [
          {
            card: card.uuid,
            outcome: 'overridden',
            overrideReason: { reason: { system: 'http://terminology.hl7.org/CodeSystem/non-adherence-reason-codes', code: 'cds-not-applicable' } },
            outcomeTimestamp: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(feedback.status).toBe(200);
  }, 60_000);

  it('alert feedback: the account sees its rules with counts, rate and top reason and an empty state for a window without any', async () => {
    await page.goto(`${admin.url}/#/cds-feedback?days=7`);
    await page.getByTestId('override-table').waitFor();
    expect(await page.getByTestId('override-row').count()).toBe(1);
    const cells = await page.getByTestId('override-row').locator('td').allTextContents();
    expect(cells).toEqual([ruleId, '0', '1', '100%', 'Alert does not apply to this patientcds-not-applicable']);

    // More feedback, stored through the same repository as the API's endpoint.
    const ds = admin.app.get(DataSource);
    await seedCdsFeedback(ds, user.id, keyId, ruleId, [...times(2, { outcome: 'accepted' }), { outcome: 'overridden', reasonCode: 'cds-not-applicable' }]);
    await seedCdsFeedback(ds, user.id, keyId, 'ssri-nsaid', times(3, { outcome: 'accepted' }));
    await page.goto(`${admin.url}/#/cds-feedback?days=30`);
    await page.locator('.seg.active', { hasText: '30 days' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=override-row]').length === 2);
    expect(await page.getByTestId('override-row').first().getAttribute('data-rule')).toBe(ruleId);
    expect(await page.getByTestId('override-row').first().locator('td').nth(3).textContent()).toBe('50%');
    expect(await page.getByTestId('override-totals').textContent()).toMatch(/Cards accepted5Cards overridden2Override rate29%/);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Rule', 'Accepted', 'Overridden', 'Override rate', 'Top override reason']);
    await shot('18-alert-feedback');

    // A window with no feedback shows the empty state.
    await withPgClient(db.url, (c) => c.query(`UPDATE cds_feedback SET received_at = now() - interval '8 days' WHERE account_id = $1`, [user.id]));
    await page.goto(`${admin.url}/#/cds-feedback?days=7`);
    await page.getByTestId('override-empty').getByText('No feedback yet').waitFor();
    expect(await page.getByTestId('override-table').count()).toBe(0);
  }, 60_000);

  it('the internal admin sees the override report per rule and per account', async () => {
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/#\/signin$/);
    await signIn(operator.email, operator.password);
    await page.getByRole('link', { name: 'Override report' }).click();
    await page.waitForURL(/#\/admin\/cds-feedback$/);
    await page.getByTestId('override-table').waitFor();
    expect(await page.getByTestId('override-row').count()).toBe(2);
    await page.getByRole('link', { name: 'Per account' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=override-row] td')?.textContent?.includes('@'));
    const first = await page.getByTestId('override-row').first().locator('td').allTextContents();
    expect(first.slice(0, 4)).toEqual([user.email, ruleId, '2', '2']);
    expect(await page.getByRole('columnheader').first().textContent()).toBe('Account');
    await shot('19-admin-override-report');
    await page.getByTestId('override-row').first().getByRole('link', { name: user.email }).click();
    await page.getByTestId('override-account-filter').waitFor();
    expect(await page.getByTestId('override-account-filter').textContent()).toContain(user.email);
  }, 60_000);
});
