import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedKey, withPgClient } from '@vigil/testing';
import { AccountQuotaService } from '../src/keys/account-quota.service';
import { type RunningApi, startApi } from './support/start-api';

/** A plan whose quota a test can exhaust: 6 calls a month, a rate limit the test never reaches. */
const PLANS = JSON.stringify([
  { id: 'free', name: 'Free', rateLimit: { limit: 1000, windowSeconds: 60 }, monthlyQuota: 10_000, maxKeys: 3 },
  { id: 'tiny', name: 'Tiny', rateLimit: { limit: 1000, windowSeconds: 60 }, monthlyQuota: 6, maxKeys: 3 },
]);

const get = (api: RunningApi, path: string, key: string) => fetch(`${api.url}${path}`, { headers: { 'x-api-key': key } });
const check = (api: RunningApi, key: string, body: unknown) =>
  fetch(`${api.url}/v1/interactions/check`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function status(res: Response): Promise<number> {
  await res.arrayBuffer();
  return res.status;
}

describe('monthly quota, enforced per account across instances', () => {
  let db: TestDatabase;
  let a: RunningApi;
  let b: RunningApi;

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startApi({ VIGIL_PLANS: PLANS, REDIS_URL: '' }, db);
    b = await startApi({ VIGIL_PLANS: PLANS, REDIS_URL: '' }, db);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.drop();
  });

  const counted = (accountId: string) =>
    withPgClient(db.url, async (c) => Number((await c.query(`SELECT COALESCE(sum(calls), 0) AS n FROM account_month_usage WHERE account_id = $1`, [accountId])).rows[0].n));

  it('counts calls on two instances against one quota, then answers 429 quota_exceeded with the reset time', async () => {
    const { key, accountId } = await seedKey(db.url, { plan: 'tiny' });
    // Four calls on A, one of them a 400 and one a 404: both passed the key checks, so both count.
    expect(await status(await get(a, '/v1/key', key))).toBe(200);
    expect(await status(await check(a, key, { drugs: ['warfarin', 'aspirin'] }))).toBe(200);
    expect(await status(await check(a, key, { drugs: 'not a list' }))).toBe(400);
    expect(await status(await get(a, '/v1/drugs/no-such-drug', key))).toBe(404);
    await a.app.get(AccountQuotaService).sync();
    expect(await counted(accountId)).toBe(4);
    // B reads the shared total on its first call for the account: two calls left.
    expect(await status(await get(b, '/v1/key', key))).toBe(200);
    expect(await status(await get(b, '/v1/key', key))).toBe(200);
    const refused = await get(b, '/v1/key', key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await refused.json();
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(body).toMatchObject({ status: 429, code: 'quota_exceeded', quota: 6, resetAt: reset.toISOString().replace('.000Z', 'Z') });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(retryAfter - (reset.getTime() - Date.now()) / 1000)).toBeLessThan(60);
    // A learns B's calls within a sync and refuses too; refused calls are not counted.
    await b.app.get(AccountQuotaService).sync();
    await a.app.get(AccountQuotaService).sync();
    const fromA = await get(a, '/v1/key', key);
    expect(fromA.status).toBe(429);
    expect((await fromA.json()).code).toBe('quota_exceeded');
    await a.app.get(AccountQuotaService).sync();
    expect(await counted(accountId)).toBe(6);
  });

  it('a call refused by the key checks (401, 403) or the rate limit costs no quota', async () => {
    const { key, accountId } = await seedKey(db.url, { plan: 'tiny', rateLimit: { limit: 2, windowSeconds: 60 }, scopes: ['drugs:read'] });
    expect(await status(await get(a, '/v1/key', key))).toBe(200);
    expect(await status(await check(a, key, { drugs: ['warfarin', 'aspirin'] }))).toBe(403); // insufficient_scope
    expect(await status(await get(a, '/v1/key', key))).toBe(200);
    expect(await status(await get(a, '/v1/key', key))).toBe(429); // rate_limited
    await a.app.get(AccountQuotaService).sync();
    expect(await counted(accountId)).toBe(2);
  });

  it('each account has its own quota, and the Free plan keeps its own', async () => {
    const tiny = await seedKey(db.url, { plan: 'tiny' });
    const free = await seedKey(db.url);
    for (let i = 0; i < 6; i++) expect(await status(await get(a, '/v1/key', tiny.key))).toBe(200);
    expect(await status(await get(a, '/v1/key', tiny.key))).toBe(429);
    expect(await status(await get(a, '/v1/key', free.key))).toBe(200);
  });
});
