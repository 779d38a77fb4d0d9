import { Client } from 'pg';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

describe('admin app hardening', () => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin({ REDIS_URL: '' });
  });
  afterAll(() => admin.close());

  it('a cookie with bad percent-encoding is ignored, not a 500 on every signed-in route', async () => {
    const u = await signedUpUser(admin, 'cookie');
    const session = encodeURIComponent(u.client.sessionCookie!);
    for (const cookie of [`ga=%zz; vigil_session=${session}`, `vigil_session=${session}; _x=%E0%A4%A`]) {
      const res = await fetch(`${admin.url}/api/keys`, { headers: { cookie, accept: 'application/json' } });
      expect(res.status).toBe(200);
    }
    const bad = await fetch(`${admin.url}/api/keys`, { headers: { cookie: 'vigil_session=%zz', accept: 'application/json' } });
    expect(bad.status).toBe(401);
    expect((await bad.json()).code).toBe('unauthenticated');
  });

  it('NUL bytes in a key label or an admin search are 400 validation_failed', async () => {
    const u = await signedUpUser(admin, 'nul');
    const r = await u.client.post('/api/keys', { label: 'ehr\u0000prod' });
    expectProblem(r, 400, 'validation_failed');
    const ops = await signedInAdmin(admin);
    expectProblem(await ops.client.get('/api/admin/accounts?q=a%00b'), 400, 'validation_failed');
    expectProblem(await ops.client.get('/api/admin/audit?action=a%00b'), 400, 'validation_failed');
  });
});

describe('admin app with PostgreSQL down', () => {
  it('answers 503 service_unavailable with Retry-After, not 500, and recovers', async () => {
    const admin = await startAdmin({ REDIS_URL: '' });
    const sql = async (q: string) => {
      const c = new Client({ connectionString: process.env.VIGIL_TEST_ADMIN_URL });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    try {
      const u = await signedUpUser(admin, 'dbdown');
      await sql(`ALTER DATABASE "${admin.db.name}" ALLOW_CONNECTIONS false`);
      await sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${admin.db.name}'`);
      const r = await u.client.get('/api/keys');
      expectProblem(r, 503, 'service_unavailable');
      expect(r.headers['retry-after']).toBe('5');
      const login = await u.client.login(u.email, u.password);
      expectProblem(login, 503, 'service_unavailable');
      await sql(`ALTER DATABASE "${admin.db.name}" ALLOW_CONNECTIONS true`);
      expect((await u.client.login(u.email, u.password)).status).toBe(200);
    } finally {
      await sql(`ALTER DATABASE "${admin.db.name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.close();
    }
  });
});
