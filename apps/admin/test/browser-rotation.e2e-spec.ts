/**
 * Rolling a key in the dashboard (Debian's Chromium through playwright-core, real admin app and database), at laptop and
 * phone sizes: the Roll dialog (grace period and idle time), the successor shown once with a copy button and gone
 * after closing, and the list's "rotating → successor, old key valid until …" and "replaced by …" states. axe-core and
 * the layout checks run on the dialog and the list.
 */
import type { Browser } from 'playwright-core';
import { withPgClient } from '@vigil/testing';
import { DESKTOP, PHONE, type ScreenSize, axeViolations, browserSuite, launchChromium, layoutReport, openTab, screenshot } from './support/dashboard-browser';
import { signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const suite = browserSuite();

suite('dashboard: roll a key', () => {
  let admin: RunningAdmin;
  let browser: Browser;

  beforeAll(async () => {
    admin = await startAdmin({ KEY_ROTATION_SWEEP_MS: '300000' });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await admin?.close();
  });

  for (const size of [DESKTOP, PHONE] as ScreenSize[]) {
    it(`${size.name}: Roll dialog, successor shown once, rotating and replaced states in the list`, async () => {
      const user = await signedUpUser(admin, `roll-${size.name}`);
      const created = await user.client.post('/api/keys', { label: 'Pharmacy system', scopes: ['interactions:check'], usageTag: 'dispensing' });
      expect(created.status).toBe(201);
      const tab = await openTab(browser, size);
      const { page } = tab;
      try {
        await page.goto(`${admin.url}/#/signin`);
        await page.getByTestId('email').fill(user.email);
        await page.getByTestId('password').fill(user.password);
        await page.getByTestId('submit').click();
        await page.waitForURL(/#\/keys$/);

        const oldRow = page.locator(`[data-key-id="${created.body.id}"]`);
        await oldRow.getByTestId('roll-key').click();
        const dialog = page.getByTestId('roll-dialog');
        await dialog.waitFor();
        // 24 hours is preselected; a custom period over 7 days is refused before anything is sent.
        expect(await dialog.locator('input[name=grace][value="86400"]').isChecked()).toBe(true);
        await dialog.locator('input[name=grace][value="custom"]').check();
        await dialog.getByTestId('roll-custom-amount').fill('8');
        await dialog.getByTestId('roll-custom-unit').selectOption('86400');
        await dialog.getByTestId('roll-submit').click();
        await dialog.getByText('up to 7 days', { exact: false }).first().waitFor();
        expect(await dialog.getByTestId('created-key').count()).toBe(0);
        await dialog.getByTestId('roll-custom-amount').fill('2');
        await dialog.getByTestId('roll-custom-unit').selectOption('3600');
        await dialog.getByTestId('roll-idle').selectOption('900');
        expect(await layoutReport(page)).toEqual({ horizontalOverflow: 0, offscreen: [] });
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${size.name}-roll-dialog`, { docs: false });
        const before = Date.now();
        await dialog.getByTestId('roll-submit').click();

        const input = dialog.getByTestId('created-key');
        await input.waitFor();
        const successorKey = await input.inputValue();
        expect(successorKey).toMatch(/^vigil_[A-Za-z0-9_-]{20,}$/);
        await dialog.getByText('You will not see it again.', { exact: false }).waitFor();
        expect(await dialog.getByRole('button', { name: /copy/i }).count()).toBe(1);
        expect(await dialog.getByTestId('roll-old-state').textContent()).toMatch(/keeps working until .* idle 15 minutes/);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${size.name}-roll-show-once`, { docs: false });
        await dialog.getByTestId('close-show-once').click();
        await dialog.waitFor({ state: 'detached' });
        expect(await page.content()).not.toContain(successorKey);

        // The old key: rotating → the successor, valid until now + 2 h; the successor: replaces the old key.
        const [stored] = await withPgClient(
          admin.db.url,
          async (c) => (await c.query(`SELECT rotated_to_key_id, rotation_grace_ends_at, rotation_idle_seconds FROM api_key WHERE id = $1`, [created.body.id])).rows,
        );
        expect(stored.rotation_idle_seconds).toBe(900);
        expect(stored.rotation_grace_ends_at.getTime() - before).toBeGreaterThan(2 * 3600_000 - 60_000);
        const note = oldRow.getByTestId('key-rotation');
        await note.waitFor();
        expect(await note.getAttribute('data-state')).toBe('grace');
        expect(await note.textContent()).toMatch(/rotating → vigil_.*old key valid until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
        expect(await oldRow.getByTestId('roll-key').count()).toBe(0);
        const newRow = page.locator(`[data-key-id="${stored.rotated_to_key_id}"]`);
        expect(await newRow.getByTestId('key-rotation').textContent()).toMatch(/replaces vigil_.*still valid until/);
        expect(await newRow.textContent()).toContain('Pharmacy system (rolled)');
        expect(await layoutReport(page)).toEqual({ horizontalOverflow: 0, offscreen: [] });
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${size.name}-keys-rotating`, { docs: false });

        // Roll the successor with "End now": it is revoked at once and shows "replaced by".
        await newRow.getByTestId('roll-key').click();
        const again = page.getByTestId('roll-dialog');
        await again.locator('input[name=grace][value="0"]').check();
        await again.getByTestId('roll-submit').click();
        await again.getByTestId('created-key').waitFor();
        expect(await again.getByTestId('roll-old-state').textContent()).toMatch(/is revoked/);
        await again.getByTestId('close-show-once').click();
        await again.waitFor({ state: 'detached' });
        await page.waitForFunction(
          (id) => document.querySelector(`[data-key-id="${id}"] [data-testid=key-rotation]`)?.getAttribute('data-state') === 'ended',
          stored.rotated_to_key_id,
        );
        expect(await newRow.getByTestId('key-rotation').textContent()).toMatch(/replaced by vigil_.*revoked/);
        expect(await newRow.textContent()).toMatch(/revoked/);
        expect(tab.cspViolations).toEqual([]);
        expect(tab.pageErrors).toEqual([]);
      } finally {
        await tab.context.close().catch(() => undefined);
      }
    }, 120_000);
  }
});
