import { createDataSource } from './data-source.factory';
import { migrationStatus } from './migration-status';
import { createTestDatabase, type TestDatabase } from './testing/test-database';
import type { DataSource } from 'typeorm';

describe('schema and migrations (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource({ url: db.url, poolSize: 2 });
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('reports every migration applied and none pending', async () => {
    const status = await migrationStatus(ds);
    expect(status.pending).toEqual([]);
    expect(status.applied).toEqual(ds.migrations.map((m) => m.name));
    expect(status.serverVersion).toMatch(/^\d+/);
  });

  it('never synchronizes', () => {
    expect(ds.options.synchronize).toBe(false);
  });

  it('enforces case-insensitive unique emails', async () => {
    await ds.query(`INSERT INTO account (email) VALUES ('Ann@Example.com')`);
    await expect(ds.query(`INSERT INTO account (email) VALUES ('ann@example.COM')`)).rejects.toMatchObject({ code: '23505' });
  });

  it('stores keys by unique hash and cascades on account delete', async () => {
    const [{ id }] = await ds.query(`INSERT INTO account (email) VALUES ('k@example.com') RETURNING id`);
    const hash = 'a'.repeat(64);
    await ds.query(`INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, $2, 'vigil_abcd…wxyz', 'ci')`, [id, hash]);
    await expect(ds.query(`INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, $2, 'h', 'dup')`, [id, hash])).rejects.toMatchObject({ code: '23505' });
    await ds.query(`DELETE FROM account WHERE id = $1`, [id]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM api_key`)).toEqual([{ n: 0 }]);
  });

  it('rejects an out-of-range label or status', async () => {
    const [{ id }] = await ds.query(`INSERT INTO account (email) VALUES ('c@example.com') RETURNING id`);
    await expect(ds.query(`INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, $2, 'h', '')`, [id, 'b'.repeat(64)])).rejects.toMatchObject({ code: '23514' });
    await expect(ds.query(`INSERT INTO api_key (account_id, key_hash, hint, label, status) VALUES ($1, $2, 'h', 'x', 'weird')`, [id, 'c'.repeat(64)])).rejects.toMatchObject({
      code: '23514',
    });
  });
});
