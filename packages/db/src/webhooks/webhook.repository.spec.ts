import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source.factory';
import { AddWebhooks1763701300000 } from '../migrations/1763701300000-add-webhooks';
import { createTestDatabase, type TestDatabase } from '../testing';
import { type WebhookAudience, WebhookRepository } from './webhook.repository';

/** The organisation an account owns (the trigger gives every new account one). */
async function ownOrganisation(ds: DataSource, accountId: string): Promise<string> {
  const [{ organisation_id }] = await ds.query(`SELECT organisation_id FROM organisation_member WHERE account_id = $1 AND role = 'owner'`, [accountId]);
  return organisation_id;
}

async function withDb<T>(fn: (ds: DataSource, repo: WebhookRepository, organisationId: string, accountId: string) => Promise<T>): Promise<T> {
  const db: TestDatabase = await createTestDatabase();
  const ds = new DataSource(dataSourceOptions({ url: db.url, poolSize: 6 }));
  await ds.initialize();
  try {
    const [{ id }] = await ds.query(`INSERT INTO account (email, password_hash) VALUES ('hooks@example.org', 'x') RETURNING id`);
    return await fn(ds, new WebhookRepository(ds), await ownOrganisation(ds, id), id);
  } finally {
    await ds.destroy();
    await db.drop();
  }
}

const endpoint = (repo: WebhookRepository, organisationId: string, eventTypes: string[], enabled = true) =>
  repo.insertEndpoint({ organisationId, createdByAccountId: null, url: 'https://hooks.example.org/x', description: null, eventTypes, enabled, secret: 'whsec_AAAA' });

