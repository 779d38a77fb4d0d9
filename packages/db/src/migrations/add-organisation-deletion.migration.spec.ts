import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source.factory';
import { createEmptyDatabase } from '../testing';
import { MIGRATIONS } from './index';
import { AddOrganisationDeletion1763701610000 } from './1763701610000-add-organisation-deletion';

describe('AddOrganisationDeletion1763701610000 (real PostgreSQL)', () => {
  it('on a populated database: no organisation deleted, every invitation sent when it was created; keys skip deleted organisations; down restores', async () => {
    const db = await createEmptyDatabase();
    const before = new DataSource({
      ...dataSourceOptions({ url: db.url, poolSize: 2 }),
      migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(AddOrganisationDeletion1763701610000)),
    });
    await before.initialize();
    try {
      await before.runMigrations({ transaction: 'all' });
      // 50 accounts (each with its own organisation through the trigger), an invitation from each, some days old.
      await before.query(`INSERT INTO account (email, plan, status) SELECT 'user' || g || '@example.com', 'free', 'active' FROM generate_series(1, 50) g`);
      await before.query(`
        INSERT INTO organisation_invitation (organisation_id, email, role, token_hash, expires_at, created_at)
        SELECT m.organisation_id, 'guest' || row_number() OVER () || '@example.com', 'viewer', md5(m.organisation_id::text) || md5(m.account_id::text),
               now() + interval '7 days', now() - (row_number() OVER ()) * interval '1 hour'
          FROM organisation_member m`);
      await before.destroy();

      const after = new DataSource({ ...dataSourceOptions({ url: db.url, poolSize: 2 }), migrations: MIGRATIONS });
      await after.initialize();
      try {
        await after.runMigrations({ transaction: 'all' });
        const [{ deleted, invitations, same }] = await after.query(`
          SELECT (SELECT count(*)::int FROM organisation WHERE deleted_at IS NOT NULL) AS deleted,
                 (SELECT count(*)::int FROM organisation_invitation) AS invitations,
                 (SELECT count(*)::int FROM organisation_invitation WHERE sent_at = created_at) AS same`);
        expect({ deleted, invitations, same }).toEqual({ deleted: 0, invitations: 50, same: 50 });
        const [{ d }] = await after.query(`SELECT column_default AS d FROM information_schema.columns WHERE table_name = 'organisation_invitation' AND column_name = 'sent_at'`);
        expect(d).toBe('now()');

        // An account owning a deleted organisation and a live one: a key inserted without an organisation goes to the live one.
        const [{ id: accountId }] = await after.query(`INSERT INTO account (email) VALUES ('two@example.com') RETURNING id`);
        const [{ organisation_id: first }] = await after.query(`SELECT organisation_id FROM organisation_member WHERE account_id = $1`, [accountId]);
        const [{ id: second }] = await after.query(`INSERT INTO organisation (name) VALUES ('second') RETURNING id`);
        await after.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'owner')`, [second, accountId]);
        await after.query(`INSERT INTO project (organisation_id, name) VALUES ($1, 'Default')`, [second]);
        await after.query(`UPDATE organisation SET deleted_at = now() WHERE id = $1`, [first]);
        const [{ organisation_id }] = await after.query(
          `INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, repeat('e', 64), 'h', 'x') RETURNING organisation_id`,
          [accountId],
        );
        expect(organisation_id).toBe(second);

        const q = after.createQueryRunner();
        try {
          for (const M of MIGRATIONS.slice(MIGRATIONS.indexOf(AddOrganisationDeletion1763701610000)).reverse()) await new M().down(q);
          const cols = await after.query(
            `SELECT column_name FROM information_schema.columns WHERE (table_name = 'organisation' AND column_name = 'deleted_at') OR (table_name = 'organisation_invitation' AND column_name = 'sent_at')`,
          );
          expect(cols).toEqual([]);
          const [{ organisation_id: again }] = await after.query(
            `INSERT INTO api_key (account_id, key_hash, hint, label) VALUES ($1, repeat('d', 64), 'h', 'y') RETURNING organisation_id`,
            [accountId],
          );
          expect(again).toBe(first); // the old trigger: the first owned organisation
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
});
