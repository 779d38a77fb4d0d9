import { seedKey } from '@vigil/testing';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { REDIS } from '@vigil/platform';
import type { Redis } from 'ioredis';
import { Client } from 'pg';
import { type RunningApi, startApi } from './support/start-api';

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: process.env.VIGIL_TEST_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe('a dependency that cannot answer is a 503 service_unavailable, never a 500 or a false 401', () => {
  let db: TestDatabase;
  afterEach(async () => {
    await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
  });

  it('PostgreSQL unreachable on a key-cache miss → 503 with Retry-After; healthy again afterwards', async () => {
    db = await createTestDatabase();
    const api = await startApi({ REDIS_URL: '' }, db);
    try {
      const { key } = await seedKey(db.url);
      await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${db.name}'`);
      const res = await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
      expect((await fetch(`${api.url}/readyz`)).status).toBe(503);
      await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`);
      expect((await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } })).status).toBe(200);
    } finally {
      await api.close().catch(() => undefined);
      await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`);
      await db.drop();
    }
  });

  it('Redis unreachable → the rate limit fails closed with 503', async () => {
    db = await createTestDatabase();
    const api = await startApi({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' }, db);
    try {
      const { key } = await seedKey(db.url);
      expect((await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } })).status).toBe(200);
      api.app.get<Redis>(REDIS).disconnect();
      const res = await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } });
      expect([res.status, (await res.json()).code]).toEqual([503, 'service_unavailable']);
    } finally {
      await api.close().catch(() => undefined);
      await db.drop();
    }
  });
});