describe('WebhookRepository (outbox, claims, notices)', () => {
  it('fans an event out to the enabled endpoints of its audience subscribed to its type', async () => {
    await withDb(async (ds, repo, orgId, accountId) => {
      const [{ id: otherAccount }] = await ds.query(`INSERT INTO account (email, password_hash) VALUES ('other@example.org', 'x') RETURNING id`);
      const otherOrg = await ownOrganisation(ds, otherAccount);
      // A second organisation the first account owns, and one it is only an admin of, and a deleted one it owns.
      const org = async (name: string, role: string, deleted = false) => {
        const [{ id }] = await ds.query(`INSERT INTO organisation (name, deleted_at) VALUES ($1, $2) RETURNING id`, [name, deleted ? new Date() : null]);
        await ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, $3)`, [id, accountId, role]);
        if (role !== 'owner') await ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'owner')`, [id, otherAccount]);
        return id as string;
      };
      const secondOwned = await org('second', 'owner');
      const adminOf = await org('admin of', 'admin');
      const deletedOwned = await org('deleted', 'owner', true);
      const test = await endpoint(repo, orgId, ['key.created']);
      await endpoint(repo, orgId, ['key.created'], false);
      await endpoint(repo, orgId, ['key.revoked', 'quota.threshold']);
      await endpoint(repo, otherOrg, ['key.created', 'kb.release.activated', 'quota.threshold']);
      await endpoint(repo, secondOwned, ['quota.threshold', 'kb.release.activated']);
      await endpoint(repo, adminOf, ['quota.threshold']);
      await endpoint(repo, deletedOwned, ['quota.threshold', 'kb.release.activated', 'key.revoked']);
      const cases: [string, WebhookAudience, number][] = [
        ['key.created', { kind: 'organisation', organisationId: orgId }, 1],
        ['key.revoked', { kind: 'organisation', organisationId: orgId }, 1],
        ['key.expiring', { kind: 'organisation', organisationId: orgId }, 0],
        ['key.created', { kind: 'organisation', organisationId: otherOrg }, 1],
        ['key.revoked', { kind: 'organisation', organisationId: deletedOwned }, 1], // the revocations of its deletion
        ['quota.threshold', { kind: 'ownedBy', accountId }, 2], // its own two live organisations, not the one it administers
        ['quota.threshold', { kind: 'ownedBy', accountId: otherAccount }, 2],
        ['kb.release.activated', { kind: 'platform' }, 2], // every live organisation
        ['webhook.test', { kind: 'endpoint', endpointId: test.id, organisationId: orgId }, 1],
        ['webhook.test', { kind: 'endpoint', endpointId: test.id, organisationId: otherOrg }, 0], // never across organisations
      ];
      for (const [i, [type, audience, expected]] of cases.entries()) {
        const n = await ds.transaction((m) => repo.enqueue(m, { id: `msg_${i}`, type, audience, payload: { type } }));
        expect([type, audience, n]).toEqual([type, audience, expected]);
      }
      const [event] = await ds.query(`SELECT organisation_id, account_id FROM webhook_event WHERE id = 'msg_5'`);
      expect(event).toEqual({ organisation_id: null, account_id: accountId });
    });
  });

  it('lists an organisation’s endpoints, and for the operator every live organisation’s with its owner', async () => {
    await withDb(async (ds, repo, orgId, accountId) => {
      const [{ id: otherAccount }] = await ds.query(`INSERT INTO account (email, password_hash) VALUES ('other@example.org', 'x') RETURNING id`);
      const otherOrg = await ownOrganisation(ds, otherAccount);
      const mine = await endpoint(repo, orgId, ['key.created']);
      const theirs = await endpoint(repo, otherOrg, ['key.created']);
      expect((await repo.listEndpoints(orgId)).map((e) => e.id)).toEqual([mine.id]);
      expect(await repo.countEndpoints(otherOrg)).toBe(1);
      expect(await repo.findEndpoint(theirs.id, orgId)).toBeNull();
      expect((await repo.findEndpoint(theirs.id, null))?.organisationId).toBe(otherOrg);
      expect((await repo.listAll()).map((e) => [e.id, e.ownerEmail])).toEqual([
        [mine.id, 'hooks@example.org'],
        [theirs.id, 'other@example.org'],
      ]);
      expect((await repo.listAll({ ownerAccountId: accountId })).map((e) => e.id)).toEqual([mine.id]);
      expect((await repo.listAll({ organisationId: otherOrg })).map((e) => e.id)).toEqual([theirs.id]);
      await ds.query(`UPDATE organisation SET deleted_at = now() WHERE id = $1`, [otherOrg]);
      expect((await repo.listAll()).map((e) => e.id)).toEqual([mine.id]);
    });
  });

  it('a rolled-back change leaves no event and no delivery', async () => {
    await withDb(async (ds, repo, orgId) => {
      await endpoint(repo, orgId, ['key.created']);
      await expect(
        ds.transaction(async (m) => {
          await repo.enqueue(m, { id: 'msg_rolled_back', type: 'key.created', audience: { kind: 'organisation', organisationId: orgId }, payload: {} });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await ds.query(`SELECT count(*)::int AS n FROM webhook_event`)).toEqual([{ n: 0 }]);
      expect(await ds.query(`SELECT count(*)::int AS n FROM webhook_delivery`)).toEqual([{ n: 0 }]);
    });
  });

  it('concurrent workers claim disjoint deliveries (SKIP LOCKED), and a claimed one is leased', async () => {
    await withDb(async (ds, repo, orgId) => {
      await endpoint(repo, orgId, ['key.created']);
      for (let i = 0; i < 30; i++)
        await ds.transaction((m) => repo.enqueue(m, { id: `msg_${i}`, type: 'key.created', audience: { kind: 'organisation', organisationId: orgId }, payload: { i } }));
      const claims = await Promise.all([repo.claimDue(10, 60_000), repo.claimDue(10, 60_000), repo.claimDue(10, 60_000), repo.claimDue(10, 60_000)]);
      const ids = claims.flat().map((c) => c.deliveryId);
      expect(ids.length).toBe(30);
      expect(new Set(ids).size).toBe(30);
      expect(claims.flat().every((c) => c.attempt === 1)).toBe(true);
      expect(await repo.claimDue(10, 60_000)).toEqual([]);
    });
  });

  it('records attempts: a retry comes back when due, success and failure are final', async () => {
    await withDb(async (ds, repo, orgId) => {
      const ep = await endpoint(repo, orgId, ['key.created']);
      await ds.transaction((m) => repo.enqueue(m, { id: 'msg_a', type: 'key.created', audience: { kind: 'organisation', organisationId: orgId }, payload: {} }));
      const [first] = await repo.claimDue(10, 60_000);
      await ds.transaction((m) =>
        repo.recordAttempt(m, first.deliveryId, 1, { statusCode: 500, durationMs: 3, error: 'HTTP 500', status: 'pending', nextAttemptAt: new Date(Date.now() - 1) }),
      );
      const [second] = await repo.claimDue(10, 60_000);
      expect(second).toMatchObject({ deliveryId: first.deliveryId, attempt: 2 });
      await ds.transaction((m) => repo.recordAttempt(m, second.deliveryId, 2, { statusCode: 200, durationMs: 4, error: null, status: 'succeeded', nextAttemptAt: null }));
      expect(await repo.claimDue(10, 60_000)).toEqual([]);
      const log = await repo.listAttempts(ep.id, 10, null);
      expect(log.map((a) => [a.attempt, a.statusCode, a.deliveryStatus])).toEqual([
        [2, 200, 'succeeded'],
        [1, 500, 'succeeded'],
      ]);
    });
  });

  it('claims a notice once, concurrently too; with an interval, again only after it', async () => {
    await withDb(async (ds, repo, orgId, accountId) => {
      const claim = (period: string, days?: number) => ds.transaction((m) => repo.claimNotice(m, 'quota.threshold.80', accountId, period, days));
      expect((await Promise.all([claim('2026-11'), claim('2026-11'), claim('2026-11')])).filter(Boolean)).toHaveLength(1);
      expect(await claim('2026-12')).toBe(true);
      expect((await Promise.all([claim('', 7), claim('', 7)])).filter(Boolean)).toHaveLength(1);
      expect(await claim('', 7)).toBe(false);
      await ds.query(`UPDATE webhook_notice SET sent_at = now() - interval '8 days' WHERE period = ''`);
      expect(await claim('', 7)).toBe(true);
    });
  });

  it('the migration reverts cleanly and re-applies', async () => {
    await withDb(async (ds) => {
      const runner = ds.createQueryRunner();
      try {
        const migration = new AddWebhooks1763701300000();
        await migration.down(runner);
        expect(await ds.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'webhook%'`)).toEqual([{ n: 0 }]);
        await migration.up(runner);
        expect(await ds.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'webhook%'`)).toEqual([{ n: 5 }]);
      } finally {
        await runner.release();
      }
    });
  });
});
