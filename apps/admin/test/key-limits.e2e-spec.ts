import { withPgClient } from '@vigil/testing';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

/** Sign-up starts a Pro trial (600 requests per 60 s): a key's own limit can only be lower. */
describe("a key's rate limit may not exceed its plan's; only an internal admin may grant more, audited", () => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin({ REDIS_URL: '' });
  });
  afterAll(() => admin.close());

  it.each([[{ limit: 1_000_000, windowSeconds: 1 }], [{ limit: 601, windowSeconds: 60 }], [{ limit: 1200, windowSeconds: 120 }]])(
    'refuses %j with 403 rate_limit_above_plan on create and update, and creates nothing',
    async (rateLimit) => {
      const u = await signedUpUser(admin, 'limits');
      const r = await u.client.post('/api/keys', { label: 'greedy', rateLimit });
      expectProblem(r, 403, 'rate_limit_above_plan');
      expect(r.body.errors[0]).toMatchObject({ pointer: '/rateLimit', code: 'above_plan' });
      expect((await u.client.get('/api/keys')).body.keys).toHaveLength(0);
      const ok = await u.client.post('/api/keys', { label: 'fine', rateLimit: { limit: 10, windowSeconds: 1 } });
      expect(ok.status).toBe(201);
      expectProblem(await u.client.patch(`/api/keys/${ok.body.id}`, { rateLimit }), 403, 'rate_limit_above_plan');
      expect((await u.client.get(`/api/keys/${ok.body.id}`)).body.rateLimit).toEqual({ limit: 10, windowSeconds: 1 });
    },
  );

  it('an internal admin may grant a higher limit through /api/admin/keys/:id; the grant is audited', async () => {
    const u = await signedUpUser(admin, 'granted');
    const ops = await signedInAdmin(admin);
    const key = await u.client.post('/api/keys', { label: 'partner' });
    const r = await ops.client.patch(`/api/admin/keys/${key.body.id}`, { rateLimit: { limit: 5000, windowSeconds: 60 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rateLimit: { limit: 5000, windowSeconds: 60 }, effectiveRateLimit: { limit: 5000, windowSeconds: 60 } });
    expectProblem(await u.client.patch(`/api/admin/keys/${key.body.id}`, { label: 'x' }), 403, 'forbidden');
    const audit = await withPgClient(
      admin.db.url,
      async (c) => (await c.query(`SELECT actor_type, action, after FROM audit_event WHERE target_id = $1 AND action = 'key.update'`, [key.body.id])).rows,
    );
    expect(audit).toEqual([expect.objectContaining({ actor_type: 'admin', action: 'key.update', after: expect.objectContaining({ rateLimitAbovePlan: true }) })]);
  });
});
