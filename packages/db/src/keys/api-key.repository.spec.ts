import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source.factory';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ApiKeyRepository } from './api-key.repository';

describe('ApiKeyRepository (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let repo: ApiKeyRepository;
  let accountId: string;

  const newKey = (label: string, hashChar: string, extra: Partial<{ expiresAt: Date | null }> = {}) =>
    repo.insert({
      accountId,
      keyHash: hashChar.repeat(64),
      hint: `vigil_${hashChar}…`,
      label,
      scopes: ['interactions:check'],
      allowedIps: ['10.0.0.0/8'],
      rateLimit: 5,
      rateWindowSeconds: 60,
      expiresAt: extra.expiresAt ?? null,
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource({ url: db.url, poolSize: 2 });
    await ds.initialize();
    repo = new ApiKeyRepository(ds);
    [{ id: accountId }] = await ds.query(`INSERT INTO account (email, plan, trial_plan) VALUES ('repo@example.com', 'free', 'pro') RETURNING id`);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('inserts a key and finds it by hash with its account, and by id within the account only', async () => {
    const key = await newKey('first', 'a');
    expect(key.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(key.createdAt).toBeInstanceOf(Date);
    const [own] = await ds.query(
      `SELECT m.organisation_id, p.id AS project_id FROM organisation_member m JOIN project p ON p.organisation_id = m.organisation_id WHERE m.account_id = $1`,
      [accountId],
    );
    expect(await repo.findByHash('a'.repeat(64))).toEqual({
      id: key.id,
      accountId,
      creatorAccountId: accountId,
      organisationId: own.organisation_id,
      projectId: own.project_id,
      kind: 'personal',
      createdAt: key.createdAt,
      hint: 'vigil_a…',
      status: 'active',
      expiresAt: null,
      scopes: ['interactions:check'],
      allowedIps: ['10.0.0.0/8'],
      rateLimit: 5,
      rateWindowSeconds: 60,
      usageTag: null,
      rotatedToKeyId: null,
      rotationGraceEndsAt: null,
      accountStatus: 'active',
      plan: 'free',
      trialPlan: 'pro',
      trialEndsAt: null,
      policyMaxKeyLifetimeSeconds: null,
      policyRequireIpAllowlist: false,
      policyAllowedScopes: null,
      policyAllowedIps: [],
      projectRateLimit: null,
      projectRateWindowSeconds: null,
      projectMonthlyQuota: null,
    });
    expect(await repo.findByHash('f'.repeat(64))).toBeNull();
    expect((await repo.findById(key.id, accountId))?.label).toBe('first');
    expect(await repo.findById(key.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect((await repo.findById(key.id, null))?.id).toBe(key.id);
  });

  it('a member’s key in another organisation: the owner’s plan applies, with the organisation’s policy; a suspended maker stops a personal key only', async () => {
    const [{ id: owner }] = await ds.query(`INSERT INTO account (email, plan) VALUES ('org-owner@example.com', 'pro') RETURNING id`);
    const [{ id: member }] = await ds.query(`INSERT INTO account (email, plan) VALUES ('org-member@example.com', 'free') RETURNING id`);
    const [{ organisation_id: org, project_id: project }] = await ds.query(
      `SELECT m.organisation_id, p.id AS project_id FROM organisation_member m JOIN project p ON p.organisation_id = m.organisation_id WHERE m.account_id = $1`,
      [owner],
    );
    await ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'developer')`, [org, member]);
    await ds.query(`UPDATE organisation SET policy_max_key_lifetime_seconds = 86400, policy_allowed_scopes = '{drugs:read}', policy_allowed_ips = '{10.0.0.0/8}' WHERE id = $1`, [
      org,
    ]);
    await ds.query(`UPDATE project SET rate_limit = 50, rate_window_seconds = 60, monthly_quota = 1000 WHERE id = $1`, [project]);
    const fields = {
      accountId: member,
      organisationId: org,
      projectId: project,
      label: 'm',
      scopes: [],
      allowedIps: [],
      rateLimit: null,
      rateWindowSeconds: null,
      expiresAt: null,
    };
    await repo.insert({ ...fields, keyHash: 'p'.repeat(64), hint: 'vigil_p…' });
    await repo.insert({ ...fields, keyHash: 'q'.repeat(64), hint: 'vigil_q…', kind: 'service' });
    expect(await repo.findByHash('p'.repeat(64))).toMatchObject({
      accountId: owner,
      creatorAccountId: member,
      organisationId: org,
      plan: 'pro',
      policyMaxKeyLifetimeSeconds: 86400,
      policyAllowedScopes: ['drugs:read'],
      policyAllowedIps: ['10.0.0.0/8'],
      projectRateLimit: 50,
      projectRateWindowSeconds: 60,
      projectMonthlyQuota: 1000,
      accountStatus: 'active',
    });
    await ds.query(`UPDATE account SET status = 'suspended' WHERE id = $1`, [member]);
    expect(await repo.findByHash('p'.repeat(64))).toMatchObject({ accountStatus: 'suspended' });
    expect(await repo.findByHash('q'.repeat(64))).toMatchObject({ accountStatus: 'active', kind: 'service' });
    await ds.query(`UPDATE account SET status = 'suspended' WHERE id = $1`, [owner]);
    expect(await repo.findByHash('q'.repeat(64))).toMatchObject({ accountStatus: 'suspended' });
  });

  it('rotation: the lookup carries the grace end; open rolls are locked with the successor’s last use; a rolling key does not count as active', async () => {
    // An account of its own: the counts of the other tests stay as they are.
    const [{ id: owner }] = await ds.query(`INSERT INTO account (email, plan) VALUES ('rotation@example.com', 'free') RETURNING id`);
    const fields = { accountId: owner, label: 'rolled', scopes: [], allowedIps: [], rateLimit: null, rateWindowSeconds: null, expiresAt: null };
    const old = await repo.insert({ ...fields, keyHash: 'r'.repeat(64), hint: 'vigil_r…' });
    const successor = await repo.insert({ ...fields, keyHash: 's'.repeat(64), hint: 'vigil_s…', rotatedFromKeyId: old.id });
    expect(await repo.countActive(owner)).toBe(2);
    const graceEnds = new Date(Date.now() + 3600_000);
    Object.assign(old, { rotatedToKeyId: successor.id, rotationGraceEndsAt: graceEnds, rotationIdleSeconds: 600 });
    await repo.save(old);
    expect(await repo.countActive(owner)).toBe(1);
    expect(await repo.findByHash('r'.repeat(64))).toMatchObject({ rotatedToKeyId: successor.id, rotationGraceEndsAt: graceEnds });
    await ds.query(`UPDATE api_key SET last_used_at = '2026-11-20T10:00:00Z' WHERE id = $1`, [successor.id]);
    const open = await ds.transaction((m) => new ApiKeyRepository(m).lockOpenRotations(10));
    expect(open.map((o) => [o.key.id, o.successorLastUsedAt?.toISOString()])).toEqual([[old.id, '2026-11-20T10:00:00.000Z']]);
    // Keyset paging: nothing after the last row seen.
    expect(await ds.transaction((m) => new ApiKeyRepository(m).lockOpenRotations(10, old.id))).toEqual([]);
    // A row another transaction holds is skipped, not waited for.
    await ds.transaction(async (m) => {
      expect(await new ApiKeyRepository(m).lockOpenRotations(10)).toHaveLength(1);
      expect(await ds.transaction((m2) => new ApiKeyRepository(m2).lockOpenRotations(10))).toEqual([]);
    });
    // A recorded end closes it; an end without its reason is refused by the table.
    await expect(ds.query(`UPDATE api_key SET rotation_ended_at = now() WHERE id = $1`, [old.id])).rejects.toThrow(/api_key_rotation_complete/);
    await ds.query(`UPDATE api_key SET rotation_ended_at = now(), rotation_end_reason = 'grace_elapsed' WHERE id = $1`, [old.id]);
    expect(await ds.transaction((m) => new ApiKeyRepository(m).lockOpenRotations(10))).toEqual([]);
  });

  it('adds usage: counts accumulate per day, last use only moves forward, deltas of deleted keys are dropped', async () => {
    const key = await newKey('usage', 'b');
    const t1 = new Date('2026-11-20T10:00:00Z');
    const t0 = new Date('2026-11-20T09:00:00Z');
    await repo.addUsage([{ keyId: key.id, day: '2026-11-20', allowed: 3, rateLimited: 1, denied: 0, lastUsed: t1 }]);
    await repo.addUsage([
      { keyId: key.id, day: '2026-11-20', allowed: 2, rateLimited: 0, denied: 4, lastUsed: t0 },
      { keyId: key.id, day: '2026-11-21', allowed: 1, rateLimited: 0, denied: 0, lastUsed: t0 },
      { keyId: '00000000-0000-4000-8000-000000000000', day: '2026-11-21', allowed: 9, rateLimited: 0, denied: 0, lastUsed: t1 },
    ]);
    const days = await repo.usageDays(accountId, '2026-11-01', '2026-11-30');
    expect(days.filter((d) => d.keyId === key.id).sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { keyId: key.id, day: '2026-11-20', allowed: 5, rateLimited: 1, denied: 4 },
      { keyId: key.id, day: '2026-11-21', allowed: 1, rateLimited: 0, denied: 0 },
    ]);
    expect(await repo.usageDays(accountId, '2026-11-21', '2026-11-21')).toHaveLength(1);
    expect((await repo.findById(key.id, null))?.lastUsedAt?.toISOString()).toBe(t1.toISOString());
    await expect(repo.addUsage([])).resolves.toBeUndefined();
  });

  it('counts an account’s keys: expired and revoked are not active; last use is the latest of any key', async () => {
    const [{ id: other }] = await ds.query(`INSERT INTO account (email) VALUES ('none@example.com') RETURNING id`);
    await newKey('expired', 'c', { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await newKey('revoked', 'd');
    revoked.status = 'revoked';
    revoked.revokedAt = new Date();
    await repo.save(revoked);
    const stats = await repo.statsByAccount([accountId, other]);
    expect(stats.get(accountId)).toEqual({ active: 2, total: 4, lastUsedAt: new Date('2026-11-20T10:00:00Z') });
    expect(stats.has(other)).toBe(false);
    expect(await repo.countActive(accountId)).toBe(3); // the plan's key cap counts an expired key until it is revoked
    expect((await repo.listByAccount(accountId)).map((k) => k.label)).toEqual(['revoked', 'expired', 'usage', 'first']);
    expect(await repo.statsByAccount([])).toEqual(new Map());
  });

  it('works inside a caller’s transaction (a rolled-back insert leaves nothing)', async () => {
    await expect(
      ds.transaction(async (m) => {
        await new ApiKeyRepository(m).insert({
          accountId,
          keyHash: 'e'.repeat(64),
          hint: 'h',
          label: 'tx',
          scopes: [],
          allowedIps: [],
          rateLimit: null,
          rateWindowSeconds: null,
          expiresAt: null,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await repo.findByHash('e'.repeat(64))).toBeNull();
  });
});
