import { DataSource } from 'typeorm';
import { withPgClient } from '@vigil/testing';
import { CdsOverrideReportService } from '../src/cds-overrides/cds-override-report.service';
import { AdminClient } from './support/admin-client';
import { seedCdsFeedback, times } from './support/cds-feedback.seed';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const NOT_APPLICABLE = 'cds-not-applicable';
const DISAGREE = 'recipient-disagrees-evidence';

describe('CDS Hooks override report: GET /api/cds/overrides and /api/admin/cds/overrides', () => {
  let admin: RunningAdmin;
  let op: Awaited<ReturnType<typeof signedInAdmin>>;
  let a: Awaited<ReturnType<typeof signedUpUser>>;
  let b: Awaited<ReturnType<typeof signedUpUser>>;
  let quiet: Awaited<ReturnType<typeof signedUpUser>>;

  beforeAll(async () => {
    admin = await startAdmin();
    op = await signedInAdmin(admin);
    a = await signedUpUser(admin, 'cds-a');
    b = await signedUpUser(admin, 'cds-b');
    quiet = await signedUpUser(admin, 'cds-quiet');
    const keyA = (await a.client.post('/api/keys', { label: 'EHR' })).body.id;
    const keyB = (await b.client.post('/api/keys', { label: 'EHR' })).body.id;
    const ds = admin.app.get(DataSource);
    // Alice: warfarin–NSAID overridden 3× (2× not applicable, 1× a free-text code), accepted 1×; SSRI–NSAID accepted 2×;
    // one override of a card Vigil never issued; and one override 40 days ago.
    await seedCdsFeedback(ds, a.id, keyA, 'warfarin-nsaid', [
      ...times(2, { outcome: 'overridden', reasonCode: NOT_APPLICABLE }),
      { outcome: 'overridden', reasonCode: 'other, "see note"' },
      { outcome: 'accepted' },
    ]);
    await seedCdsFeedback(ds, a.id, keyA, 'ssri-nsaid', times(2, { outcome: 'accepted' }));
    await seedCdsFeedback(ds, a.id, keyA, null, [{ outcome: 'overridden' }]);
    const old = await seedCdsFeedback(ds, a.id, keyA, 'ssri-nsaid', [{ outcome: 'overridden', reasonCode: DISAGREE }]);
    await withPgClient(admin.db.url, (c) => c.query(`UPDATE cds_feedback SET received_at = now() - interval '40 days' WHERE card_uuid = $1`, [old]));
    // Bob: warfarin–NSAID overridden 3× (2× evidence disputed, 1× not applicable).
    await seedCdsFeedback(ds, b.id, keyB, 'warfarin-nsaid', [...times(2, { outcome: 'overridden', reasonCode: DISAGREE }), { outcome: 'overridden', reasonCode: NOT_APPLICABLE }]);
  });
  afterAll(async () => {
    await admin.close();
  });

  it('an account sees its own rules, most overridden first, with rates, top reason and totals (30 days by default)', async () => {
    const r = await a.client.get('/api/cds/overrides');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ days: 30, truncated: false, totals: { accepted: 3, overridden: 4, overrideRate: 4 / 7 } });
    expect(Date.now() - Date.parse(r.body.since)).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(Date.now() - Date.parse(r.body.since)).toBeLessThan(30 * 86_400_000 + 60_000);
    expect(r.body.rows).toEqual([
      { ruleId: 'warfarin-nsaid', accepted: 1, overridden: 3, overrideRate: 0.75, topReason: NOT_APPLICABLE, topReasonDisplay: 'Alert does not apply to this patient' },
      { ruleId: null, accepted: 0, overridden: 1, overrideRate: 1, topReason: null, topReasonDisplay: null },
      { ruleId: 'ssri-nsaid', accepted: 2, overridden: 0, overrideRate: 0, topReason: null, topReasonDisplay: null },
    ]);
    // Bob's overrides never show in Alice's report (his top reason is not among hers in 30 days).
    expect(r.text).not.toContain(DISAGREE);
  });

  it('the window is days back from now: 90 days takes in the older override', async () => {
    const r = await a.client.get('/api/cds/overrides?days=90');
    expect(r.body.totals).toEqual({ accepted: 3, overridden: 5, overrideRate: 5 / 8 });
    expect(r.body.rows.find((x: { ruleId: string }) => x.ruleId === 'ssri-nsaid')).toMatchObject({ accepted: 2, overridden: 1, topReason: DISAGREE });
  });

  it('no feedback yet: no rows, zero totals, no rate', async () => {
    const r = await quiet.client.get('/api/cds/overrides?days=365');
    expect(r.body).toMatchObject({ days: 365, rows: [], totals: { accepted: 0, overridden: 0, overrideRate: null }, truncated: false });
  });

  it('validates the query strictly and needs a session', async () => {
    for (const q of ['days=0', 'days=366', 'days=abc', 'days=2.5']) {
      const r = await a.client.get(`/api/cds/overrides?${q}`);
      expectProblem(r, 400, 'validation_failed');
      expect(r.body.errors[0].pointer).toBe('/days');
    }
    const unknown = await a.client.get('/api/cds/overrides?accountId=x');
    expectProblem(unknown, 400, 'validation_failed');
    expect(unknown.body.errors).toEqual([{ pointer: '/accountId', code: 'unknown_field', message: 'unknown field "accountId"' }]);
    expectProblem(await new AdminClient(admin.url).get('/api/cds/overrides'), 401, 'unauthenticated');
  });

  it('the internal admin sees every account per rule (default), or per account and rule with the email', async () => {
    const byRule = await op.client.get('/api/admin/cds/overrides');
    expect(byRule.status).toBe(200);
    expect(byRule.body).toMatchObject({ by: 'rule', accountId: null, days: 30, totals: { accepted: 3, overridden: 7, overrideRate: 7 / 10 } });
    expect(byRule.body.rows[0]).toEqual({
      accountId: null,
      accountEmail: null,
      ruleId: 'warfarin-nsaid',
      accepted: 1,
      overridden: 6,
      overrideRate: 6 / 7,
      topReason: NOT_APPLICABLE, // 3× not applicable, 2× disputed evidence, 1× other
      topReasonDisplay: 'Alert does not apply to this patient',
    });
    const byAccount = await op.client.get('/api/admin/cds/overrides?by=account&days=7');
    expect(byAccount.body.rows.map((r: { accountEmail: string; ruleId: string; overridden: number }) => [r.accountEmail, r.ruleId, r.overridden])).toEqual([
      [a.email, 'warfarin-nsaid', 3],
      [b.email, 'warfarin-nsaid', 3],
      [a.email, null, 1],
      [a.email, 'ssri-nsaid', 0],
    ]);
    expect(byAccount.body.rows[1]).toMatchObject({ accountId: b.id, topReason: DISAGREE, topReasonDisplay: 'Disagree with the evidence for this alert', overrideRate: 1 });
    const one = await op.client.get(`/api/admin/cds/overrides?by=account&accountId=${b.id}`);
    expect(one.body).toMatchObject({ accountId: b.id, totals: { accepted: 0, overridden: 3, overrideRate: 1 } });
    expect(one.body.rows).toHaveLength(1);
  });

  it('past the row limit the most overridden rows come back, marked truncated; totals still count everything', async () => {
    const r = await admin.app.get(CdsOverrideReportService).forOperator({ by: 'rule', days: 30, limit: 2 });
    expect(r.rows.map((x) => x.ruleId)).toEqual(['warfarin-nsaid', null]);
    expect(r).toMatchObject({ truncated: true, totals: { accepted: 3, overridden: 7 } });
    expect((await admin.app.get(CdsOverrideReportService).forOperator({ by: 'rule', days: 30, limit: 3 })).truncated).toBe(false);
  });

  it('the admin report validates by, days and accountId, and is for internal admins only', async () => {
    for (const [q, pointer] of [
      ['by=key', '/by'],
      ['days=400', '/days'],
      ['accountId=not-a-uuid', '/accountId'],
      ['by=rule&extra=1', '/extra'],
    ]) {
      const r = await op.client.get(`/api/admin/cds/overrides?${q}`);
      expectProblem(r, 400, 'validation_failed');
      expect(r.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    expectProblem(await a.client.get('/api/admin/cds/overrides'), 403, 'forbidden');
    expectProblem(await new AdminClient(admin.url).get('/api/admin/cds/overrides'), 401, 'unauthenticated');
  });
});
