/**
 * Every dashboard page (and its dialogs) at a laptop size (1280×800) and a phone size (390×844), in Debian's
 * Chromium (playwright-core) against the real admin app and API: axe-core finds no accessibility violation, the
 * document never scrolls sideways, and no visible control lies outside the viewport. Also the phone-specific limits:
 * the navigation header at most a fifth of the screen, readable chart labels, toasts that cover no button.
 *
 * Screenshots of each page go to test-artifacts/browser/<size>-<page>.png; with VIGIL_UPDATE_SCREENSHOTS=1 the phone
 * ones also to docs/screenshots/phone-<page>.png.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { type SpawnedApp, freePort, spawnApp, withPgClient } from '@vigil/testing';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/accounts/accounts.service';
import { KeysService } from '../src/keys/keys.service';
import { OrganisationProjectsService } from '../src/organisations/organisation-projects.service';
import { seedCdsFeedback, times } from './support/cds-feedback.seed';
import {
  ARTIFACTS,
  type AxeViolation,
  type DashboardTab,
  type LayoutReport,
  DESKTOP,
  PHONE,
  type ScreenSize,
  axeViolations,
  browserSuite,
  launchChromium,
  layoutReport,
  openTab,
  screenshot,
} from './support/dashboard-browser';
import { strongPassword, uniqueEmail, utcDay } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const suite = browserSuite();

interface PageCase {
  name: string;
  who: 'anon' | 'user' | 'admin';
  /** Opens the page (or the dialog) and waits until it is drawn. */
  open: (page: Page) => Promise<void>;
  /** Closes what `open` left open (a dialog). */
  close?: (page: Page) => Promise<void>;
}

