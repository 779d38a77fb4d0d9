import { KbReleaseRepository } from '@vigil/db';
import { COMPILED_KB_FORMAT, type CompiledKnowledgeBase, loadCuratedKb } from '@vigil/engine';
import { DataSource } from 'typeorm';
import { AdminClient } from './support/admin-client';
import { withPgClient } from '@vigil/testing';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

/** A minimal imported source document (one local rule). */
function localSource(): CompiledKnowledgeBase {
  return {
    format: COMPILED_KB_FORMAT,
    version: 'hospital-local-1',
    releasedAt: '2026-11-01T00:00:00Z',
    sources: [{ id: 'hospital-local', title: 'Hospital local rules', license: 'Internal use' }],
    ingredients: [],
    classes: [],
    products: [],
    pathways: [],
    domains: [],
    rules: [
      {
        id: 'local-warfarin-ibuprofen',
        sourceId: 'hospital-local',
        a: { ingredient: 'warfarin' },
        b: { ingredient: 'ibuprofen' },
        severity: 'minor',
        risks: ['local'],
        summary: 'Local rule.',
        consequence: 'Local consequence.',
        mechanism: 'Local mechanism.',
        management: 'Local management.',
        evidence: { level: 'suspected' },
        citations: [{ source: 'hospital-local', title: 'Hospital formulary committee' }],
      },
    ],
  };
}

