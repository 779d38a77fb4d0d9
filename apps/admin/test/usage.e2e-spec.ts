import { AdminClient } from './support/admin-client';
import { withPgClient } from '@vigil/testing';
import { expectProblem, signedUpUser, utcDay } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

describe('GET /api/usage', () => {
  let admin: RunningAdmin;
  let a: Awaited<ReturnType<typeof signedUpUser>>;
  let b: Awaited<ReturnType<typeof signedUpUser>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await startAdmin();
    a = await signedUpUser(admin, 'usage-a');
    b = await signedUpUser(admin, 'usage-b');
    ids.main = (await a.client.post('/api/keys', { label: 'main' })).body.id;
    ids.quiet = (await a.client.post('/api/keys', { label: 'quiet' })).body.id;
    ids.oldRevoked = (await a.client.post('/api/keys', { label: 'old revoked' })).body.id;
    ids.busyRevoked = (await a.client.post('/api/keys', { label: 'busy revoked' })).body.id;
    ids.bob = (await b.client.post('/api/keys', { label: 'bob' })).body.id;
    await a.client.post(`/api/keys/${ids.oldRevoked}/revoke`);
    await a.client.post(`/api/keys/${ids.busyRevoked}/revoke`);
    await withPgClient(admin.db.url, async (c) => {
      const rows: [string, string, number, number, number][] = [
        [ids.main, utcDay(0), 5, 2, 1],
        [ids.main, utcDay(3), 10, 0, 0],
        [ids.main, utcDay(10), 100, 0, 0],
        [ids.main, utcDay(45), 1000, 0, 0],
        [ids.busyRevoked, utcDay(1), 7, 0, 3],
        [ids.bob, utcDay(0), 99999, 0, 0],
      ];
      for (const r of rows) await c.query('INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $2, $3, $4, $5)', r);
    });
  });
  afterAll(async () => {
    await admin.close();
  });

  it('reports per key per day by outcome, totals, and month-to-date use against the plan quota — own keys only', async () => {
    const r = await a.client.get('/api/usage?days=7');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ days: 7, from: utcDay(6), to: utcDay(0) });
    expect(r.body.daily.map((d: { day: string }) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(utcDay));
    expect(r.body.totals).toEqual({ allowed: 5 + 10 + 7, rateLimited: 2, denied: 1 + 3 });
    expect(r.body.daily.at(-1)).toEqual({ day: utcDay(0), allowed: 5, rateLimited: 2, denied: 1 });
    const byLabel = Object.fromEntries(r.body.keys.map((k: { label: string }) => [k.label, k]));
    expect(Object.keys(byLabel).sort()).toEqual(['busy revoked', 'main', 'quiet']); // a revoked key with no traffic is left out; bob's never appears
    expect(byLabel.main.totals).toEqual({ allowed: 15, rateLimited: 2, denied: 1 });
    expect(byLabel.main.daily).toHaveLength(7);
    expect(byLabel.quiet.totals).toEqual({ allowed: 0, rateLimited: 0, denied: 0 });
    expect(byLabel['busy revoked']).toMatchObject({ status: 'revoked', totals: { allowed: 7, rateLimited: 0, denied: 3 } });
    expect(r.text).not.toContain(ids.bob);
    expect(r.text).not.toContain('99999');
    // Month to date: allowed requests since the 1st (UTC) of this month.
    const monthStart = `${utcDay(0).slice(0, 8)}01`;
    const expected = [
      [utcDay(0), 5],
      [utcDay(3), 10],
      [utcDay(10), 100],
      [utcDay(45), 1000],
      [utcDay(1), 7],
    ]
      .filter(([d]) => (d as string) >= monthStart)
      .reduce((s, [, n]) => s + (n as number), 0);
    expect(r.body.month).toEqual({ start: monthStart, used: expected, quota: 1_000_000, remaining: 1_000_000 - expected, plan: { id: 'pro', name: 'Pro' } });
  });

  it('defaults to 30 days and accepts 7–90', async () => {
    const r = await a.client.get('/api/usage');
    expect(r.body.days).toBe(30);
    expect(r.body.daily).toHaveLength(30);
    expect(r.body.keys.find((k: { label: string }) => k.label === 'main').totals.allowed).toBe(115);
    expect((await a.client.get('/api/usage?days=90')).body.keys.find((k: { label: string }) => k.label === 'main').totals.allowed).toBe(1115);
  });

  it('the quota follows the plan in force (Free after the trial)', async () => {
    await withPgClient(admin.db.url, (c) => c.query(`UPDATE account SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [b.id]));
    const r = await b.client.get('/api/usage?days=7');
    expect(r.body.month).toMatchObject({ quota: 10_000, remaining: 0, plan: { id: 'free', name: 'Free' } });
    expect(r.body.month.used).toBeGreaterThanOrEqual(99999);
  });

  it('month to date is the quota counter when it is ahead: an owner’s quota also counts the members’ keys', async () => {
    const monthStart = `${utcDay(0).slice(0, 8)}01`;
    const before = (await a.client.get('/api/usage?days=7')).body.month.used as number;
    await withPgClient(admin.db.url, (c) => c.query(`INSERT INTO account_month_usage (account_id, month, calls) VALUES ($1, $2, $3)`, [a.id, monthStart, before + 500]));
    const r = await a.client.get('/api/usage?days=7');
    expect(r.body.month).toMatchObject({ used: before + 500, remaining: 1_000_000 - before - 500 });
  });

  it('validates the query (problem+json pointers) and needs a session', async () => {
    for (const q of ['days=6', 'days=91', 'days=abc', 'days=7.5']) {
      const r = await a.client.get(`/api/usage?${q}`);
      expectProblem(r, 400, 'validation_failed');
      expect(r.body.errors[0].pointer).toBe('/days');
    }
    const unknown = await a.client.get('/api/usage?days=7&key=x');
    expectProblem(unknown, 400, 'validation_failed');
    expect(unknown.body.errors).toEqual([{ pointer: '/key', code: 'unknown_field', message: 'unknown field "key"' }]);
    expectProblem(await new AdminClient(admin.url).get('/api/usage'), 401, 'unauthenticated');
  });
});
