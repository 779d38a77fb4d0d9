import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { withPgClient } from '@vigil/testing';

const cli = join(__dirname, '..', 'dist', 'cli.js');

/** `./vigil orgs …` with `--json`: create, invite (link printed once), members, policy, transfer, remove. */
describe('operator CLI: organisations', () => {
  let db: TestDatabase;
  const vigil = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 60_000 });
  const json = (...args: string[]) => {
    const r = vigil(...args, '--json');
    expect([args.join(' '), r.status, r.stderr]).toEqual([args.join(' '), 0, '']);
    return JSON.parse(r.stdout);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('creates an organisation, invites (link shown once, token stored hashed), sets the policy, transfers and removes', async () => {
    json('accounts', 'create', '--email', 'boss@example.org');
    json('accounts', 'create', '--email', 'dev@example.org');
    const org = json('orgs', 'create', '--name', 'Cardiology', '--owner', 'boss@example.org');
    expect(org).toMatchObject({ name: 'Cardiology', owner: { email: 'boss@example.org' }, memberCount: 1 });
    const invited = json('orgs', 'invite', org.id, '--email', 'dev@example.org', '--role', 'developer');
    expect(invited).toMatchObject({ email: 'dev@example.org', role: 'developer', status: 'pending', link: expect.stringMatching(/\/#\/invite\/[0-9a-f]{64}$/) });
    const token = invited.link.split('/').pop();
    const stored = await withPgClient(db.url, async (c) => (await c.query(`SELECT token_hash FROM organisation_invitation`)).rows);
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = json('orgs', 'invitations', org.id);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.invitations).toEqual([expect.objectContaining({ status: 'pending', email: 'dev@example.org' })]);
    // A bad role is a usage problem, answered as JSON with a stable code.
    const bad = vigil('orgs', 'invite', org.id, '--email', 'x@example.org', '--role', 'owner', '--json');
    expect(bad.status).not.toBe(0);
    expect(JSON.parse(bad.stdout).error.code).toBe('validation_failed');

    // Accept as the invited account would (the service the API calls), then the member shows.
    await withPgClient(db.url, (c) =>
      c.query(`INSERT INTO organisation_member (organisation_id, account_id, role) SELECT $1, id, 'developer' FROM account WHERE email = 'dev@example.org'`, [org.id]),
    );
    expect(json('orgs', 'members', org.id).members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['boss@example.org', 'owner'],
      ['dev@example.org', 'developer'],
    ]);
    expect(json('orgs', 'list', '--email', 'dev@example.org').organisations.map((o: { name: string; role: string }) => [o.name, o.role])).toEqual([
      ['dev@example.org', 'owner'],
      ['Cardiology', 'developer'],
    ]);

    const policy = json('orgs', 'policy', org.id, '--max-lifetime', '90d', '--require-allowlist', 'yes', '--scopes', 'interactions:check', '--allow-ip', '10.0.0.0/8');
    expect(policy).toEqual({
      maxKeyLifetimeSeconds: 90 * 86_400,
      requireIpAllowlist: true,
      allowedScopes: ['interactions:check'],
      allowedIps: ['10.0.0.0/8'],
      nonCompliantKeys: 0,
    });
    // Only the flags given change.
    expect(json('orgs', 'policy', org.id, '--max-lifetime', 'none')).toMatchObject({ maxKeyLifetimeSeconds: null, requireIpAllowlist: true });
    expect(vigil('orgs', 'policy', org.id, '--max-lifetime', 'soon').status).toBe(2);

    // Projects, and a service key in one (the policy above still requires an allowlist).
    const project = json('projects', 'create', org.id, '--name', 'Dispensing', '--rate-limit', '10/60s', '--monthly-quota', '5000');
    expect(project).toMatchObject({ name: 'Dispensing', rateLimit: { limit: 10, windowSeconds: 60 }, monthlyQuota: 5000, activeKeys: 0 });
    expect(json('projects', 'update', org.id, project.id, '--monthly-quota', 'none')).toMatchObject({ monthlyQuota: null, rateLimit: { limit: 10, windowSeconds: 60 } });
    const refused = vigil('keys', 'create', '--email', 'dev@example.org', '--label', 'svc', '--org', org.id, '--project', project.id, '--service', '--json');
    expect(JSON.parse(refused.stdout).error.code).toBe('org_policy_ip_allowlist_required');
    const svc = json(
      'keys',
      'create',
      '--email',
      'dev@example.org',
      '--label',
      'svc',
      '--org',
      org.id,
      '--project',
      project.id,
      '--service',
      '--allow-ip',
      '10.0.0.0/8',
      '--scopes',
      'interactions:check',
    );
    expect(svc).toMatchObject({ kind: 'service', projectId: project.id, organisationId: org.id, key: expect.stringMatching(/^vigil_/) });
    expect(json('projects', 'list', org.id).projects.map((p: { name: string; activeKeys: number }) => [p.name, p.activeKeys])).toEqual([
      ['Default', 0],
      ['Dispensing', 1],
    ]);
    expect(vigil('keys', 'create', '--email', 'dev@example.org', '--label', 'x', '--project', project.id).status).toBe(2);
    const usage = json('orgs', 'usage', org.id, '--project', project.id, '--days', '7');
    expect(usage).toMatchObject({ projectId: project.id, projects: [{ projectId: project.id, name: 'Dispensing', allowed: 0 }] });
    expect(usage.days).toHaveLength(7);
    const projectAudit = json('orgs', 'audit', org.id, '--project', project.id);
    expect(projectAudit.events.map((e: { action: string }) => e.action).sort()).toEqual(['key.create', 'project.create', 'project.update']);

    expect(json('orgs', 'transfer', org.id, '--to', 'dev@example.org')).toMatchObject({ owner: { email: 'dev@example.org' } });
    const removed = json('orgs', 'remove-member', org.id, '--email', 'boss@example.org');
    expect(removed).toMatchObject({ revokedKeyIds: [] });
    const audit = await withPgClient(
      db.url,
      async (c) => (await c.query(`SELECT action, actor_type FROM audit_event WHERE action LIKE 'organisation.%' AND chain = $1 ORDER BY seq`, [`org:${org.id}`])).rows,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'organisation.create',
      'organisation.invitation.create',
      'organisation.policy.set',
      'organisation.policy.set',
      'organisation.transfer_ownership',
      'organisation.member.remove',
    ]);
    expect(new Set(audit.map((a) => a.actor_type))).toEqual(new Set(['cli']));
  }, 240_000); // some twenty CLI runs, each loading TypeORM: 30 s on a quiet machine, 2 min on a loaded one

  it('resends an invitation (new link printed once, the old one dead, once a minute), then deletes the organisation (confirmed by name)', async () => {
    json('accounts', 'create', '--email', 'head@example.org');
    const org = json('orgs', 'create', '--name', 'Oncology', '--owner', 'head@example.org');
    const invited = json('orgs', 'invite', org.id, '--email', 'nurse@example.org', '--role', 'viewer');
    const tooSoon = vigil('orgs', 'invite-resend', org.id, invited.id, '--json');
    expect(tooSoon.status).toBe(1);
    expect(JSON.parse(tooSoon.stdout)).toMatchObject({ error: { code: 'invitation_resend_too_soon' } });
    await withPgClient(db.url, (c) => c.query(`UPDATE organisation_invitation SET sent_at = now() - interval '2 minutes' WHERE id = $1`, [invited.id]));
    const resent = json('orgs', 'invite-resend', org.id, invited.id);
    expect(resent).toMatchObject({ id: invited.id, email: 'nurse@example.org', status: 'pending' });
    expect(resent.link).not.toBe(invited.link);
    expect(vigil('orgs', 'invite-resend', org.id).status).toBe(2);
    const key = json('keys', 'create', '--email', 'head@example.org', '--label', 'onc', '--org', org.id);

    const wrong = vigil('orgs', 'delete', org.id, '--confirm', 'oncology', '--json');
    expect(wrong.status).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ error: { code: 'confirmation_mismatch' } });
    expect(vigil('orgs', 'delete', org.id).status).toBe(2);
    const deleted = json('orgs', 'delete', org.id, '--confirm', 'Oncology');
    expect(deleted).toMatchObject({ id: org.id, revokedKeyIds: [key.id], withdrawnInvitationIds: [invited.id] });
    expect(json('orgs', 'list').organisations.map((o: { id: string }) => o.id)).not.toContain(org.id);
    expect(vigil('orgs', 'members', org.id).status).toBe(1);
    // Its chain stays verifiable after the deletion, and ends with it.
    const verified = json('audit', 'verify', '--org', org.id);
    expect(verified).toMatchObject({ ok: true, chains: [{ chain: `org:${org.id}`, ok: true }] });
    const events = json('audit', 'export', '--org', org.id).events.map((e: { action: string }) => e.action);
    expect(events).toEqual(['organisation.create', 'organisation.invitation.create', 'organisation.invitation.resend', 'key.create', 'key.revoke', 'organisation.deleted']);
  }, 240_000); // some twenty CLI runs, each starting Nest
});