describe('/api/admin/kb: knowledge-base releases, activation and rollback (role admin)', () => {
  let admin: RunningAdmin;
  let op: Awaited<ReturnType<typeof signedInAdmin>>;
  let u: Awaited<ReturnType<typeof signedUpUser>>;
  let ds: DataSource;
  let repo: KbReleaseRepository;
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    admin = await startAdmin();
    op = await signedInAdmin(admin);
    u = await signedUpUser(admin, 'kb-user');
    ds = admin.app.get(DataSource);
    repo = new KbReleaseRepository(ds);
  });
  afterAll(async () => {
    await admin.close();
  });

  const kbEvents = () =>
    withPgClient(
      admin.db.url,
      async (c) =>
        (await c.query(`SELECT action, actor_type, actor_id, target_type, target_id, before, after FROM audit_event WHERE action LIKE 'kb.%' ORDER BY created_at, id`)).rows,
    );

  it('every KB route: 401 without a session, 403 for a user, 403 csrf_failed without the token; nothing changes', async () => {
    const anon = new AdminClient(admin.url);
    for (const [method, path] of [
      ['GET', '/api/admin/kb'],
      ['GET', '/api/admin/kb/releases'],
      ['POST', '/api/admin/kb/releases/anything/activate'],
      ['POST', '/api/admin/kb/rollback'],
    ] as const) {
      expectProblem(await anon.request(method, path), 401, 'unauthenticated');
      expectProblem(await u.client.request(method, path), 403, 'forbidden');
      if (method === 'POST') expectProblem(await op.client.request(method, path, { csrf: false }), 403, 'csrf_failed');
    }
    expect(await kbEvents()).toEqual([]);
  });

  it('before any release exists: no active release, empty list, rollback is a 409 conflict', async () => {
    const r = await op.client.get('/api/admin/kb');
    expect(r.status).toBe(200);
    expect(r.body.release).toBeNull();
    expect(r.body.curated).toMatchObject({ version: expect.any(String), counts: { rules: expect.any(Number) } });
    expect((await op.client.get('/api/admin/kb/releases')).body).toEqual({ releases: [] });
    expectProblem(await op.client.post('/api/admin/kb/rollback'), 409, 'conflict');
  });

  it('lists the curated release as active; rollback with a single release is 409; unknown or malformed versions are refused', async () => {
    const curated = loadCuratedKb();
    v1 = KbReleaseRepository.releaseVersion(curated.version, []);
    await repo.create(ds.manager, {
      version: v1,
      releasedAt: curated.releasedAt,
      curatedVersion: curated.version,
      sourceRefs: [],
      sources: curated.info.sources,
      counts: { rules: curated.rules.length },
    });
    await repo.activate(v1); // as the API does when it starts

    const list = await op.client.get('/api/admin/kb/releases');
    expect(list.status).toBe(200);
    expect(list.body.releases).toEqual([
      expect.objectContaining({ version: v1, active: true, curatedVersion: curated.version, sources: [], counts: { rules: curated.rules.length } }),
    ]);
    expect(list.body.releases[0].includedSources.length).toBe(curated.sources.length);
    expect((await op.client.get('/api/admin/kb')).body.release).toMatchObject({ version: v1, active: true, curatedVersion: curated.version });

    expectProblem(await op.client.post('/api/admin/kb/rollback'), 409, 'conflict');
    expectProblem(await op.client.post('/api/admin/kb/releases/kb-1999.01.01-0000000000/activate'), 404, 'not_found');
    const bad = await op.client.post(`/api/admin/kb/releases/${encodeURIComponent('bad version!')}/activate`);
    expectProblem(bad, 400, 'validation_failed');
    expect(bad.body.errors[0].pointer).toBe('/version');
    expect((await repo.active())!.version).toBe(v1);
    expect(await kbEvents()).toEqual([]);
  });

  it('activates a second release through the API (audited as the admin); it is listed first and reported as active', async () => {
    const doc = localSource();
    const hash = await ds.transaction((m) =>
      repo.saveSource(m, { id: 'hospital-local', format: 'vigil-csv', title: 'Hospital local rules', license: 'Internal use', doc, report: {} }),
    );
    const refs = [{ id: 'hospital-local', hash, title: 'Hospital local rules', license: 'Internal use', format: 'vigil-csv', pairs: 1 }];
    const curatedVersion = (await repo.active())!.curatedVersion;
    v2 = KbReleaseRepository.releaseVersion(curatedVersion, refs);
    await repo.create(ds.manager, { version: v2, releasedAt: new Date().toISOString(), curatedVersion, sourceRefs: refs, sources: [], counts: {} });

    const r = await op.client.post(`/api/admin/kb/releases/${encodeURIComponent(v2)}/activate`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ previous: v1, release: { version: v2, active: true, activatedAt: expect.any(String) } });
    expect((await repo.active())!.version).toBe(v2);

    const list = (await op.client.get('/api/admin/kb/releases')).body.releases;
    expect(list.map((x: { version: string; active: boolean }) => [x.version, x.active])).toEqual([
      [v2, true],
      [v1, false],
    ]);
    const status = (await op.client.get('/api/admin/kb')).body;
    expect(status.release).toMatchObject({
      version: v2,
      curatedVersion,
      sources: [{ id: 'hospital-local', title: 'Hospital local rules', license: 'Internal use', format: 'vigil-csv', pairs: 1, hash }],
    });
    expect(status.curated.version).toBe(curatedVersion);

    expect(await kbEvents()).toEqual([
      { action: 'kb.activate', actor_type: 'admin', actor_id: op.id, target_type: 'kb_release', target_id: v2, before: { active: v1 }, after: { active: v2 } },
    ]);
    const audit = await op.client.get('/api/admin/audit?action=kb');
    expect(audit.body.events.map((e: { action: string; target: { id: string } }) => [e.action, e.target.id])).toEqual([['kb.activate', v2]]);
  });

  it('rolls back to the previously active release (audited)', async () => {
    const r = await op.client.post('/api/admin/kb/rollback');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ previous: v2, release: { version: v1, active: true } });
    expect((await repo.active())!.version).toBe(v1);
    expect((await op.client.get('/api/admin/kb')).body.release.version).toBe(v1);
    const events = await kbEvents();
    expect(events[events.length - 1]).toEqual({
      action: 'kb.rollback',
      actor_type: 'admin',
      actor_id: op.id,
      target_type: 'kb_release',
      target_id: v1,
      before: { active: v2 },
      after: { active: v1 },
    });
  });
});
