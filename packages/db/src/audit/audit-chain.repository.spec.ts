import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source.factory';
import { MIGRATIONS } from '../migrations';
import { AddAuditChain1763700900000 } from '../migrations/1763700900000-add-audit-chain';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from '../testing';
import { AuditChainRepository, type AuditAppend } from './audit-chain.repository';

const event = (i: number, extra: Partial<AuditAppend> = {}): AuditAppend => ({
  actorType: 'admin',
  actorId: null,
  actorLabel: `ops${i}@example.org`,
  action: i % 2 ? 'key.revoke' : 'key.create',
  targetType: 'api_key',
  targetId: `00000000-0000-4000-8000-00000000000${i % 10}`,
  before: i % 2 ? { status: 'active', n: i } : null,
  after: { status: i % 2 ? 'revoked' : 'active', label: `key ${i}`, nested: { z: 1, a: [i, 'x'] } },
  requestId: `req-${i}`,
  ip: '192.0.2.7',
  ...extra,
});

async function withChain<T>(fn: (ds: DataSource, repo: AuditChainRepository, db: TestDatabase) => Promise<T>, count = 5): Promise<T> {
  const db = await createTestDatabase();
  const ds = new DataSource(dataSourceOptions({ url: db.url, poolSize: 4 }));
  await ds.initialize();
  try {
    const repo = new AuditChainRepository(ds);
    for (let i = 1; i <= count; i++) await ds.transaction((m) => repo.append(m, event(i)));
    return await fn(ds, repo, db);
  } finally {
    await ds.destroy();
    await db.drop();
  }
}

describe('AuditChainRepository (tamper-evident audit log)', () => {
  it('chains appends in order, concurrent ones included, and verifies', async () => {
    await withChain(async (ds, repo) => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => ds.transaction((m) => repo.append(m, event(100 + i)))));
      const result = await repo.verify();
      expect(result).toMatchObject({ ok: true, events: 25, head: { seq: 25 } });
      const seqs: number[] = [];
      for await (const e of repo.events('deployment')) seqs.push(e.seq);
      expect(seqs).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });
  });

  it('a rolled-back change leaves no event and no gap', async () => {
    await withChain(async (ds, repo) => {
      await expect(
        ds.transaction(async (m) => {
          await repo.append(m, event(9));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await ds.transaction((m) => repo.append(m, event(10)));
      expect(await repo.verify()).toMatchObject({ ok: true, events: 6 });
    });
  });

  it.each<[string, string, number, RegExp]>([
    ['an edited value', `UPDATE audit_event SET after = jsonb_set(after, '{status}', '"active"') WHERE seq = 3`, 3, /event 3 was changed after it was written/],
    ['an edited actor', `UPDATE audit_event SET actor_label = 'someone-else@example.org' WHERE seq = 2`, 2, /event 2 was changed/],
    ['an edited time', `UPDATE audit_event SET created_at = created_at - interval '1 day' WHERE seq = 4`, 4, /event 4 was changed/],
    ['a deleted event', `DELETE FROM audit_event WHERE seq = 3`, 4, /event 3 missing \(deleted\?\) before event 4/],
    ['two deleted events', `DELETE FROM audit_event WHERE seq IN (2, 3)`, 4, /event 2–3 missing/],
    ['an edit with its own hash recomputed', `UPDATE audit_event SET action = 'key.create', hash = repeat('a', 64) WHERE seq = 2`, 2, /event 2 was changed/],
    ['a forged predecessor link', `UPDATE audit_event SET prev_hash = repeat('b', 64) WHERE seq = 5`, 5, /event 5 does not link to the hash of event 4/],
  ])('detects %s', async (_name, tamper, seq, problem) => {
    await withChain(async (ds, repo) => {
      expect((await repo.verify()).ok).toBe(true);
      await ds.query(tamper);
      const result = await repo.verify();
      expect(result).toMatchObject({ ok: false, seq });
      expect(result.ok ? '' : result.problem).toMatch(problem);
    });
  });

  it('chains the events of a populated database when the migration runs', async () => {
    const db = await createEmptyDatabase();
    const before = new DataSource({ ...dataSourceOptions({ url: db.url, poolSize: 2 }), migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(AddAuditChain1763700900000)) });
    await before.initialize();
    try {
      await before.runMigrations({ transaction: 'all' });
      // Old rows: microsecond times (now()), jsonb with keys in any order, one written in the same microsecond as another.
      await before.query(`
        INSERT INTO audit_event (actor_type, actor_label, action, target_type, target_id, before, after, created_at)
        SELECT 'cli', 'operator', 'key.create', 'api_key', 'k' || g, NULL, jsonb_build_object('z', g, 'a', 'x'), now() - (g || ' minutes')::interval
          FROM generate_series(1, 2500) g`);
      await before.query(
        `INSERT INTO audit_event (actor_type, action, target_type, after, created_at) SELECT 'system', 'kb.activate', 'kb_release', '{"b":1,"a":2}', created_at FROM audit_event WHERE target_id = 'k7'`,
      );
    } finally {
      await before.destroy();
    }
    const after = new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 }));
    await after.initialize();
    try {
      await after.runMigrations({ transaction: 'all' });
      const repo = new AuditChainRepository(after);
      expect(await repo.verify()).toMatchObject({ ok: true, events: 2501, head: { seq: 2501 } });
      // Oldest first, and new events continue the chain.
      const [first] = await after.query<{ target_id: string }[]>(`SELECT target_id FROM audit_event WHERE seq = 1`);
      expect(first.target_id).toBe('k2500');
      await after.transaction((m) => repo.append(m, event(1)));
      expect(await repo.verify()).toMatchObject({ ok: true, events: 2502 });
    } finally {
      await after.destroy();
      await db.drop();
    }
  });
});
