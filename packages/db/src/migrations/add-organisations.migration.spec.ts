import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source.factory';
import { createEmptyDatabase, createTestDatabase } from '../testing';
import { MIGRATIONS } from './index';
import { AddOrganisations1763701400000 } from './1763701400000-add-organisations';

describe('AddOrganisations1763701400000 (real PostgreSQL)', () => {
  it('on a populated database: every account owns a one-member organisation with a Default project, every key moves into it', async () => {
    const db = await createEmptyDatabase();
    const before = new DataSource({ ...dataSourceOptions({ url: db.url, poolSize: 2 }), migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(AddOrganisations1763701400000)) });
    await before.initialize();
    try {
      await before.runMigrations({ transaction: 'all' });
      await before.query(
        `INSERT INTO account (email, plan, status) SELECT 'user' || g || '@example.com', CASE WHEN g % 3 = 0 THEN 'pro' ELSE 'free' END, 'active' FROM generate_series(1, 300) g`,
      );
      // 0–4 keys per account (some accounts have none), some revoked.
      await before.query(`
        INSERT INTO api_key (account_id, key_hash, hint, label, status)
        SELECT a.id, md5(a.id::text || k) || md5(k || a.id::text), 'h', 'key ' || k, CASE WHEN k = 3 THEN 'revoked' ELSE 'active' END
          FROM account a CROSS JOIN generate_series(1, 4) k
         WHERE k <= abs(hashtext(a.email)) % 5`);
      const keysBefore: { id: string; account_id: string; key_hash: string; status: string }[] = await before.query(
        `SELECT id, account_id, key_hash, status FROM api_key ORDER BY id`,
      );
      expect(keysBefore.length).toBeGreaterThan(300);
      await before.destroy();

      const after = new DataSource({ ...dataSourceOptions({ url: db.url, poolSize: 2 }), migrations: MIGRATIONS });
      await after.initialize();
      try {
        await after.runMigrations({ transaction: 'all' });
        const [{ orgs, members, owners, projects }] = await after.query(`
          SELECT (SELECT count(*)::int FROM organisation) AS orgs, (SELECT count(*)::int FROM organisation_member) AS members,
                 (SELECT count(*)::int FROM organisation_member WHERE role = 'owner') AS owners,
                 (SELECT count(*)::int FROM project WHERE name = 'Default') AS projects`);
        expect({ orgs, members, owners, projects }).toEqual({ orgs: 300, members: 300, owners: 300, projects: 300 });
        // Each account owns exactly one organisation, named after its email.
        const named = await after.query(
          `SELECT count(*)::int AS n FROM organisation o JOIN organisation_member m ON m.organisation_id = o.id JOIN account a ON a.id = m.account_id WHERE o.name = a.email`,
        );
        expect(named[0].n).toBe(300);
        // Every key: unchanged id, hash, account and status; in its account's organisation and that organisation's Default project.
        const keysAfter: { id: string; account_id: string; key_hash: string; status: string; kind: string; ok: boolean }[] = await after.query(`
          SELECT k.id, k.account_id, k.key_hash, k.status, k.kind,
                 (m.role = 'owner' AND p.organisation_id = k.organisation_id AND p.name = 'Default') AS ok
            FROM api_key k JOIN organisation_member m ON m.organisation_id = k.organisation_id AND m.account_id = k.account_id
            JOIN project p ON p.id = k.project_id ORDER BY k.id`);
        expect(keysAfter.map(({ id, account_id, key_hash, status }) => ({ id, account_id, key_hash, status }))).toEqual(keysBefore);
        expect(keysAfter.every((k) => k.ok && k.kind === 'personal')).toBe(true);
        // Accounts and keys written after the migration (operator SQL, seeds) get the same shape through the triggers.
        const [{ id: accountId }] = await after.query(`INSERT INTO account (email) VALUES ('later@example.com') RETURNING id`);
        const [{ organisation_id, project_id }] = await after.query(
          `INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, repeat('f', 64), 'h', 'later') RETURNING organisation_id, project_id`,
          [accountId],
        );
        const [own] = await after.query(
          `SELECT m.organisation_id, p.id AS project_id FROM organisation_member m JOIN project p ON p.organisation_id = m.organisation_id WHERE m.account_id = $1 AND m.role = 'owner'`,
          [accountId],
        );
        expect({ organisation_id, project_id }).toEqual(own);
        // Down restores the old shape.
        const q = after.createQueryRunner();
        try {
          // Later migrations first (they depend on the project table).
          for (const M of MIGRATIONS.slice(MIGRATIONS.indexOf(AddOrganisations1763701400000) + 1).reverse()) await new M().down(q);
          await new AddOrganisations1763701400000().down(q);
          const cols = await after.query(
            `SELECT column_name FROM information_schema.columns WHERE table_name = 'api_key' AND column_name IN ('organisation_id', 'project_id', 'kind')`,
          );
          expect(cols).toEqual([]);
        } finally {
          await q.release();
        }
      } finally {
        await after.destroy();
      }
    } finally {
      if (before.isInitialized) await before.destroy();
      await db.drop();
    }
  });

  it('the tables refuse a second owner, an unknown role and a key without an organisation', async () => {
    const db = await createTestDatabase();
    const ds = new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 }));
    await ds.initialize();
    try {
      const [{ id: a }] = await ds.query(`INSERT INTO account (email) VALUES ('a@example.com') RETURNING id`);
      const [{ id: b }] = await ds.query(`INSERT INTO account (email) VALUES ('b@example.com') RETURNING id`);
      const [{ organisation_id: org }] = await ds.query(`SELECT organisation_id FROM organisation_member WHERE account_id = $1`, [a]);
      await expect(ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'owner')`, [org, b])).rejects.toThrow(/organisation_one_owner_uq/);
      await expect(ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'boss')`, [org, b])).rejects.toThrow(/role/);
      await ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'viewer')`, [org, b]);
      // b owns its own organisation too, so a key of b goes there, not to a's.
      const [{ organisation_id }] = await ds.query(`INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, repeat('e', 64), 'h', 'b') RETURNING organisation_id`, [b]);
      expect(organisation_id).not.toBe(org);
      await ds.query(`DELETE FROM organisation_member WHERE account_id = $1 AND role = 'owner'`, [b]);
      await expect(ds.query(`INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, repeat('d', 64), 'h', 'b') RETURNING organisation_id`, [b])).rejects.toThrow(
        /organisation_id/,
      );
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
