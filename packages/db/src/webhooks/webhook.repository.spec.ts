import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source.factory';
import { AddWebhooks1763701300000 } from '../migrations/1763701300000-add-webhooks';
import { createTestDatabase, type TestDatabase } from '../testing';
import { WebhookRepository } from './webhook.repository';

async function withDb<T>(fn: (ds: DataSource, repo: WebhookRepository, accountId: string) => Promise<T>): Promise<T> {
  const db: TestDatabase = await createTestDatabase();
  const ds = new DataSource(dataSourceOptions({ url: db.url, poolSize: 6 }));
  await ds.initialize();
  try {
    const [{ id }] = await ds.query(`INSERT INTO account (email, password_hash) VALUES ('hooks@example.org', 'x') RETURNING id`);
    return await fn(ds, new WebhookRepository(ds), id);
  } finally {
    await ds.destroy();
    await db.drop();
  }
}

const endpoint = (repo: WebhookRepository, accountId: string, eventTypes: string[], enabled = true) =>
  repo.insertEndpoint({ accountId, url: 'https://hooks.example.org/x', description: null, eventTypes, enabled, secret: 'whsec_AAAA' });

describe('WebhookRepository (outbox, claims, notices)', () => {
  it('fans an event out to the enabled endpoints subscribed to its type; a platform event to every account', async () => {
    await withDb(async (ds, repo, accountId) => {
      const [{ id: otherAccount }] = await ds.query(`INSERT INTO account (email, password_hash) VALUES ('other@example.org', 'x') RETURNING id`);
      await endpoint(repo, accountId, ['key.created']);
      await endpoint(repo, accountId, ['key.created'], false);
      await endpoint(repo, accountId, ['key.revoked']);
      await endpoint(repo, otherAccount, ['key.created', 'kb.release.activated']);
      const cases: [string, string | null, number][] = [
        ['key.created', accountId, 1],
        ['key.revoked', accountId, 1],
        ['key.expiring', accountId, 0],
        ['kb.release.activated', null, 1],
      ];
      for (const [type, account, expected] of cases) {
        const n = await ds.transaction((m) => repo.enqueue(m, { id: `msg_${type}`, type, accountId: account, payload: { type } }));
        expect([type, n]).toEqual([type, expected]);
      }
    });
  });

  it('a rolled-back change leaves no event and no delivery', async () => {
    await withDb(async (ds, repo, accountId) => {
      await endpoint(repo, accountId, ['key.created']);
      await expect(
        ds.transaction(async (m) => {
          await repo.enqueue(m, { id: 'msg_rolled_back', type: 'key.created', accountId, payload: {} });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await ds.query(`SELECT count(*)::int AS n FROM webhook_event`)).toEqual([{ n: 0 }]);
      expect(await ds.query(`SELECT count(*)::int AS n FROM webhook_delivery`)).toEqual([{ n: 0 }]);
    });
  });

  it('concurrent workers claim disjoint deliveries (SKIP LOCKED), and a claimed one is leased', async () => {
    await withDb(async (ds, repo, accountId) => {
      await endpoint(repo, accountId, ['key.created']);
      for (let i = 0; i < 30; i++) await ds.transaction((m) => repo.enqueue(m, { id: `msg_${i}`, type: 'key.created', accountId, payload: { i } }));
      const claims = await Promise.all([repo.claimDue(10, 60_000), repo.claimDue(10, 60_000), repo.claimDue(10, 60_000), repo.claimDue(10, 60_000)]);
      const ids = claims.flat().map((c) => c.deliveryId);
      expect(ids.length).toBe(30);
      expect(new Set(ids).size).toBe(30);
      expect(claims.flat().every((c) => c.attempt === 1)).toBe(true);
      expect(await repo.claimDue(10, 60_000)).toEqual([]);
    });
  });

  it('records attempts: a retry comes back when due, success and failure are final', async () => {
    await withDb(async (ds, repo, accountId) => {
      const ep = await endpoint(repo, accountId, ['key.created']);
      await ds.transaction((m) => repo.enqueue(m, { id: 'msg_a', type: 'key.created', accountId, payload: {} }));
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
    await withDb(async (ds, repo, accountId) => {
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
