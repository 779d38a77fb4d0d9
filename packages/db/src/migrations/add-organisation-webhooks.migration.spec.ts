import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source.factory';
import { createEmptyDatabase } from '../testing';
import { MIGRATIONS } from './index';
import { AddOrganisationWebhooks1763701700000 } from './1763701700000-add-organisation-webhooks';

describe('AddOrganisationWebhooks1763701700000 (real PostgreSQL)', () => {
  it('on a populated database: every endpoint moves to the organisation its account owns (or a new one of its own); down gives it back to the owner', async () => {
    const db = await createEmptyDatabase();
    const before = new DataSource({
      ...dataSourceOptions({ url: db.url, poolSize: 2 }),
      migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(AddOrganisationWebhooks1763701700000)),
    });
    await before.initialize();
    try {
      await before.runMigrations({ transaction: 'all' });
      // 60 accounts (each owning its organisation through the trigger), 0–3 endpoints each.
      await before.query(`INSERT INTO account (email, plan, status) SELECT 'user' || g || '@example.com', 'free', 'active' FROM generate_series(1, 60) g`);
      await before.query(`
        INSERT INTO webhook_endpoint (account_id, url, event_types, secret)
        SELECT a.id, 'https://hooks.example.com/' || a.id || '/' || k, ARRAY['key.created'], 'whsec_' || md5(a.id::text || k)
          FROM account a CROSS JOIN generate_series(1, 3) k WHERE k <= abs(hashtext(a.email)) % 4`);
      const accounts: { id: string; email: string }[] = await before.query(`SELECT id, email FROM account ORDER BY email`);
      const [user1, user2, user3, user4] = ['user1@example.com', 'user2@example.com', 'user3@example.com', 'user4@example.com'].map((e) => accounts.find((a) => a.email === e)!.id);
      const ownOrg = async (accountId: string): Promise<string> =>
        (await before.query(`SELECT organisation_id FROM organisation_member WHERE account_id = $1 AND role = 'owner'`, [accountId]))[0].organisation_id;
      for (const a of [user1, user2, user3, user4]) {
        await before.query(`INSERT INTO webhook_endpoint (account_id, url, event_types, secret) VALUES ($1, $2, ARRAY['key.revoked'], 'whsec_x')`, [
          a,
          `https://edge.example.com/${a}`,
        ]);
      }
      // user1 handed its organisation to user2 and stays an admin there: it owns nothing.
      const org1 = await ownOrg(user1);
      const org2 = await ownOrg(user2);
      await before.query(`UPDATE organisation_member SET role = 'admin' WHERE organisation_id = $1`, [org1]);
      await before.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'owner')`, [org1, user2]);
      await before.query(`UPDATE organisation SET created_at = now() + interval '1 minute' WHERE id = $1`, [org1]); // newer than user2's own
      // user3 deleted the only organisation it owned.
      await before.query(`UPDATE organisation SET deleted_at = now() WHERE id = $1`, [await ownOrg(user3)]);
      // user4 owns a second, newer organisation: its endpoints go to the older one.
      const org4 = await ownOrg(user4);
      const [{ id: newer }] = await before.query(`INSERT INTO organisation (name, created_at) VALUES ('newer', now() + interval '1 minute') RETURNING id`);
      await before.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, 'owner')`, [newer, user4]);
      const endpointsBefore: { id: string; account_id: string; url: string; secret: string }[] = await before.query(
        `SELECT id, account_id, url, secret FROM webhook_endpoint ORDER BY id`,
      );
      expect(endpointsBefore.length).toBeGreaterThan(60);
      const orgsBefore: number = (await before.query(`SELECT count(*)::int AS n FROM organisation`))[0].n;
      await before.destroy();

      const after = new DataSource({ ...dataSourceOptions({ url: db.url, poolSize: 2 }), migrations: MIGRATIONS });
      await after.initialize();
      try {
        await after.runMigrations({ transaction: 'all' });
        // Same endpoints (ids, creators, URLs, secrets), each in a live organisation its creator owns.
        const endpointsAfter: { id: string; account_id: string; url: string; secret: string; organisation_id: string; owned: boolean }[] = await after.query(`
          SELECT e.id, e.account_id, e.url, e.secret, e.organisation_id,
                 EXISTS (SELECT 1 FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
                          WHERE m.organisation_id = e.organisation_id AND m.account_id = e.account_id AND m.role = 'owner' AND o.deleted_at IS NULL) AS owned
            FROM webhook_endpoint e ORDER BY e.id`);
        expect(endpointsAfter.map(({ id, account_id, url, secret }) => ({ id, account_id, url, secret }))).toEqual(endpointsBefore);
        expect(endpointsAfter.filter((e) => !e.owned)).toEqual([]);
        const orgOf = (accountId: string) => new Set(endpointsAfter.filter((e) => e.account_id === accountId).map((e) => e.organisation_id));
        expect(orgOf(user2)).toEqual(new Set([org2])); // user2 owns org1 too, but org2 is older
        expect(orgOf(user4)).toEqual(new Set([org4]));
        // user1 and user3 each got a new one-member organisation with a Default project; nobody else did.
        const [{ n: orgsAfter }] = await after.query(`SELECT count(*)::int AS n FROM organisation`);
        expect(orgsAfter).toBe(orgsBefore + 2);
        for (const a of [user1, user3]) {
          const [org] = [...orgOf(a)];
          expect(org).not.toBe(org1);
          const shape = await after.query(
            `SELECT (SELECT count(*)::int FROM organisation_member WHERE organisation_id = $1) AS members, (SELECT count(*)::int FROM project WHERE organisation_id = $1 AND name = 'Default') AS projects`,
            [org],
          );
          expect(shape).toEqual([{ members: 1, projects: 1 }]);
        }
        const [{ is_nullable }] = await after.query(`SELECT is_nullable FROM information_schema.columns WHERE table_name = 'webhook_endpoint' AND column_name = 'organisation_id'`);
        expect(is_nullable).toBe('NO');
        expect(await after.query(`SELECT indexname FROM pg_indexes WHERE indexname = 'webhook_endpoint_organisation_idx'`)).toHaveLength(1);
        // Deleting the creator's account keeps the organisation's endpoint (the creator is forgotten).
        const someEndpoint = endpointsAfter.find((e) => e.account_id === user2)!;
        await after.query(
          `INSERT INTO webhook_endpoint (organisation_id, account_id, url, event_types, secret) VALUES ($1, $2, 'https://admin.example.com/', ARRAY['key.created'], 'whsec_y')`,
          [org1, user1],
        );
        await after.query(`DELETE FROM account WHERE id = $1`, [user1]);
        const [kept] = await after.query(`SELECT account_id FROM webhook_endpoint WHERE url = 'https://admin.example.com/'`);
        expect(kept).toEqual({ account_id: null });

        const q = after.createQueryRunner();
        try {
          for (const M of MIGRATIONS.slice(MIGRATIONS.indexOf(AddOrganisationWebhooks1763701700000)).reverse()) await new M().down(q);
          const cols = await after.query(
            `SELECT table_name, column_name FROM information_schema.columns WHERE table_name IN ('webhook_endpoint', 'webhook_event') AND column_name = 'organisation_id'`,
          );
          expect(cols).toEqual([]);
          // Every endpoint belongs to an account again: its organisation's owner (org1's endpoint goes to user2).
          const [{ nulls }] = await after.query(`SELECT count(*)::int AS nulls FROM webhook_endpoint WHERE account_id IS NULL`);
          expect(nulls).toBe(0);
          expect(await after.query(`SELECT account_id FROM webhook_endpoint WHERE url = 'https://admin.example.com/'`)).toEqual([{ account_id: user2 }]);
          expect(await after.query(`SELECT account_id FROM webhook_endpoint WHERE id = $1`, [someEndpoint.id])).toEqual([{ account_id: user2 }]);
          // The account's deletion cascades to its endpoints again.
          await after.query(`DELETE FROM account WHERE id = $1`, [user2]);
          expect(await after.query(`SELECT count(*)::int AS n FROM webhook_endpoint WHERE account_id = $1`, [user2])).toEqual([{ n: 0 }]);
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
