import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedKey, withPgClient } from '@vigil/testing';
import { ProjectQuotaService } from '../src/keys/project-quota.service';
import { type RunningApi, startApi } from './support/start-api';

const get = (api: RunningApi, key: string) => fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } });

/**
 * A project's own caps below the plan, in the guard pipeline: a rate limit shared by all the project's keys and a
 * monthly quota counted per project across instances; keys of other projects are not affected.
 */
describe('project caps (rate limit over the project’s keys, monthly quota per project)', () => {
  let db: TestDatabase;
  let a: RunningApi;
  let b: RunningApi;

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startApi({ REDIS_URL: '' }, db);
    b = await startApi({ REDIS_URL: '' }, db);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.drop();
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withPgClient(db.url, async (c) => (await c.query(text, params)).rows as T[]);

  /** Two keys of one project (the seeded account's Default) and one key in a second project of the same organisation. */
  async function projectWithKeys(caps: { rate?: [number, number]; quota?: number }) {
    const first = await seedKey(db.url);
    const [{ organisation_id: org, project_id: project }] = await sql<{ organisation_id: string; project_id: string }>(
      `SELECT organisation_id, project_id FROM api_key WHERE id = $1`,
      [first.keyId],
    );
    await sql(`UPDATE project SET rate_limit = $2, rate_window_seconds = $3, monthly_quota = $4 WHERE id = $1`, [
      project,
      caps.rate?.[0] ?? null,
      caps.rate?.[1] ?? null,
      caps.quota ?? null,
    ]);
    const second = await seedKey(db.url);
    await sql(`UPDATE api_key SET account_id = $2, organisation_id = $3, project_id = $4 WHERE id = $1`, [second.keyId, first.accountId, org, project]);
    const [{ id: other }] = await sql<{ id: string }>(`INSERT INTO project (organisation_id, name) VALUES ($1, 'Other') RETURNING id`, [org]);
    const third = await seedKey(db.url);
    await sql(`UPDATE api_key SET account_id = $2, organisation_id = $3, project_id = $4 WHERE id = $1`, [third.keyId, first.accountId, org, other]);
    return { project, keys: [first.key, second.key], otherKey: third.key };
  }

  it('the project’s rate limit counts all its keys together; another project’s key is not limited by it', async () => {
    const { keys, otherKey } = await projectWithKeys({ rate: [3, 60] });
    expect((await get(a, keys[0])).status).toBe(200);
    expect((await get(a, keys[1])).status).toBe(200);
    expect((await get(a, keys[0])).status).toBe(200);
    const refused = await get(a, keys[1]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', limit: 3, windowSeconds: 60, scope: 'project' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await get(a, otherKey)).status).toBe(200);
  });

  it('the project’s monthly quota is shared by its keys and by instances (project_month_usage), then 429 quota_exceeded', async () => {
    const { project, keys, otherKey } = await projectWithKeys({ quota: 4 });
    expect((await get(a, keys[0])).status).toBe(200);
    expect((await get(a, keys[1])).status).toBe(200);
    expect((await get(a, keys[0])).status).toBe(200);
    await a.app.get(ProjectQuotaService).sync();
    const [{ calls }] = await sql<{ calls: string }>(`SELECT calls FROM project_month_usage WHERE project_id = $1`, [project]);
    expect(Number(calls)).toBe(3);
    // Instance B reads the shared total: one call left.
    expect((await get(b, keys[1])).status).toBe(200);
    const refused = await get(b, keys[0]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'quota_exceeded', quota: 4, scope: 'project' });
    expect((await get(b, otherKey)).status).toBe(200);
  });

  it('keys of projects without caps write nothing to project_month_usage', async () => {
    const { project, keys } = await projectWithKeys({});
    for (let i = 0; i < 3; i++) expect((await get(a, keys[0])).status).toBe(200);
    await a.app.get(ProjectQuotaService).sync();
    expect(await sql(`SELECT * FROM project_month_usage WHERE project_id = $1`, [project])).toEqual([]);
  });
});
