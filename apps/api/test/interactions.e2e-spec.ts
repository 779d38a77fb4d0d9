import { VigilClient, VigilProblemError } from '@vigil/client';
import { seedKey } from '@vigil/testing';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { type RunningApi, startApi } from './support/start-api';

describe('POST /v1/interactions/check, drug search and KB (real engine, curated KB)', () => {
  let db: TestDatabase;
  let api: RunningApi;
  let key: string;
  /** The typed client integrators use; raw fetch only where a test needs the wire (headers, bad bodies). */
  let vigil: VigilClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({}, db);
    ({ key } = await seedKey(db.url, { rateLimit: { limit: 10_000, windowSeconds: 60 } }));
    vigil = new VigilClient({ baseUrl: api.url, apiKey: key });
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  const check = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/v1/interactions/check`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('finds warfarin × ibuprofen (brand and strength text ignored) with the full contract', async () => {
    const res = await check({ drugs: ['Coumadin 5 mg', { id: 'm2', name: 'ibuprofen 200mg tablet' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(body.kb).toMatchObject({
      version: expect.stringMatching(/^curated-/),
      releasedAt: expect.any(String),
      sources: expect.arrayContaining([expect.objectContaining({ id: expect.any(String), title: expect.any(String), license: expect.any(String) })]),
    });
    expect(body.summary).toMatchObject({ complete: true, pairsChecked: 1 });
    expect(['major', 'contraindicated']).toContain(body.summary.maxSeverity);
    expect(body.resolutions[0]).toMatchObject({ index: 0, status: 'resolved', method: 'brand', ingredients: [expect.objectContaining({ name: 'warfarin' })] });
    expect(body.resolutions[1]).toMatchObject({ index: 1, id: 'm2', status: 'resolved' });
    const finding = body.interactions[0];
    expect(finding).toMatchObject({
      id: expect.any(String),
      ruleId: expect.any(String),
      kind: expect.any(String),
      severity: body.summary.maxSeverity,
      summary: expect.any(String),
      mechanism: expect.any(String),
      management: expect.any(String),
    });
    expect(finding.participants.map((p: { ingredient: string }) => p.ingredient).sort()).toEqual(['ibuprofen', 'warfarin']);
    expect(finding.evidence.citations.length).toBeGreaterThan(0);
    expect(body.unresolved).toEqual([]);
    expect(body.disclaimer).toMatch(/decision support/);
  });

  it('an unresolved drug makes the check incomplete, never an error and never "no interactions"', async () => {
    const body = await vigil.interactions.check({ drugs: ['warfarin', 'notarealdrugname'] });
    expect(body.summary.complete).toBe(false);
    expect(body.unresolved).toEqual([expect.objectContaining({ index: 1, input: 'notarealdrugname' })]);
    expect(body.warnings).toContainEqual(expect.objectContaining({ code: 'incomplete_check' }));
  });

  it('never maps the UK brand Tazocin to pentazocine', async () => {
    const body = await vigil.interactions.check({ drugs: ['Tazocin', 'tramadol'] });
    const names = body.resolutions[0].ingredients?.map((i: { name: string }) => i.name) ?? [];
    expect(names).not.toContain('pentazocine');
  });

  it('expands combination products and reports brand + generic of one ingredient as duplicate therapy', async () => {
    const body = await vigil.interactions.check({ drugs: ['Vicodin', 'Tylenol'] });
    expect(body.resolutions[0].ingredients.map((i: { name: string }) => i.name).sort()).toEqual(['acetaminophen', 'hydrocodone']);
    expect(body.interactions).toContainEqual(expect.objectContaining({ kind: 'duplicate-therapy' }));
  });

  it('sorts worst first and honours minSeverity and include', async () => {
    const body = await vigil.interactions.check({
      drugs: ['simvastatin', 'clarithromycin', 'warfarin', 'aspirin', 'omeprazole'],
      options: { minSeverity: 'moderate', include: ['management'] },
    });
    const order = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'];
    const ranks = body.interactions.map((i: { severity: string }) => order.indexOf(i.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks.every((r: number) => r <= 2)).toBe(true);
    expect(body.interactions[0].management).toEqual(expect.any(String));
    expect(body.interactions[0].mechanism).toBeUndefined();
  });

  it('a single entry is a valid check: a free-text combination is checked internally; a known product is not, and says so', async () => {
    const combo = await vigil.interactions.check({ drugs: ['tramadol + sertraline'] });
    expect(combo.interactions.length).toBeGreaterThan(0);
    expect(combo.warnings.map((w) => w.code)).toContain('split_combination');
    const paxlovid = await vigil.interactions.check({ drugs: ['Paxlovid'] });
    expect(paxlovid.resolutions[0].ingredients.map((i) => i.name).sort()).toEqual(['nirmatrelvir', 'ritonavir']);
    expect(paxlovid.interactions).toEqual([]);
    expect(paxlovid.warnings.map((w) => w.code)).toContain('too_few_drugs');
    expect(paxlovid.summary.pairsChecked).toBe(0);
  });

  it('prospective screening: only findings involving the new order, the current list counted', async () => {
    const current = ['warfarin', 'aspirin', 'simvastatin'];
    const full = await vigil.interactions.check({ drugs: [...current, 'clarithromycin'] });
    const body = await vigil.interactions.check({ drugs: [...current, { name: 'clarithromycin', id: 'order-17', proposed: true }] });
    const involving = full.interactions.filter((f) => f.participants.some((p) => p.index === 3));
    expect(body.interactions).toEqual(involving);
    expect(body.interactions.length).toBeGreaterThan(0);
    expect(body.summary.prospective).toEqual({ proposed: [3], currentListFindingsOmitted: full.interactions.length - involving.length });
    expect(body.summary.prospective?.currentListFindingsOmitted).toBeGreaterThan(0);
    expect(full.summary.prospective).toBeNull();
    expect(body.resolutions[3]).toMatchObject({ id: 'order-17', status: 'resolved' });
  });

  it('recently stopped drugs: checked within their washout, reported and left out beyond it', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const body = await vigil.interactions.check({
      drugs: [
        { name: 'fluoxetine', stoppedOn: daysAgo(20) },
        { name: 'phenelzine', proposed: true },
        { name: 'sertraline', stoppedOn: daysAgo(60) },
      ],
    });
    expect(body.resolutions[0].stopped).toMatchObject({ daysAgo: 20, washoutDays: 35, washoutBasis: 'curated', checked: true });
    expect(body.resolutions[2].stopped).toMatchObject({ daysAgo: 60, washoutDays: 14, checked: false });
    expect(body.interactions.map((f) => f.participants.map((p) => p.index).sort())).toContainEqual([0, 1]);
    expect(body.interactions.some((f) => f.participants.some((p) => p.index === 2))).toBe(false);
    expect(body.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['stopped_within_washout', 'stopped_beyond_washout']));
  });

  it('skin, eye and ear products: a negligibly absorbed one is reported and left out, the typed client sends route', async () => {
    const body = await vigil.interactions.check({
      drugs: ['ketoconazole 2% shampoo', 'simvastatin', { name: 'ketoconazole', route: 'systemic' }, { name: 'ciprofloxacin', route: 'eye' }, 'tizanidine'],
    });
    expect(body.resolutions[0].localUse).toMatchObject({ route: 'skin', from: 'name', checked: false });
    expect(body.resolutions[3].localUse).toMatchObject({ route: 'eye', from: 'request', checked: false });
    expect(body.resolutions[2].localUse).toBeUndefined();
    const pairs = body.interactions.map((f) =>
      f.participants
        .map((p) => p.index)
        .sort()
        .join('+'),
    );
    expect(pairs).toContain('1+2'); // oral ketoconazole + simvastatin
    expect(pairs.some((p) => p.split('+').includes('0') || p.split('+').includes('3'))).toBe(false);
    expect(body.warnings).toContainEqual(expect.objectContaining({ code: 'local_use_not_checked', indexes: [0, 3] }));
    expect(body.summary.complete).toBe(true);
  });

  it('a drug no longer marketed in the US is checked as usual, with its status on the resolution and a warning', async () => {
    const body = await vigil.interactions.check({ drugs: ['Propulsid', 'clarithromycin', 'warfarin'] });
    expect(body.resolutions[0].usMarket).toEqual([expect.objectContaining({ ingredientId: 'cisapride', status: 'withdrawn', year: 2000 })]);
    expect(body.resolutions[1].usMarket).toBeUndefined();
    expect(body.interactions.some((f) => f.severity === 'contraindicated' && f.participants.map((p) => p.ingredientId).includes('cisapride'))).toBe(true);
    expect(body.warnings).toContainEqual(expect.objectContaining({ code: 'no_longer_marketed', indexes: [0], message: expect.stringContaining('cisapride: withdrawn in 2000 (') }));
    expect(body.summary.complete).toBe(true);
  });

  it.each([
    ['no drugs', { drugs: [] }, '/drugs'],
    ['unknown route', { drugs: ['warfarin', { name: 'ketoconazole', route: 'rectal' }] }, '/drugs/1/route'],
    ['stoppedOn in the future', { drugs: ['warfarin', { name: 'aspirin', stoppedOn: '2999-01-01' }] }, '/drugs/1/stoppedOn'],
    ['proposed and stopped', { drugs: ['warfarin', { name: 'aspirin', proposed: true, stoppedOn: '2026-01-01' }] }, '/drugs/1/stoppedOn'],
    ['101 drugs', { drugs: Array(101).fill('aspirin') }, '/drugs'],
    ['empty string', { drugs: ['warfarin', ''] }, '/drugs/1'],
    ['wrong type', { drugs: ['warfarin', 42] }, '/drugs/1'],
    ['two identifiers', { drugs: ['warfarin', { name: 'x', rxcui: '1' }] }, '/drugs/1'],
    ['proposed not a boolean', { drugs: ['warfarin', { name: 'aspirin', proposed: 'yes' }] }, '/drugs/1/proposed'],
    ['unknown option', { drugs: ['a', 'b'], options: { colour: 'red' } }, '/options/colour'],
  ])('400 validation_failed: %s', async (_n, body, pointer) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it('400 invalid_json, 413 payload_too_large, 415 unsupported_media_type', async () => {
    const bad = await check('{"drugs": [');
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'invalid_json']);
    const big = await check({ drugs: ['a', 'b'], pad: 'x'.repeat(70 * 1024) });
    expect([big.status, (await big.json()).code]).toEqual([413, 'payload_too_large']);
    const text = await check('warfarin, ibuprofen', { 'content-type': 'text/plain' });
    expect([text.status, (await text.json()).code]).toEqual([415, 'unsupported_media_type']);
  });

  it('GET /v1/drugs/search ranks prefix matches over generics and brands', async () => {
    const body = await vigil.drugs.search('lipi', { limit: 5 });
    expect(body.results[0]).toMatchObject({ ingredientIds: ['atorvastatin'] });
    const bad = await vigil.drugs.search('', { limit: 500 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(VigilProblemError);
    expect((bad as VigilProblemError).problem.errors?.map((e) => e.pointer).sort()).toEqual(['/limit', '/q']);
    const unknown = await fetch(`${api.url}/v1/drugs/search?q=war&sort=name`, { headers: { 'x-api-key': key } });
    expect([unknown.status, (await unknown.json()).errors[0]]).toEqual([400, expect.objectContaining({ pointer: '/sort', code: 'unknown_field' })]);
  });

  it('GET /v1/drugs/search reads the way people type: strength and form text ignored, common drugs first, one hit shape', async () => {
    // The check accepts "warfarin 5 mg"; so does search.
    expect((await vigil.drugs.search('warfarin 5 mg')).results[0]).toMatchObject({ id: 'warfarin', match: 'exact', ingredients: [{ id: 'warfarin', name: 'warfarin' }] });
    expect((await vigil.drugs.search('Ibuprofen 400 MG Oral Tablet')).results[0]).toMatchObject({ id: 'ibuprofen' });
    expect((await vigil.drugs.search('sim', { limit: 3 })).results[0]).toMatchObject({ id: 'simvastatin' });
  });

  it('GET /v1/drugs/:id describes every search hit, ingredient or product, case-insensitively; unknown id is a 404 problem', async () => {
    expect(await vigil.drugs.get('warfarin')).toMatchObject({
      id: 'warfarin',
      kind: 'ingredient',
      ingredients: [{ id: 'warfarin', name: 'warfarin' }],
      brands: expect.arrayContaining(['Coumadin']),
      rules: { total: expect.any(Number) },
    });
    expect(await vigil.drugs.get('Warfarin')).toMatchObject({ id: 'warfarin' });
    for (const q of ['Tylenol #3', 'Vicodin', 'Zocor', 'Paxlovid']) {
      const [hit] = (await vigil.drugs.search(q)).results;
      const detail = await vigil.drugs.get(hit.id);
      expect([q, detail.id, detail.ingredients.map((i) => i.id).sort()]).toEqual([q, hit.id, [...hit.ingredientIds].sort()]);
    }
    const product = await vigil.drugs.get('tylenol-3');
    expect(product).toMatchObject({ kind: 'product', name: 'Tylenol #3', rxcui: null });
    // A product's roles are its ingredients' together.
    const codeine = await vigil.drugs.get('codeine');
    expect(codeine.enzymeRoles.length).toBeGreaterThan(0);
    expect(product.enzymeRoles).toEqual(expect.arrayContaining(codeine.enzymeRoles));
    await expect(vigil.drugs.get('nope')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('GET /v1/drugs/search and /v1/drugs/:id say what a check would: reviewed or names-only, and US market status', async () => {
    expect(await vigil.drugs.get('warfarin')).toMatchObject({ coverage: 'reviewed' });
    expect((await vigil.drugs.get('warfarin')).usMarket).toBeUndefined();
    expect(await vigil.drugs.get('tylenol-3')).toMatchObject({ kind: 'product', coverage: 'reviewed' });
    const [propulsid] = (await vigil.drugs.search('Propulsid')).results;
    expect(propulsid).toMatchObject({ id: 'cisapride', coverage: 'reviewed', usMarket: [expect.objectContaining({ ingredientId: 'cisapride', status: 'withdrawn', year: 2000 })] });
    expect(await vigil.drugs.get('cisapride')).toMatchObject({ usMarket: [expect.objectContaining({ status: 'withdrawn', citations: expect.any(Array) })] });
    const [selenium] = (await vigil.drugs.search('selenious acid')).results;
    expect(selenium).toMatchObject({ coverage: 'names-only' });
    expect(await vigil.drugs.get(selenium.id)).toMatchObject({ coverage: 'names-only', rules: { total: 0 } });
  });

  it('GET /v1/kb names the version, counts and sources', async () => {
    const body = await vigil.kb.get();
    expect(body).toMatchObject({ version: expect.stringMatching(/^curated-/), counts: { ingredients: expect.any(Number), rules: expect.any(Number) } });
    expect(body.counts.rules).toBeGreaterThanOrEqual(400);
    // Each source says whether its licence allows commercial use (the curated pack does).
    expect(body.sources).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'vigil-curated', nonCommercial: false })]));
  });

  it('GET /v1/key describes the calling key through the client, never the key itself', async () => {
    const d = await vigil.key.describe();
    expect(d.scopes).toEqual(['cds:invoke', 'drugs:read', 'interactions:check', 'kb:read']);
    expect(JSON.stringify(d)).not.toContain(key);
    expect(api.conformance.checked).toBeGreaterThan(20);
  });
});
