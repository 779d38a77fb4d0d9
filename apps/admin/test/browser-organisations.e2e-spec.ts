/**
 * Organisations in the dashboard (Debian's Chromium through playwright-core, real admin app and database), at laptop and
 * phone sizes: the owner invites a member from the organisation page; the member opens the invitation link signed out,
 * signs in and accepts; the owner sets the key policy (non-compliant keys counted), adds a project and a service key in
 * it (the policy's rules shown on the form until it complies), changes the member's role and
 * removes them (their key revoked). axe-core and the layout checks run on each screen.
 */
import type { Browser, Page } from 'playwright-core';
import { withPgClient } from '@vigil/testing';
import { DESKTOP, PHONE, type ScreenSize, axeViolations, browserSuite, launchChromium, layoutReport, openTab, screenshot } from './support/dashboard-browser';
import { loggedToken, signedUpUser } from './support/fixtures';
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

        // Activity by project: the usage table and the audit log narrow to the chosen project.
        const activity = page.getByTestId('activity-card');
        await activity.getByTestId('usage-project-row').first().waitFor();
        expect(await activity.getByTestId('usage-project-row').count()).toBe(2);
        await activity.getByTestId('activity-project').selectOption({ label: 'Dispensing' });
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=usage-project-row]').length === 1);
        const actions = await activity.getByTestId('audit-row').locator('code').allTextContents();
        expect(new Set(actions)).toEqual(new Set(['project.create', 'project.update', 'key.create']));
        await clean(page);

        // Role change, then removal through the confirmation dialog: the member's key is revoked.
        const memberRow = page.locator(`[data-account-id="${member.id}"]`);
        await memberRow.getByTestId('member-role').selectOption('viewer');
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
