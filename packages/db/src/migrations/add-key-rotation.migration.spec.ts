import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source.factory';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MIGRATIONS } from './index';

describe('AddKeyRotation1763701200000 (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const migration = () => {
    const M = MIGRATIONS.find((m) => new m().name === 'AddKeyRotation1763701200000');
    if (!M) throw new Error('AddKeyRotation1763701200000 is not registered');
    return new M();
  };
  const columns = async () =>
    (await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'api_key' AND column_name LIKE 'rot%' ORDER BY column_name`)).map(
      (r: { column_name: string }) => r.column_name,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource({ url: db.url, poolSize: 2 });
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('adds the rotation columns; down removes them and up restores them', async () => {
    const all = ['rotated_from_key_id', 'rotated_to_key_id', 'rotation_end_reason', 'rotation_ended_at', 'rotation_grace_ends_at', 'rotation_idle_seconds'];
    expect(await columns()).toEqual(all);
    const q = ds.createQueryRunner();
    try {
      await migration().down(q);
      expect(await columns()).toEqual([]);
      await migration().up(q);
      expect(await columns()).toEqual(all);
    } finally {
      await q.release();
    }
  });

  it('the table refuses half-written rotations and unknown reasons', async () => {
    const [{ id: accountId }] = await ds.query(`INSERT INTO account (email) VALUES ('migration@example.com') RETURNING id`);
    const insert = (hash: string, extra = '', values: unknown[] = []) =>
      ds.query(
        `INSERT INTO api_key (account_id, key_hash, hint, label${extra ? `, ${extra}` : ''}) VALUES ($1, $2, 'h', 'l'${values.map((_, i) => `, $${i + 3}`).join('')}) RETURNING id`,
        [accountId, hash.repeat(64), ...values],
      );
    const [{ id: successor }] = await insert('a');
    await expect(insert('b', 'rotated_to_key_id', [successor])).rejects.toThrow(/api_key_rotation_complete/);
    await expect(insert('c', 'rotated_to_key_id, rotation_grace_ends_at, rotation_idle_seconds', [successor, new Date(), 30])).rejects.toThrow(/rotation_idle_seconds/);
    await expect(
      insert('d', 'rotated_to_key_id, rotation_grace_ends_at, rotation_idle_seconds, rotation_ended_at, rotation_end_reason', [successor, new Date(), 60, new Date(), 'bored']),
    ).rejects.toThrow(/rotation_end_reason/);
    await insert('e', 'rotated_to_key_id, rotation_grace_ends_at, rotation_idle_seconds', [successor, new Date(), 60]);
    // One successor per rolled key.
    await expect(insert('f', 'rotated_to_key_id, rotation_grace_ends_at, rotation_idle_seconds', [successor, new Date(), 60])).rejects.toThrow(/api_key_rotated_to_uq/);
  });
});
