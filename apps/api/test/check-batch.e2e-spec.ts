import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedKey, withPgClient } from '@vigil/testing';
import { AccountQuotaService } from '../src/keys/account-quota.service';
import { UsageRecorderService } from '../src/keys/usage-recorder.service';
import { type RunningApi, startApi } from './support/start-api';

/** A plan whose quota a batch can exhaust: 5 calls a month. */
const PLANS = JSON.stringify([
  { id: 'free', name: 'Free', rateLimit: { limit: 1000, windowSeconds: 60 }, monthlyQuota: 10_000, maxKeys: 3 },
  { id: 'tiny', name: 'Tiny', rateLimit: { limit: 1000, windowSeconds: 60 }, monthlyQuota: 5, maxKeys: 3 },
]);

const post = (api: RunningApi, path: string, key: string, body: unknown) =>
  fetch(`${api.url}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('POST /v1/interactions/check-batch', () => {
  let db: TestDatabase;
  let api: RunningApi;
  let key: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({ VIGIL_PLANS: PLANS, REDIS_URL: '' }, db);
    key = (await seedKey(db.url)).key;
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  const counted = (accountId: string) =>
    withPgClient(db.url, async (c) => Number((await c.query(`SELECT COALESCE(sum(calls), 0) AS n FROM account_month_usage WHERE account_id = $1`, [accountId])).rows[0].n));

  it('answers each list exactly as a single check would, in order, with ids and batch totals', async () => {
    const lists = [
      { id: 'patient-1', drugs: ['warfarin', 'ibuprofen'] },
      { drugs: ['amoxicillin'] },
      { id: 'patient-3', drugs: ['simvastatin', { name: 'clarithromycin', proposed: true }, 'zzqx not a drug'] },
    ];
    const res = await post(api, '/v1/interactions/check-batch', key, { lists, options: { minSeverity: 'moderate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.results.map((r: { index: number; id?: string }) => [r.index, r.id])).toEqual([
      [0, 'patient-1'],
      [1, undefined],
      [2, 'patient-3'],
    ]);
    expect(body.summary).toEqual({ lists: 3, incomplete: [2], withFindings: [0, 2] });
    for (const [i, list] of lists.entries()) {
      const single = await (await post(api, '/v1/interactions/check', key, { drugs: list.drugs, options: { minSeverity: 'moderate' } })).json();
      const { index, id, ...result } = body.results[i];
      expect([index, id]).toEqual([i, list.id]);
      expect(result).toEqual({
        summary: single.summary,
        resolutions: single.resolutions,
        interactions: single.interactions,
        unresolved: single.unresolved,
        warnings: single.warnings,
      });
      expect(body.kb).toEqual(single.kb);
      expect(body.disclaimer).toBe(single.disclaimer);
    }
  });

  it.each([
    ['no lists', { lists: [] }, '/lists', 'min_items'],
    ['101 lists', { lists: Array.from({ length: 101 }, () => ({ drugs: ['a'] })) }, '/lists', 'max_items'],
    ['more than 2000 drugs in all', { lists: Array.from({ length: 21 }, () => ({ drugs: Array(100).fill('aspirin') })) }, '/lists', 'max_items'],
    ['an empty list', { lists: [{ drugs: ['warfarin'] }, { drugs: [] }] }, '/lists/1/drugs', 'min_items'],
    ['a bad entry', { lists: [{ drugs: ['warfarin'] }, { drugs: ['aspirin', 42] }] }, '/lists/1/drugs/1', 'type'],
    ['a future stop date', { lists: [{ drugs: [{ name: 'aspirin', stoppedOn: '2999-01-01' }] }] }, '/lists/0/drugs/0/stoppedOn', 'future_date'],
    ['an unknown list field', { lists: [{ drugs: ['a'], patient: 'x' }] }, '/lists/0/patient', 'unknown_field'],
    ['drugs instead of lists', { drugs: ['a'] }, '/drugs', 'unknown_field'],
  ])('400 validation_failed: %s', async (_n, body, pointer, code) => {
    const res = await post(api, '/v1/interactions/check-batch', key, body);
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(problem.errors).toContainEqual(expect.objectContaining({ pointer, code }));
  });

  it('takes a body above the single-check limit (64 KiB) and refuses one above its own (1 MiB) with 413', async () => {
    const lists = Array.from({ length: 100 }, (_, i) => ({ id: `p-${i}-${'x'.repeat(80)}`, drugs: Array.from({ length: 20 }, () => ({ name: 'acetaminophen 500 mg tablet' })) }));
    const bodyText = JSON.stringify({ lists });
    expect(bodyText.length).toBeGreaterThan(64 * 1024);
    const ok = await post(api, '/v1/interactions/check-batch', key, bodyText);
    expect(ok.status).toBe(200);
    expect((await ok.json()).results).toHaveLength(100);
    const big = await post(api, '/v1/interactions/check-batch', key, JSON.stringify({ lists: [{ drugs: ['a'] }], pad: 'x'.repeat(1024 * 1024) }));
    expect([big.status, (await big.json()).code]).toEqual([413, 'payload_too_large']);
    const single = await post(api, '/v1/interactions/check', key, JSON.stringify({ drugs: ['a'], pad: 'x'.repeat(70 * 1024) }));
    expect([single.status, (await single.json()).code]).toEqual([413, 'payload_too_large']);
  });

  it('counts one quota call and one usage call per list; a batch larger than what is left is refused whole', async () => {
    const tiny = await seedKey(db.url, { plan: 'tiny' });
    const usage = api.app.get(UsageRecorderService);
    const before = usage.totals.allowed;
    const three = await post(api, '/v1/interactions/check-batch', tiny.key, { lists: [{ drugs: ['a'] }, { drugs: ['b'] }, { drugs: ['c'] }] });
    expect(three.status).toBe(200);
    await three.arrayBuffer();
    expect(usage.totals.allowed - before).toBe(3);
    await api.app.get(AccountQuotaService).sync();
    expect(await counted(tiny.accountId)).toBe(3);
    // Two calls left: a batch of three is refused, with nothing counted, and a batch of two fits.
    const refused = await post(api, '/v1/interactions/check-batch', tiny.key, { lists: [{ drugs: ['a'] }, { drugs: ['b'] }, { drugs: ['c'] }] });
    expect(refused.status).toBe(429);
    const problem = await refused.json();
    expect(problem).toMatchObject({ code: 'quota_exceeded', quota: 5 });
    expect(problem.detail).toMatch(/counts as 3 calls but only 2 .* remain/);
    const two = await post(api, '/v1/interactions/check-batch', tiny.key, { lists: [{ drugs: ['a'] }, { drugs: ['b'] }] });
    expect(two.status).toBe(200);
    await two.arrayBuffer();
    await api.app.get(AccountQuotaService).sync();
    expect(await counted(tiny.accountId)).toBe(5);
    const single = await post(api, '/v1/interactions/check', tiny.key, { drugs: ['a'] });
    expect([single.status, (await single.json()).code]).toEqual([429, 'quota_exceeded']);
  });

  it('needs the interactions:check scope', async () => {
    const readOnly = await seedKey(db.url, { scopes: ['drugs:read'] });
    const res = await post(api, '/v1/interactions/check-batch', readOnly.key, { lists: [{ drugs: ['a'] }] });
    expect([res.status, (await res.json()).code]).toEqual([403, 'insufficient_scope']);
  });
});