suite('dashboard layout and accessibility at laptop and phone sizes', () => {
  let db: TestDatabase;
  let api: SpawnedApp;
  let admin: RunningAdmin;
  let browser: Browser;
  // A long address, as real ones can be: the account page must wrap it, not scroll.
  const user = { email: `clinical-integration-team.${Date.now().toString(36)}@pharmacy-systems.example.org`, password: strongPassword(), id: '' };
  const operator = { email: uniqueEmail('layout-operator'), password: strongPassword() };
  let playgroundKey = '';
  let userOrg = '';
  const report: Record<string, unknown>[] = [];

  /** A fresh load of the page (nothing left over from the previous case). */
  const go = async (page: Page, path: string, ready: string) => {
    await page.goto('about:blank');
    await page.goto(`${admin.url}/#/${path}`);
    await page.locator(ready).first().waitFor();
  };

  const PAGES: PageCase[] = [
    { name: 'sign-in', who: 'anon', open: (p) => go(p, 'signin', '[data-testid=submit]') },
    { name: 'sign-up', who: 'anon', open: (p) => go(p, 'signup', '[data-testid=submit]') },
    { name: 'forgot-password', who: 'anon', open: (p) => go(p, 'forgot-password', '[data-testid=submit]') },
    { name: 'reset-password', who: 'anon', open: (p) => go(p, `reset-password/${'ab'.repeat(32)}`, '[data-testid=password]') },
    { name: 'verify-email-invalid', who: 'anon', open: (p) => go(p, `verify-email/${'cd'.repeat(32)}`, '[data-testid=link-invalid]') },
    { name: 'invite-invalid', who: 'anon', open: (p) => go(p, `invite/${'ef'.repeat(32)}`, '[data-testid=link-invalid]') },
    { name: 'keys', who: 'user', open: (p) => go(p, 'keys', '[data-testid=key-row]') },
    { name: 'organisations', who: 'user', open: (p) => go(p, 'orgs', '[data-testid=org-row]') },
    {
      name: 'organisation',
      who: 'user',
      open: async (p) => {
        await go(p, 'orgs', '[data-testid=org-row]');
        await p.getByTestId('org-link').first().click();
        await p.getByTestId('policy-card').waitFor();
        // The usage card: calls per day stacked by project, with its tables.
        await p.locator('[data-testid=usage-card] svg.chart rect.bar-s1').first().waitFor();
        await p.getByTestId('usage-tag-row').first().waitFor();
      },
    },
    {
      name: 'organisation-new-key-dialog',
      who: 'user',
      open: async (p) => {
        await go(p, 'orgs', '[data-testid=org-row]');
        await p.getByTestId('org-link').first().click();
        await p.getByTestId('org-new-key').click();
        await p.getByTestId('org-key-dialog').waitFor();
      },
      close: (p) => p.getByTestId('org-key-dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    {
      name: 'organisation-delete-dialog',
      who: 'user',
      open: async (p) => {
        await go(p, 'orgs', '[data-testid=org-row]');
        await p.getByTestId('org-link').first().click();
        await p.getByTestId('delete-org').click();
        await p.getByTestId('delete-org-dialog').waitFor();
      },
      close: (p) => p.getByTestId('delete-org-dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    {
      name: 'keys-menu-open',
      who: 'user',
      open: async (p) => {
        await go(p, 'keys', '[data-testid=key-row]');
        // The phone's Menu button (a laptop shows the links without it).
        if (await p.getByTestId('menu-toggle').isVisible()) await p.getByTestId('menu-toggle').click();
        await p.getByTestId('sign-out').waitFor();
      },
    },
    {
      name: 'keys-create-dialog',
      who: 'user',
      open: async (p) => {
        await go(p, 'keys', '[data-testid=key-row]');
        await p.getByTestId('create-key').click();
        await p.getByTestId('create-dialog').waitFor();
      },
      close: (p) => p.getByTestId('create-dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    {
      name: 'keys-edit-dialog',
      who: 'user',
      open: async (p) => {
        await go(p, 'keys', '[data-testid=key-row]');
        await p.getByTestId('key-row').first().getByTestId('edit-key').click();
        await p.getByTestId('edit-dialog').waitFor();
      },
      close: (p) => p.getByTestId('edit-dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    {
      name: 'keys-revoke-confirm',
      who: 'user',
      open: async (p) => {
        await go(p, 'keys', '[data-testid=key-row]');
        await p.getByTestId('key-row').first().getByTestId('revoke-key').click();
        await p.getByTestId('confirm-dialog').waitFor();
      },
      close: (p) => p.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    {
      name: 'keys-cds-client',
      who: 'user',
      open: async (p) => {
        await go(p, 'keys', '[data-testid=key-row]');
        await p.getByTestId('key-row').first().getByTestId('cds-client').click();
        await p.getByTestId('cds-client-dialog').getByTestId('cds-client-submit').waitFor();
      },
      close: (p) => p.getByTestId('cds-client-dialog').getByRole('button', { name: 'Close' }).click(),
    },
    { name: 'usage', who: 'user', open: (p) => go(p, 'usage', '[data-testid=key-usage]') },
    { name: 'alert-feedback', who: 'user', open: (p) => go(p, 'cds-feedback', '[data-testid=override-table]') },
    {
      name: 'quickstart',
      who: 'user',
      open: async (p) => {
        await go(p, 'quickstart', '[data-testid=pg-submit]');
        await p.getByTestId('pg-key').fill(playgroundKey);
        await p.getByTestId('pg-drugs').fill('warfarin\nibuprofen\nqzxvkwplm');
        await p.getByTestId('pg-submit').click();
        await p.getByTestId('pg-result').getByTestId('finding').first().waitFor();
        await p.getByTestId('pg-key').fill('');
      },
    },
    { name: 'account', who: 'user', open: (p) => go(p, 'account', '[data-testid=account-details]') },
    { name: 'admin-accounts', who: 'admin', open: (p) => go(p, 'admin/accounts', '[data-testid=account-row]') },
    {
      name: 'admin-suspend-confirm',
      who: 'admin',
      open: async (p) => {
        await go(p, 'admin/accounts', '[data-testid=account-row]');
        await p.getByTestId('account-row').filter({ hasText: user.email }).getByTestId('suspend').click();
        await p.getByTestId('confirm-dialog').waitFor();
      },
      close: (p) => p.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    { name: 'admin-account-keys', who: 'admin', open: (p) => go(p, `admin/accounts/${user.id}`, '[data-testid=admin-key-row]') },
    { name: 'admin-orgs', who: 'admin', open: (p) => go(p, 'admin/orgs', '[data-testid=admin-org-row]') },
    { name: 'admin-org', who: 'admin', open: (p) => go(p, `admin/orgs/${userOrg}`, '[data-testid=admin-org-audit-row]') },
    { name: 'admin-audit', who: 'admin', open: (p) => go(p, 'admin/audit', '[data-testid=audit-row]') },
    { name: 'admin-kb', who: 'admin', open: (p) => go(p, 'admin/kb', '[data-testid=kb-counts]') },
    { name: 'admin-override-report', who: 'admin', open: (p) => go(p, 'admin/cds-feedback', '[data-testid=override-row]') },
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    const adminPort = await freePort();
    api = await spawnApp('api', { LOG_LEVEL: 'warn', DATABASE_URL: db.url, REDIS_URL: '', CORS_ORIGINS: `http://127.0.0.1:${adminPort}` });
    admin = await startAdmin({ PUBLIC_API_URL: api.url, REDIS_URL: '', ADMIN_PUBLIC_URL: `http://127.0.0.1:${adminPort}` }, db, adminPort);
    const cli = { type: 'cli' as const, label: 'cli:test' };
    const accounts = admin.app.get(AccountsService);
    user.id = (await accounts.create({ email: user.email, password: user.password, role: 'user' }, cli)).id;
    await accounts.create({ email: operator.email, password: operator.password, role: 'admin' }, cli);
    const keys = admin.app.get(KeysService);
    const pharmacy = await keys.create(
      user.id,
      { label: 'Pharmacy system (production)', allowedIps: ['203.0.113.0/24', '2001:db8::/32', '127.0.0.1', '::1'], rateLimit: { limit: 100, windowSeconds: 90 } },
      cli,
    );
    playgroundKey = pharmacy.key;
    const telehealth = await keys.create(
      user.id,
      { label: 'Telehealth app', scopes: ['interactions:check', 'drugs:read'], expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
      cli,
    );
    await keys.create(user.id, { label: 'EHR order entry (staging)' }, cli);
    await withPgClient(db.url, async (c) => {
      for (let i = 1; i <= 30; i++) {
        await c.query('INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $2, $3, $4, $5)', [
          pharmacy.id,
          utcDay(i),
          150 + ((i * 37) % 120),
          i % 4 ? 0 : 9,
          i % 6 ? 0 : 3,
        ]);
        // A key with a handful of calls a day: its chart's axis must still count whole requests.
        if (i <= 5) await c.query('INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $2, $3, 0, 0)', [telehealth.id, utcDay(i), i % 3]);
      }
    });
    // A second project in the user's organisation with the telehealth key in it, and tagged calls: the organisation
    // page's usage card draws a split by project and a tags table.
    userOrg = (await withPgClient(db.url, async (c) => (await c.query(`SELECT organisation_id FROM organisation_member WHERE account_id = $1`, [user.id])).rows))[0]
      .organisation_id;
    const telehealthProject = await admin.app.get(OrganisationProjectsService).create(userOrg, { name: 'Telehealth' }, cli);
    await withPgClient(db.url, async (c) => {
      await c.query(`UPDATE api_key SET project_id = $1 WHERE id = $2`, [telehealthProject.id, telehealth.id]);
      await c.query(`INSERT INTO api_key_tag_usage (key_id, day, tag, allowed, rate_limited) VALUES ($1, $2, 'pharmacy-module', 120, 3)`, [pharmacy.id, utcDay(1)]);
    });
    const ds = admin.app.get(DataSource);
    await seedCdsFeedback(ds, user.id, pharmacy.id, 'warfarin-nsaid', [
      ...times(3, { outcome: 'accepted' }),
      ...times(2, { outcome: 'overridden', reasonCode: 'cds-not-applicable' }),
    ]);
    await seedCdsFeedback(ds, user.id, pharmacy.id, 'ssri-nsaid', times(4, { outcome: 'accepted' }));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'layout-a11y-report.json'), `${JSON.stringify(report, null, 1)}\n`);
    await browser?.close().catch(() => undefined);
    await admin?.close();
    await api?.stop();
    await db?.drop();
  }, 60_000);

  async function signIn(tab: DashboardTab, email: string, password: string): Promise<void> {
    await tab.page.goto(`${admin.url}/#/signin`);
    await tab.page.getByTestId('email').fill(email);
    await tab.page.getByTestId('password').fill(password);
    await tab.page.getByTestId('submit').click();
    await tab.page.waitForURL(/#\/keys$/);
  }

  for (const size of [DESKTOP, PHONE] as ScreenSize[]) {
    describe(`${size.name} ${size.viewport.width}×${size.viewport.height}`, () => {
      const tabs = {} as Record<PageCase['who'], DashboardTab>;
      beforeAll(async () => {
        for (const who of ['anon', 'user', 'admin'] as const) tabs[who] = await openTab(browser, size);
        await signIn(tabs.user, user.email, user.password);
        await signIn(tabs.admin, operator.email, operator.password);
      }, 60_000);
      afterAll(async () => {
        for (const t of Object.values(tabs)) await t.context.close().catch(() => undefined);
      });
      afterEach(() => {
        for (const t of Object.values(tabs)) {
          expect(t.cspViolations).toEqual([]);
          expect(t.pageErrors).toEqual([]);
        }
      });

      it.each(PAGES.map((p) => [p.name, p] as const))(
        '%s: no axe violation, no sideways scrolling, every control on screen',
        async (_name, pc) => {
          const { page } = tabs[pc.who];
          let layout: LayoutReport;
          let violations: AxeViolation[];
          try {
            await pc.open(page);
            // docs/screenshots/ gets the phone set; the laptop set there comes from browser.e2e-spec.ts (numbered).
            await screenshot(page, `${size.name}-${pc.name}`, { docs: size === PHONE });
            layout = await layoutReport(page);
            violations = await axeViolations(page);
          } finally {
            await pc.close?.(page).catch(() => undefined);
          }
          report.push({ page: pc.name, size: size.name, ...layout, violations: violations.map((v) => `${v.id}: ${v.targets.join(' | ')}`) });
          expect({ layout, violations }).toEqual({ layout: { horizontalOverflow: 0, offscreen: [] }, violations: [] });
        },
        60_000,
      );
    });
  }
});
