import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedKey, withPgClient } from '@vigil/testing';
import { UsageRecorderService } from '../src/keys/usage-recorder.service';
import { type RunningApi, startApi } from './support/start-api';

/** Usage attribution (#16.8): the x-vigil-tag header splits a key's calls by module of the caller's system. */
describe('usage tags (x-vigil-tag)', () => {
  let db: TestDatabase;
  let api: RunningApi;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({ REDIS_URL: '' }, db);
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  const call = (key: string, tag?: string) =>
    fetch(`${api.url}/v1/interactions/check`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...(tag !== undefined ? { 'x-vigil-tag': tag } : {}) },
      body: JSON.stringify({ drugs: ['warfarin', 'ibuprofen'] }),
    });
  const tagRows = async (keyId: string) => {
    await api.app.get(UsageRecorderService).flush();
    return withPgClient(db.url, async (c) =>
      (
        await c.query<{ tag: string; allowed: string; rate_limited: string }>('SELECT tag, allowed, rate_limited FROM api_key_tag_usage WHERE key_id = $1 ORDER BY tag', [keyId])
      ).rows.map((r) => [r.tag, Number(r.allowed), Number(r.rate_limited)]),
    );
  };

  it('counts tagged calls per tag (case-insensitive), leaves untagged ones out, and refuses a malformed tag before counting', async () => {
    const { key, keyId } = await seedKey(db.url);
    for (const tag of ['Pharmacy-Module', 'pharmacy-module', 'pharmacy-module', 'ehr.orders:v2', undefined]) expect((await call(key, tag)).status).toBe(200);
    const before = (await call(key)).headers.get('x-ratelimit-remaining');
    const bad = await call(key, 'not a tag');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', errors: [{ pointer: '/headers/x-vigil-tag', code: 'format' }] });
    // The refused call cost nothing: the next one sees one fewer than before, not two.
    expect(Number((await call(key)).headers.get('x-ratelimit-remaining'))).toBe(Number(before) - 1);
    expect(await tagRows(keyId)).toEqual([
      ['ehr.orders:v2', 1, 0],
      ['pharmacy-module', 3, 0],
    ]);
  });

  it('counts a rate-limited call under its tag too', async () => {
    const { key, keyId } = await seedKey(db.url, { rateLimit: { limit: 1, windowSeconds: 60 } });
    expect((await call(key, 'billing')).status).toBe(200);
    expect((await call(key, 'billing')).status).toBe(429);
    expect(await tagRows(keyId)).toEqual([['billing', 1, 1]]);
  });

  it('counts a call that sends no tag under its key’s default usage tag; a sent tag wins', async () => {
    const { key, keyId } = await seedKey(db.url);
    // Set before the key's first call, so the principal the API caches already carries it.
    await withPgClient(db.url, (c) => c.query(`UPDATE api_key SET usage_tag = 'ehr-default' WHERE id = $1`, [keyId]));
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).status).toBe(200);
    expect((await call(key, 'billing')).status).toBe(200);
    expect(await tagRows(keyId)).toEqual([
      ['billing', 1, 0],
      ['ehr-default', 2, 0],
    ]);
  });

  it('bounds the distinct tags a key can create per day: the rest count under (other)', async () => {
    const { key, keyId } = await seedKey(db.url, { rateLimit: { limit: 1000, windowSeconds: 60 } });
    for (let i = 0; i < 105; i++) expect((await call(key, `module-${i}`)).status).toBe(200);
    const rows = await tagRows(keyId);
    expect(rows).toHaveLength(101);
    expect(rows).toContainEqual(['(other)', 5, 0]);
  });
});
