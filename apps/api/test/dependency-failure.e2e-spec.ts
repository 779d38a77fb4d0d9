import { seedKey } from '@vigil/testing';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { REDIS } from '@vigil/platform';
import type { Redis } from 'ioredis';
import { type Server, type Socket, createServer, connect } from 'node:net';
import { Client } from 'pg';
import { startApi } from './support/start-api';

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

  it('during a Redis outage every call is refused at once with 503, however long the outage lasts (no offline queue)', async () => {
    db = await createTestDatabase();
    const target = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
    const proxy = await RedisProxy.start(target.hostname, Number(target.port || 6379));
    const api = await startApi({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` }, db);
    const call = async () => {
      const res = await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(3000) });
      return [res.status, res.status === 200 ? 'ok' : ((await res.json()) as { code: string }).code];
    };
    let key = '';
    try {
      ({ key } = await seedKey(db.url));
      expect(await call()).toEqual([200, 'ok']);
      // Outage 1: Redis gone (connections refused) while ioredis keeps reconnecting with back-off.
      proxy.mode = 'refuse';
      proxy.cut();
      for (let i = 0; i < 12; i++) {
        expect(await call()).toEqual([503, 'service_unavailable']);
        await new Promise((r) => setTimeout(r, 400));
      }
      // Outage 2: Redis accepts connections but never answers: the command timeout answers for it.
      proxy.mode = 'blackhole';
      await new Promise((r) => setTimeout(r, 2500)); // let ioredis reconnect into the black hole
      for (let i = 0; i < 3; i++) expect(await call()).toEqual([503, 'service_unavailable']);
      // Back: limits work again without a restart.
      proxy.mode = 'pass';
      proxy.cut();
      const end = Date.now() + 8000;
      let last: unknown[] = [];
      while (Date.now() < end && (last = await call())[0] !== 200) await new Promise((r) => setTimeout(r, 200));
      expect(last).toEqual([200, 'ok']);
    } finally {
      await api.close().catch(() => undefined);
      await proxy.close();
      await db.drop();
    }
  }, 60_000);
});

/** A TCP proxy in front of the real Redis that a test can cut, make refuse, or turn into a black hole. */
class RedisProxy {
  mode: 'pass' | 'refuse' | 'blackhole' = 'pass';
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(host: string, port: number): Promise<RedisProxy> {
    // eslint-disable-next-line prefer-const -- assigned once the server it wraps is listening; the handler reads it later
    let proxy: RedisProxy | undefined;
    const server = createServer((client) => {
      const p = proxy!;
      p.sockets.add(client);
      client.on('close', () => p.sockets.delete(client));
      client.on('error', () => undefined);
      if (p.mode === 'refuse') return void client.destroy();
      if (p.mode === 'blackhole') return; // accept, read, never answer
      const upstream = connect(port, host);
      p.sockets.add(upstream);
      upstream.on('close', () => {
        p.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    proxy = new RedisProxy(server, typeof address === 'object' && address ? address.port : 0);
    return proxy;
  }

  /** Drops every open connection (clients reconnect and meet the current mode). */
  cut(): void {
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
