/**
 * Organisations in the dashboard (Debian's Chromium through playwright-core, real admin app and database), at laptop and
 * phone sizes: the owner invites a member from the organisation page; the member opens the invitation link signed out,
 * signs in and accepts; the owner sets the key policy (non-compliant keys counted), adds a project and a service key in
 * it (the policy's rules shown on the form until it complies), changes the member's role and
 * removes them (their key revoked); the usage card charts calls by project and by outcome and exports CSV. An internal
 * admin finds the organisation on the admin organisations page and reads it. axe-core and the layout checks run on each
 * screen. Laptop screenshots of the usage card and the admin pages go to docs/screenshots (numbered) with
 * VIGIL_UPDATE_SCREENSHOTS=1; the phone ones come from browser-layout.e2e-spec.ts.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { withPgClient } from '@vigil/testing';
import { DESKTOP, PHONE, type ScreenSize, axeViolations, browserSuite, launchChromium, layoutReport, openTab, screenshot } from './support/dashboard-browser';
import { AccountsService } from '../src/accounts/accounts.service';
import { loggedToken, signedUpUser, utcDay } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const suite = browserSuite();

suite('dashboard: organisations', () => {
  let admin: RunningAdmin;
  let browser: Browser;

  beforeAll(async () => {
    admin = await startAdmin();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await admin?.close();
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(password);
    await page.getByTestId('submit').click();
  }
  const clean = async (page: Page) => {
    expect(await layoutReport(page)).toEqual({ horizontalOverflow: 0, offscreen: [] });
    expect(await axeViolations(page)).toEqual([]);
  };

  for (const size of [DESKTOP, PHONE] as ScreenSize[]) {
    it(`${size.name}: invite, accept through the link, key policy, a project and a service key, role change and removal`, async () => {
      const owner = await signedUpUser(admin, `org-owner-${size.name}`);
      const member = await signedUpUser(admin, `org-member-${size.name}`);
      const org = (await owner.client.post('/api/orgs', { name: `Oncology ${size.name}` })).body;
      expect((await owner.client.post(`/api/orgs/${org.id}/keys`, { label: 'no expiry' })).status).toBe(201);
      const ownerTab = await openTab(browser, size);
      const memberTab = await openTab(browser, size);
      try {
        const page = ownerTab.page;
        await page.goto(`${admin.url}/#/signin`);
        await signIn(page, owner.email, owner.password);
        await page.waitForURL(/#\/keys$/);
        await page.goto(`${admin.url}/#/orgs`);
        const row = page.locator(`[data-org-id="${org.id}"]`);
        await row.waitFor();
        expect(await row.textContent()).toContain('owner');
        await clean(page);
        await screenshot(page, `${size.name}-orgs`, { docs: false });
        await row.getByTestId('org-link').click();
        await page.waitForURL(new RegExp(`#/orgs/${org.id}$`));

        // Invite the member; the pending invitation is listed (never with its link).
        await page.getByTestId('invite-email').fill(member.email);
        await page.getByTestId('invite-role').selectOption('developer');
        await page.getByTestId('invite-submit').click();
        await page.getByTestId('invitation-row').filter({ hasText: member.email }).waitFor();
        await clean(page);
        await screenshot(page, `${size.name}-org-page`, { docs: false });
        const token = loggedToken(admin, member.email, 'invite');
        expect(await page.content()).not.toContain(token);

        // The member opens the link signed out, signs in, comes back to it and accepts.
        const mp = memberTab.page;
        await mp.goto(`${admin.url}/#/invite/${token}`);
        expect(await mp.getByTestId('invite-offer').textContent()).toContain(`join Oncology ${size.name} as a developer`);
        await clean(mp);
        await mp.getByTestId('to-sign-in').click();
        await signIn(mp, member.email, member.password);
        await mp.waitForURL(new RegExp(`#/invite/${token}$`));
        await mp.getByTestId('accept-invitation').click();
        await mp.waitForURL(new RegExp(`#/orgs/${org.id}$`));
        await mp.getByTestId('members-card').waitFor();
        // A developer sees the policy read-only and no invitation form.
        expect(await mp.getByTestId('invitations-card').count()).toBe(0);
        expect(await mp.getByTestId('policy-submit').count()).toBe(0);
        await clean(mp);
        await screenshot(mp, `${size.name}-org-member-view`, { docs: false });
        const memberKey = (await member.client.post(`/api/orgs/${org.id}/keys`, { label: 'member key' })).body;

        // The owner sets a policy: both keys (no expiry, no allowlist) no longer comply and are counted, not revoked.
        await page.reload();
        await page.getByTestId('policy-max-days').fill('30');
        await page.getByTestId('policy-require-ips').check();
        await page.getByTestId('policy-submit').click();
        await page.getByTestId('policy-noncompliant').waitFor();
        expect(await page.getByTestId('policy-noncompliant').textContent()).toMatch(/^2 active key\(s\) do not comply/);
        await clean(page);
        const [stored] = await withPgClient(
          admin.db.url,
          async (c) => (await c.query(`SELECT policy_max_key_lifetime_seconds, policy_require_ip_allowlist FROM organisation WHERE id = $1`, [org.id])).rows,
        );
        expect(stored).toEqual({ policy_max_key_lifetime_seconds: 30 * 86_400, policy_require_ip_allowlist: true });

        // A project, then a service key in it: the policy's rules show on the form's fields until the key complies.
        await page.getByTestId('project-name').fill('Dispensing');
        await page.getByTestId('project-quota').fill('5000');
        await page.getByTestId('project-submit').click();
        await page.getByTestId('project-row').filter({ hasText: 'Dispensing' }).waitFor();
        // Caps through the Edit dialog: above the owner's plan is refused on the field; within it, saved.
        const projectRow = page.getByTestId('project-row').filter({ hasText: 'Dispensing' });
        await projectRow.getByTestId('project-edit').click();
        const edit = page.getByTestId('project-dialog');
        await edit.getByTestId('project-edit-limit').fill('100000');
        await edit.getByTestId('project-edit-submit').click();
        await edit.getByText('must not exceed', { exact: false }).first().waitFor();
        await clean(page);
        await edit.getByTestId('project-edit-limit').fill('30');
        await edit.getByTestId('project-edit-submit').click();
        await edit.waitFor({ state: 'detached' });
        await page.getByTestId('project-row').filter({ hasText: '30 per 60 s' }).waitFor();
        await page.getByTestId('org-new-key').click();
        const dialog = page.getByTestId('org-key-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('org-key-label').fill('dispensing service');
        await dialog.getByTestId('org-key-project').selectOption({ label: 'Dispensing' });
        await dialog.getByTestId('org-key-kind').selectOption('service');
        await dialog.getByTestId('org-key-submit').click();
        await dialog.getByText('the organisation requires keys to expire within 30 days').waitFor();
        await dialog.getByText('the organisation requires every key to have an IP allowlist').waitFor();
        await clean(page);
        await dialog.getByTestId('org-key-days').fill('10');
        await dialog.getByTestId('org-key-ips').fill('10.0.0.0/8');
        await dialog.getByTestId('org-key-submit').click();
        const shown = await dialog.getByTestId('created-key').inputValue();
        expect(shown).toMatch(/^vigil_/);
        await clean(page);
        await dialog.getByTestId('close-show-once').click();
        await dialog.waitFor({ state: 'detached' });
        expect(await page.content()).not.toContain(shown);
        const serviceRow = page.getByTestId('org-key-row').filter({ hasText: 'dispensing service' });
        await serviceRow.waitFor();
        expect(await serviceRow.textContent()).toMatch(/Dispensing.*active.*service/);

        // Usage: a fortnight of calls on both projects' keys (and two usage tags), drawn stacked by project, narrowed to
        // one project (stacked by outcome), exported as CSV; the audit log narrows to the chosen project.
        const orgKeys = await withPgClient(
          admin.db.url,
          async (c) => (await c.query(`SELECT k.id, p.name FROM api_key k JOIN project p ON p.id = k.project_id WHERE k.organisation_id = $1`, [org.id])).rows,
        );
        const defaultKey = orgKeys.find((k: { name: string }) => k.name === 'Default').id;
        const dispensingKey = orgKeys.find((k: { name: string }) => k.name === 'Dispensing').id;
        await withPgClient(admin.db.url, async (c) => {
          for (let i = 0; i < 14; i++) {
            await c.query('INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $3, $4, 0, 1), ($2, $3, $5, 2, 0)', [
              defaultKey,
              dispensingKey,
              utcDay(i),
              10 + i,
              40 + i,
            ]);
          }
          await c.query(`INSERT INTO api_key_tag_usage (key_id, day, tag, allowed, rate_limited) VALUES ($1, $2, 'pharmacy-module', 30, 2)`, [dispensingKey, utcDay(0)]);
        });
        await page.reload();
        const usage = page.getByTestId('usage-card');
        await usage.getByTestId('usage-project-row').first().waitFor();
        expect(await usage.getByTestId('usage-project-row').count()).toBe(2);
        const chart = usage.locator('svg.chart');
        expect(await chart.getAttribute('aria-label')).toMatch(/^Calls per day, all projects .*stacked by project$/);
        // The busier project first; each project is its own colour; the legend names both with their totals.
        expect(await usage.locator('.legend-item').allTextContents()).toEqual([`Dispensing ${(14 * 40 + 91 + 28).toLocaleString('en')}`, `Default ${14 * 10 + 91 + 14}`]);
        expect(await chart.locator('rect.bar-s0').count()).toBe(14);
        expect(await chart.locator('rect.bar-s1').count()).toBe(14);
        expect(await usage.getByTestId('usage-tag-row').allTextContents()).toEqual([expect.stringMatching(/^pharmacy-module30\s*2/)]);
        await clean(page);
        await screenshot(page, size === DESKTOP ? '23-org-usage' : 'phone-org-usage', { docs: size === DESKTOP });

        // CSV of what is shown: every day × project, zeros included.
        const [download] = await Promise.all([page.waitForEvent('download'), usage.getByTestId('usage-csv').click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^vigil-oncology-${size.name}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}-by-project\\.csv$`));
        const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
        expect(csv[0]).toBe('day,project_id,project,allowed,rate_limited,denied');
        expect(csv).toHaveLength(1 + 30 * 2 + 1); // header, 30 days × 2 projects, the final line break
        const dispensingId = (await owner.client.get(`/api/orgs/${org.id}/projects`)).body.projects.find((p: { name: string }) => p.name === 'Dispensing').id;
        expect(csv).toContain(`${utcDay(0)},${dispensingId},Dispensing,40,2,0`);
        const [tagDownload] = await Promise.all([page.waitForEvent('download'), usage.getByTestId('usage-tags-csv').click()]);
        expect(readFileSync(await tagDownload.path(), 'utf8')).toBe(`tag,allowed,rate_limited\r\npharmacy-module,30,2\r\n(untagged),${14 * 50 + 182 - 30},\r\n`);

        await usage.getByTestId('usage-project').selectOption({ label: 'Dispensing' });
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=usage-project-row]').length === 1);
        expect(await chart.count()).toBe(1);
        expect(await usage.locator('svg.chart').getAttribute('aria-label')).toMatch(/^Calls per day, Dispensing .*stacked by outcome$/);
        expect(await usage.getByTestId('usage-split').isVisible()).toBe(false);
        expect(await usage.getByTestId('usage-status').textContent()).toMatch(/^Usage of Dispensing, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.$/);
        await usage.getByTestId('usage-days').selectOption('7');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=usage-card] details.chart-data tbody tr').length === 7);
        await clean(page);

        const activity = page.getByTestId('activity-card');
        await activity.getByTestId('activity-project').selectOption({ label: 'Dispensing' });
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=audit-row]').length === 3);
        const actions = await activity.getByTestId('audit-row').locator('code').allTextContents();
        expect(new Set(actions)).toEqual(new Set(['project.create', 'project.update', 'key.create']));
        await clean(page);

        // Role change, then removal through the confirmation dialog: the member's key is revoked.
        const memberRow = page.locator(`[data-account-id="${member.id}"]`);
        await memberRow.getByTestId('member-role').selectOption('viewer');
        // The toast follows the reload: once it shows, the page shows the new role.
        await page.getByTestId('toast').filter({ hasText: 'is now a viewer' }).waitFor();
        await page.waitForFunction((id) => document.querySelector(`[data-account-id="${id}"] [data-testid=member-role]`)?.value === 'viewer', member.id);
        await memberRow.getByTestId('remove-member').click();
        await page.getByTestId('confirm-dialog').waitFor();
        await clean(page);
        await page.getByTestId('confirm').click();
        await memberRow.waitFor({ state: 'detached' });
        const [key] = await withPgClient(admin.db.url, async (c) => (await c.query(`SELECT status FROM api_key WHERE id = $1`, [memberKey.id])).rows);
        expect(key.status).toBe('revoked');
        await clean(page);
        for (const tab of [ownerTab, memberTab]) {
          expect(tab.cspViolations).toEqual([]);
          expect(tab.pageErrors).toEqual([]);
        }
      } finally {
        await ownerTab.context.close().catch(() => undefined);
        await memberTab.context.close().catch(() => undefined);
      }
    }, 120_000);

    it(`${size.name}: an internal admin finds an organisation and reads its members, projects, key policy and audit events`, async () => {
      const owner = await signedUpUser(admin, `org-admin-view-${size.name}`);
      const name = `Cardiology ${size.name} ${Date.now().toString(36)}`;
      const org = (await owner.client.post('/api/orgs', { name })).body;
      await owner.client.post(`/api/orgs/${org.id}/projects`, { name: 'Telemetry', rateLimit: { limit: 30, windowSeconds: 60 }, monthlyQuota: 5000 });
      await owner.client.post(`/api/orgs/${org.id}/keys`, { label: 'bedside monitors' });
      await owner.client.request('PUT', `/api/orgs/${org.id}/policy`, {
        body: { maxKeyLifetimeSeconds: 90 * 86_400, requireIpAllowlist: false, allowedScopes: ['interactions:check'], allowedIps: ['10.0.0.0/8'] },
      });
      const operator = { email: `org-operator-${size.name}-${Date.now().toString(36)}@example.com`, password: `Vigil-${Date.now().toString(36)}-operator-pw` };
      await admin.app.get(AccountsService).create({ ...operator, role: 'admin' }, { type: 'cli', label: 'cli:test' });
      const opTab = await openTab(browser, size);
      const ownerTab = await openTab(browser, size);
      try {
        const page = opTab.page;
        await page.goto(`${admin.url}/#/signin`);
        await signIn(page, operator.email, operator.password);
        await page.waitForURL(/#\/keys$/);
        if (await page.getByTestId('menu-toggle').isVisible()) await page.getByTestId('menu-toggle').click();
        await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'All organisations' }).click();
        await page.waitForURL(/#\/admin\/orgs$/);
        await page.getByTestId('admin-org-row').first().waitFor();
        await page.getByTestId('org-search').fill(name);
        await page.getByTestId('org-search').press('Enter');
        await page.waitForURL(/#\/admin\/orgs\?q=/);
        await page.waitForFunction((n) => {
          const rows = document.querySelectorAll('[data-testid=admin-org-row]');
          return rows.length === 1 && rows[0].textContent!.includes(n);
        }, name);
        const row = page.getByTestId('admin-org-row');
        // Name, owner, members, projects, active keys, plan.
        expect(await row.locator('td').allTextContents()).toEqual([name, owner.email, '1', '2', '1', expect.any(String), expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
        await clean(page);
        await screenshot(page, size === DESKTOP ? '24-admin-orgs' : 'phone-admin-orgs-search', { docs: size === DESKTOP });

        await row.getByTestId('admin-org-link').click();
        await page.waitForURL(new RegExp(`#/admin/orgs/${org.id}$`));
        await page.getByTestId('admin-org-policy').waitFor();
        expect(await page.getByTestId('admin-org-stats').textContent()).toBe('Members1Projects2Active keys1');
        expect(await page.getByTestId('admin-org-member-row').allTextContents()).toEqual([expect.stringContaining(owner.email)]);
        const telemetry = page.getByTestId('admin-org-project-row').filter({ hasText: 'Telemetry' });
        expect(await telemetry.locator('td').allTextContents()).toEqual(['Telemetry', '30 / minute, all its keys', '5,000 a month', '0']);
        const policy = await page.getByTestId('admin-org-policy').textContent();
        for (const text of ['90 days', 'not required', 'interactions:check', '10.0.0.0/8']) expect(policy).toContain(text);
        const actions = await page.getByTestId('admin-org-audit-row').locator('code').allTextContents();
        expect(actions.slice(0, 3)).toEqual(['organisation.policy.set', 'key.create', 'project.create']);
        // Read only: no control that changes anything.
        expect(await page.locator('main form, main select, main button').count()).toBe(0);
        await clean(page);
        await screenshot(page, size === DESKTOP ? '25-admin-org' : 'phone-admin-org-detail', { docs: size === DESKTOP });

        // The audit page checks every chain on demand: this organisation's is intact, then broken once an event is edited.
        await page.goto(`${admin.url}/#/admin/audit`);
        const chainRow = page.locator(`[data-testid=chain-row][data-chain="org:${org.id}"]`);
        await page.getByTestId('check-chains').click();
        await chainRow.waitFor();
        expect(await chainRow.getAttribute('data-ok')).toBe('true');
        const cells = await chainRow.locator('td').allTextContents();
        expect([cells[0], cells[2]]).toEqual([`org:${org.id}`, 'intact']);
        expect(Number(cells[1])).toBeGreaterThanOrEqual(3);
        const [{ after }] = await withPgClient(admin.db.url, async (c) => (await c.query(`SELECT after FROM audit_event WHERE chain = $1 AND seq = 2`, [`org:${org.id}`])).rows);
        await withPgClient(admin.db.url, (c) => c.query(`UPDATE audit_event SET after = '{"edited":true}' WHERE chain = $1 AND seq = 2`, [`org:${org.id}`]));
        try {
          await page.getByTestId('check-chains').click();
          await page.waitForFunction((id) => document.querySelector(`[data-testid=chain-row][data-chain="org:${id}"]`)?.getAttribute('data-ok') === 'false', org.id);
          expect(await chainRow.textContent()).toMatch(/BROKEN at event 2/);
          expect(await page.getByTestId('chains-result').getByRole('alert').textContent()).toMatch(/chains? (is|are) broken/);
        } finally {
          await withPgClient(admin.db.url, (c) => c.query(`UPDATE audit_event SET after = $2::jsonb WHERE chain = $1 AND seq = 2`, [`org:${org.id}`, JSON.stringify(after)]));
        }
        await page.getByTestId('check-chains').click();
        await page.waitForFunction((id) => document.querySelector(`[data-testid=chain-row][data-chain="org:${id}"]`)?.getAttribute('data-ok') === 'true', org.id);
        await clean(page);
        await screenshot(page, size === DESKTOP ? '26-admin-audit-chains' : 'phone-admin-audit-chains', { docs: false });

        // A member who is not an internal admin has no such link and is refused the page.
        const op = ownerTab.page;
        await op.goto(`${admin.url}/#/signin`);
        await signIn(op, owner.email, owner.password);
        await op.waitForURL(/#\/keys$/);
        expect(await op.getByRole('link', { name: 'All organisations' }).count()).toBe(0);
        await op.goto(`${admin.url}/#/admin/orgs/${org.id}`);
        await op.getByText('This page is for internal admins.').waitFor();
        expect(await op.content()).not.toContain('bedside monitors');
        for (const tab of [opTab, ownerTab]) {
          expect(tab.cspViolations).toEqual([]);
          expect(tab.pageErrors).toEqual([]);
        }
      } finally {
        await opTab.context.close().catch(() => undefined);
        await ownerTab.context.close().catch(() => undefined);
      }
    }, 120_000);
  }
  for (const size of [DESKTOP, PHONE] as ScreenSize[]) {
    it(`${size.name}: the audit chain status, resending an invitation, and deleting the organisation from the danger zone`, async () => {
      const owner = await signedUpUser(admin, `org-del-${size.name}`);
      const org = (await owner.client.post('/api/orgs', { name: `Radiology ${size.name}` })).body;
      const inv = (await owner.client.post(`/api/orgs/${org.id}/invitations`, { email: `later-${size.name}@example.com`, role: 'viewer' })).body;
      // As if the link went out an hour ago (a resend waits a minute after the last one).
      await withPgClient(admin.db.url, (c) => c.query(`UPDATE organisation_invitation SET sent_at = now() - interval '1 hour' WHERE id = $1`, [inv.id]));
      const key = (await owner.client.post(`/api/orgs/${org.id}/keys`, { label: 'radiology' })).body;
      const { page } = await openTab(browser, size);
      try {
        await page.goto(`${admin.url}/#/signin`);
        await signIn(page, owner.email, owner.password);
        await page.waitForURL(/#\/keys$/);
        await page.goto(`${admin.url}/#/orgs/${org.id}`);
        const status = page.getByTestId('chain-status');
        await status.waitFor();
        expect(await status.getAttribute('data-ok')).toBe('true');
        expect(await status.textContent()).toMatch(/chain intact/);

        await page.getByTestId('resend-invitation').click();
        await page.getByText(/sent to later-.* again/).waitFor();
        expect(await page.content()).not.toContain(loggedToken(admin, `later-${size.name}@example.com`, 'invite'));
        await clean(page);

        // A broken chain is shown as broken, never as intact.
        await withPgClient(admin.db.url, (c) => c.query(`UPDATE audit_event SET after = '{"edited":true}' WHERE chain = $1 AND seq = 2`, [`org:${org.id}`]));
        await page.reload();
        await page.getByTestId('chain-status').waitFor();
        expect(await page.getByTestId('chain-status').getAttribute('data-ok')).toBe('false');
        expect(await page.getByTestId('chain-status').textContent()).toMatch(/BROKEN at event 2/);

        await page.getByTestId('delete-org').click();
        const dialog = page.getByTestId('delete-org-dialog');
        await dialog.waitFor();
        await clean(page);
        await screenshot(page, `${size.name}-org-delete-dialog`, { docs: false });
        await page.getByTestId('delete-org-confirm').fill('radiology');
        await page.getByTestId('delete-org-submit').click();
        await dialog
          .getByText(/exactly/)
          .first()
          .waitFor();
        expect((await owner.client.get(`/api/orgs/${org.id}`)).status).toBe(200);
        await page.getByTestId('delete-org-confirm').fill(`Radiology ${size.name}`);
        await page.getByTestId('delete-org-submit').click();
        await page.waitForURL(/#\/orgs$/);
        await page.getByTestId('org-row').first().waitFor();
        expect(await page.locator(`[data-org-id="${org.id}"]`).count()).toBe(0);
        expect((await owner.client.get(`/api/orgs/${org.id}`)).status).toBe(404);
        const [row] = await withPgClient(admin.db.url, async (c) => (await c.query(`SELECT status FROM api_key WHERE id = $1`, [key.id])).rows);
        expect(row.status).toBe('revoked');
      } finally {
        await page.context().close();
      }
    });
  }
});
