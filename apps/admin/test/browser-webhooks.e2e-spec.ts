/**
 * The Webhooks page in Debian's Chromium (playwright-core) against the real admin app, its delivery worker and a real
 * receiver on loopback, at a laptop size and a phone size: add an endpoint with event checkboxes, the signing secret
 * shown once (and verified against a real delivery with the standardwebhooks library), send a test event, read its
 * delivery log, rotate the secret; with several organisations, pick one in the selector: an owner manages its
 * endpoints, a developer sees them read-only (each address without its query), a viewer is told the role may not.
 * axe-core finds no violation, nothing scrolls sideways or lies off-screen.
 *
 * Skips with a message when /usr/bin/chromium is missing and CI is not set; under CI a missing browser fails.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { withPgClient } from '@vigil/testing';
import { AccountsService } from '../src/accounts/accounts.service';
import { OrganisationsService } from '../src/organisations/organisations.service';
import { DESKTOP, PHONE, type DashboardTab, axeViolations, browserSuite, launchChromium, layoutReport, openTab, screenshot } from './support/dashboard-browser';
import { strongPassword, uniqueEmail } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const suite = browserSuite();

suite('dashboard in a real browser: webhooks', () => {
  let admin: RunningAdmin;
  let browser: Browser;
  let receiver: Server;
  let receiverUrl = '';
  const received: { path: string; headers: Record<string, string>; body: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    admin = await startAdmin({ VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_WEBHOOKS_WORKER_INTERVAL_MS: '100', REDIS_URL: '' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await admin?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const expectClean = async (tab: DashboardTab, what: string) => {
    expect([what, await axeViolations(tab.page)]).toEqual([what, []]);
    expect([what, await layoutReport(tab.page)]).toEqual([what, { horizontalOverflow: 0, offscreen: [] }]);
  };

  it.each([DESKTOP, PHONE])('adds an endpoint, shows its secret once, sends a test, shows the delivery log and rotates the secret ($name)', async (size) => {
    const email = uniqueEmail(`hooks-${size.name}`);
    const password = strongPassword();
    await admin.app.get(AccountsService).create({ email, password, emailVerified: true }, { type: 'cli', label: 'cli:test' });
    const tab = await openTab(browser, size);
    const { page } = tab;
    try {
      await page.goto(`${admin.url}/#/signin`);
      await page.getByTestId('email').fill(email);
      await page.getByTestId('password').fill(password);
      await page.getByTestId('submit').click();
      await page.waitForURL(/#\/keys$/);

      await page.goto(`${admin.url}/#/webhooks`);
      await page.getByTestId('add-webhook').waitFor();
      await expectClean(tab, 'empty page');
      await screenshot(page, `${size.name}-webhooks-empty`, { docs: false });

      // Add: a refused URL shows the server's field error; then the receiver, with two events unticked.
      await page.getByTestId('add-webhook').click();
      const form = page.getByTestId('create-webhook-dialog');
      await expectClean(tab, 'add dialog');
      await page.getByTestId('webhook-url').fill('https://169.254.169.254/latest');
      await page.getByTestId('webhook-submit').click();
      await form.locator('[data-error-for="/url"]').filter({ hasText: 'metadata' }).waitFor();
      const path = `/${size.name}`;
      await page.getByTestId('webhook-url').fill(`${receiverUrl}${path}`);
      await page.getByTestId('webhook-description').fill('Ops alerts');
      await form.getByRole('checkbox', { name: /kb\.release\.activated/ }).uncheck();
      await form.getByRole('checkbox', { name: /quota\.threshold/ }).uncheck();
      await page.getByTestId('webhook-submit').click();

      const secretBox = page.getByTestId('webhook-secret');
      await secretBox.waitFor();
      const secret = await secretBox.inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expectClean(tab, 'secret dialog');
      await page.getByTestId('close-show-once').click();
      const row = page.getByTestId('webhook-row');
      await row.waitFor();
      expect(await row.textContent()).toContain('Ops alerts');
      expect(await row.textContent()).toContain('key.exposed');
      expect(await row.textContent()).not.toContain('quota.threshold');
      expect(await page.content()).not.toContain(secret);
      await expectClean(tab, 'list');
      await screenshot(page, `${size.name}-webhooks`);

      // Send a test event: the receiver gets it, signed with the secret the page showed.
      await row.getByTestId('webhook-test').click();
      await page.getByTestId('toast').filter({ hasText: 'queued' }).waitFor();
      for (let i = 0; i < 200 && !received.some((r) => r.path === path); i++) await page.waitForTimeout(50);
      const delivery = received.find((r) => r.path === path)!;
      expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({ type: 'webhook.test' });

      // The delivery log shows the attempt and its status.
      await row.getByTestId('webhook-deliveries').click();
      const log = page.getByTestId('deliveries-dialog');
      await log.getByTestId('delivery-row').first().waitFor();
      expect(await log.getByTestId('delivery-status-code').first().textContent()).toBe('204');
      expect(await log.getByTestId('delivery-row').first().textContent()).toContain('webhook.test');
      expect(await log.getByTestId('delivery-row').first().textContent()).toContain('succeeded');
      await expectClean(tab, 'delivery log');
      await screenshot(page, `${size.name}-webhooks-deliveries`);
      await log.getByRole('button', { name: 'Close' }).click();

      // Rotate: a new secret, shown once; the endpoint says the old one still signs.
      await row.getByTestId('webhook-rotate').click();
      await page.getByTestId('confirm').click();
      await secretBox.waitFor();
      const rotated = await secretBox.inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await page.getByTestId('close-show-once').click();
      await row.filter({ hasText: 'old secret valid' }).waitFor();
      expect(await page.content()).not.toContain(rotated);

      expect(tab.cspViolations).toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.context.close();
    }
  });

  const account = async (tag: string) => {
    const email = uniqueEmail(tag);
    const password = strongPassword();
    const a = await admin.app.get(AccountsService).create({ email, password, emailVerified: true }, { type: 'cli', label: 'cli:test' });
    return { id: a.id, email, password };
  };
  const signIn = async (tab: DashboardTab, who: { email: string; password: string }) => {
    await tab.page.goto(`${admin.url}/#/signin`);
    await tab.page.getByTestId('email').fill(who.email);
    await tab.page.getByTestId('password').fill(who.password);
    await tab.page.getByTestId('submit').click();
    await tab.page.waitForURL(/#\/keys$/);
    await tab.page.goto(`${admin.url}/#/webhooks`);
    await tab.page.getByTestId('webhooks-org').waitFor();
  };

  it.each([DESKTOP, PHONE])('organisation selector: the owner manages the team’s endpoints, a developer reads them, a viewer may not ($name)', async (size) => {
    const [owner, dev, viewer] = [await account(`team-owner-${size.name}`), await account(`team-dev-${size.name}`), await account(`team-viewer-${size.name}`)];
    const team = `Team ${size.name}`;
    const org = await admin.app.get(OrganisationsService).create(owner.id, team, { type: 'cli', label: 'cli:test' });
    await withPgClient(admin.db.url, (c) =>
      c.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'developer'), ($1, $3, 'viewer')`, [org.id, dev.id, viewer.id]),
    );
    const path = `/team-${size.name}`;
    const ownerTab = await openTab(browser, size);
    const devTab = await openTab(browser, size);
    const viewerTab = await openTab(browser, size);
    try {
      // The owner picks the team organisation and adds an endpoint to it (its address carries a token in the query).
      await signIn(ownerTab, owner);
      const op = ownerTab.page;
      await op.getByTestId('webhooks-org').selectOption(org.id);
      await op.locator('.page-header').filter({ hasText: team }).waitFor();
      await expectClean(ownerTab, 'owner, team organisation');
      await op.getByTestId('add-webhook').click();
      await op.getByTestId('webhook-url').fill(`${receiverUrl}${path}?token=receiver-token`);
      await op.getByTestId('webhook-submit').click();
      await op.getByTestId('webhook-secret').waitFor();
      await op.getByTestId('close-show-once').click();
      await op.getByTestId('webhook-row').waitFor();
      expect(await op.getByTestId('webhook-row').textContent()).toContain('token=receiver-token');
      const owned = await withPgClient(admin.db.url, async (c) => (await c.query(`SELECT organisation_id FROM webhook_endpoint WHERE url LIKE $1`, [`%${path}?%`])).rows);
      expect(owned).toEqual([{ organisation_id: org.id }]);

      // The developer sees it read-only: no add, test, rotate or delete; the address without its query; the log opens.
      await signIn(devTab, dev);
      const dp = devTab.page;
      await dp.getByTestId('webhooks-org').selectOption(org.id);
      await dp.getByTestId('webhooks-read-only').waitFor();
      const row = dp.getByTestId('webhook-row');
      await row.waitFor();
      expect(await row.textContent()).toContain(`${receiverUrl}${path}`);
      expect(await dp.content()).not.toContain('receiver-token');
      expect(await dp.getByTestId('add-webhook').count()).toBe(0);
      for (const id of ['webhook-test', 'webhook-toggle', 'webhook-rotate', 'webhook-delete']) expect([id, await row.getByTestId(id).count()]).toEqual([id, 0]);
      await expectClean(devTab, 'developer, read-only');
      await screenshot(dp, `${size.name}-webhooks-read-only`, { docs: false });
      await row.getByTestId('webhook-deliveries').click();
      await dp.getByTestId('deliveries-dialog').waitFor();
      await dp.getByTestId('deliveries-dialog').getByRole('button', { name: 'Close' }).click();

      // The viewer is told the role may not see the endpoints.
      await signIn(viewerTab, viewer);
      const vp = viewerTab.page;
      await vp.getByTestId('webhooks-org').selectOption(org.id);
      await vp.getByTestId('webhooks-no-access').waitFor();
      expect(await vp.content()).not.toContain(path);
      await expectClean(viewerTab, 'viewer');

      for (const t of [ownerTab, devTab, viewerTab]) expect([t.cspViolations, t.pageErrors]).toEqual([[], []]);
    } finally {
      await Promise.all([ownerTab, devTab, viewerTab].map((t) => t.context.close()));
    }
  });
});
