import { seedKey } from '@vigil/testing';
import { KbReleaseRepository } from '@vigil/db';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { COMPILED_KB_FORMAT, type CompiledKnowledgeBase } from '@vigil/engine';
import { DataSource } from 'typeorm';
import { KnowledgeBaseService } from '../src/kb/knowledge-base.service';
import { type RunningApi, startApi } from './support/start-api';

/** A small imported source that disagrees with the curated pack on one pair and adds one the pack lacks. */
function localSource(): CompiledKnowledgeBase {
  const rule = (id: string, a: string, b: string, severity: 'major' | 'minor') => ({
    id,
    sourceId: 'hospital-local',
    a: { ingredient: a },
    b: { ingredient: b },
    severity,
    risks: ['local'],
    summary: `Local rule ${id}.`,
    consequence: 'Local consequence.',
    mechanism: 'Local mechanism.',
    management: 'Local management.',
    evidence: { level: 'suspected' as const },
    citations: [{ source: 'hospital-local', title: 'Hospital formulary committee' }],
  });
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
    rules: [rule('local-warfarin-ibuprofen', 'warfarin', 'ibuprofen', 'minor'), rule('local-metformin-amlodipine', 'metformin', 'amlodipine', 'major')],
  };
}

describe('knowledge-base releases: activation hot-swaps every instance under load', () => {
  let db: TestDatabase;
  let api: RunningApi;
  let key: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({}, db);
    ({ key } = await seedKey(db.url, { rateLimit: { limit: 1_000_000, windowSeconds: 60 } }));
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  it('records the curated pack as the active release at start', async () => {
    const releases = await new KbReleaseRepository(api.app.get(DataSource)).list();
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ active: true, sourceRefs: [] });
    expect(api.app.get(KnowledgeBaseService).current().kb.version).toBe(releases[0].version);
  });

  it('swaps to a new release within 5 s with zero failed requests, each response naming exactly one release', async () => {
    const repo = new KbReleaseRepository(api.app.get(DataSource));
    const service = api.app.get(KnowledgeBaseService);
    const before = service.current().kb.version;
    const doc = localSource();
    const ds = api.app.get(DataSource);
    const hash = await ds.transaction((m) =>
      repo.saveSource(m, { id: 'hospital-local', format: 'vigil-csv', title: 'Hospital local rules', license: 'Internal use', doc, report: {} }),
    );
    const refs = [{ id: 'hospital-local', hash, title: 'Hospital local rules', license: 'Internal use', format: 'vigil-csv' }];
    const curated = (await repo.active())!.curatedVersion;
    const version = KbReleaseRepository.releaseVersion(curated, refs);
    await repo.create(ds.manager, { version, releasedAt: new Date().toISOString(), curatedVersion: curated, sourceRefs: refs, sources: [], counts: {} });

    const seen = new Map<string, number>();
    let failures = 0;
    const failed: string[] = [];
    let stop = false;
    const body = JSON.stringify({ drugs: ['metformin', 'amlodipine', 'warfarin', 'ibuprofen'] });
    const worker = async () => {
      while (!stop) {
        const res = await fetch(`${api.url}/v1/interactions/check`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });
        if (res.status !== 200) {
          failures++;
          failed.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
          continue;
        }
        const json = await res.json();
        seen.set(json.kb.version, (seen.get(json.kb.version) ?? 0) + 1);
        const hasLocal = json.interactions.some((i: { ruleId: string }) => i.ruleId === 'local-metformin-amlodipine');
        if (hasLocal !== (json.kb.version === version)) failures++; // a response mixing two releases
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    try {
      await repo.activate(version);
      while (service.current().kb.version !== version) {
        if (Date.now() - t0 > 5000) throw new Error(`new release not active within 5 s: ${api.logs.lines.filter((l) => l.includes('KnowledgeBase')).join('\n')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    expect(failed).toEqual([]);
    expect(failures).toBe(0);
    expect([...seen.keys()].sort()).toEqual([before, version].sort());
    // The old release and the build's garbage are collected, compacting, right after the swap as at start.
    expect(api.logs.lines.filter((l) => l.includes('compacting collection'))).toHaveLength(2);

    // Sources disagree on warfarin × ibuprofen: headline follows precedence (curated first), each keeps its own value.
    const res = await (await fetch(`${api.url}/v1/interactions/check`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body })).json();
    const wi = res.interactions.find(
      (i: { participants: { ingredient: string }[] }) =>
        i.participants
          .map((p) => p.ingredient)
          .sort()
          .join() === 'ibuprofen,warfarin' &&
        (i as unknown as { severityBySource?: object }).severityBySource !== undefined &&
        Object.hasOwn((i as unknown as { severityBySource: object }).severityBySource, 'hospital-local'),
    );
    expect(wi.severityBySource['hospital-local']).toBe('minor');
    expect(['major', 'contraindicated']).toContain(wi.severity);
    expect(res.kb.sources.map((s: { id: string }) => s.id)).toContain('hospital-local');

    // The reference's examples are real responses of the release serving now, not of the one at start.
    const openapi = await (await fetch(`${api.url}/openapi.json`)).json();
    const example = openapi.paths['/v1/interactions/check'].post.responses['200'].content['application/json'].example;
    expect(example.kb.version).toBe(version);
    expect(await (await fetch(`${api.url}/docs`)).text()).toContain(version);
  });
});
