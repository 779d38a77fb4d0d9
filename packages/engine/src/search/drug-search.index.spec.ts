import { join } from 'node:path';
import { fixtureKb } from '../../test-fixtures/fixture-kb';
import { loadCuratedKb } from '../kb/kb.loader';
import { DrugSearchIndex } from './drug-search.index';

const kb = fixtureKb();
const index = new DrugSearchIndex(kb);

describe('DrugSearchIndex', () => {
  it.each<[string, string, string, string, string]>([
    // query, first hit id, matched name, kind, match
    ['warfarin', 'warfarin', 'warfarin', 'generic', 'exact'],
    ['Coumadin', 'warfarin', 'Coumadin', 'brand', 'exact'],
    ['coum', 'warfarin', 'Coumadin', 'brand', 'prefix'],
    ['para', 'acetaminophen', 'paracetamol', 'synonym', 'prefix'],
    ['glargine', 'insulin-glargine', 'insulin glargine', 'generic', 'word-prefix'],
    ['vico', 'vicodin', 'Vicodin', 'product', 'prefix'],
    ['warfrin', 'warfarin', 'warfarin', 'generic', 'fuzzy'],
    ['metoprolol succ', 'metoprolol', 'metoprolol succinate', 'salt', 'prefix'],
    ['depo-', 'x', 'x', 'x', 'x'],
  ])('search(%j) → %s via %s (%s, %s)', (query, id, matched, kind, match) => {
    const hits = index.search(query);
    if (id === 'x') {
      expect(hits).toEqual([]);
      return;
    }
    expect(hits[0]).toMatchObject({ id, matched, kind, match });
  });

  it('ranks exact > prefix > fuzzy, generic and shorter names first, one hit per drug', () => {
    const hits = index.search('insulin');
    expect(hits.map((h) => h.name)).toEqual(['insulin lispro', 'insulin glargine']);
    const met = index.search('met');
    expect(met[0]).toMatchObject({ name: 'metoprolol', kind: 'generic', match: 'prefix' });
    expect(new Set(met.map((h) => h.id)).size).toBe(met.length);
    const z = index.search('z');
    // Equal tier and kind: the drug with more rules first (sertraline's class rules), then shorter names.
    expect(z.map((h) => h.matched).slice(0, 3)).toEqual(['Zoloft', 'Zocor', 'Zofran']);
  });

  it('returns ingredient ids for products and single ingredients', () => {
    expect(index.search('Vicodin')[0]).toMatchObject({ id: 'vicodin', ingredientIds: ['hydrocodone', 'acetaminophen'], name: 'Vicodin' });
    expect(index.search('Coumadin')[0]).toMatchObject({ ingredientId: 'warfarin', ingredientIds: ['warfarin'], name: 'warfarin' });
  });

  it('respects the limit and handles empty queries', () => {
    expect(index.search('a', { limit: 2 })).toHaveLength(2);
    expect(index.search('   ')).toEqual([]);
    expect(index.search('!!!')).toEqual([]);
  });

  it('describes an ingredient', () => {
    expect(index.describeIngredient('warfarin')).toMatchObject({
      ingredient: { id: 'warfarin', brands: ['Coumadin', 'Jantoven'], synonyms: ['coumafene'] },
      classes: [{ id: 'anticoagulants', name: 'Anticoagulants' }],
      directRuleCount: 2,
      ruleCount: 3,
    });
    expect(index.describeIngredient('sertraline')!.classes.map((c) => c.id)).toEqual(['ssris', 'serotonergic-drugs']);
    expect(index.describeIngredient('acetaminophen')!.products.map((p) => p.name)).toEqual(['Norco', 'Percocet', 'Vicodin']);
    expect(index.describeIngredient('nope')).toBeUndefined();
  });
});

import { KnowledgeBase } from '../kb/knowledge-base';
import { fixtureDoc } from '../../test-fixtures/fixture-kb';
import type { KbIngredient } from '../model/compiled-kb.model';

describe('DrugSearchIndex and the resolver name facts', () => {
  const ing = (id: string, names: Partial<Pick<KbIngredient, 'salts' | 'brands'>> = {}): KbIngredient => ({
    id,
    name: id,
    atc: [],
    synonyms: [],
    salts: [],
    brands: [],
    roles: [],
    risks: [],
    sourceId: 'vigil-curated',
    ...names,
  });
  const doc = fixtureDoc();
  doc.ingredients.push(ing('famotidine', { brands: ['Pepcid'] }), ing('morphine', { salts: ['morphine sulfate'] }), ing('inulin'), ing('hydroxyzine'));
  const safe = new DrugSearchIndex(new KnowledgeBase(doc));

  it.each<[string, string[]]>([
    // A changed brand lists the current ingredient and the historic one.
    ['Zantac', ['famotidine', 'ranitidine']],
    ['Zantac 360', ['famotidine']],
    // Abbreviations.
    ['MSO4', ['morphine']],
    // A family lists its members before any look-alike spelling ("inulin").
    ['insulin', ['insulin lispro', 'insulin glargine']],
  ])('search(%j) starts with %j', (query, names) => {
    expect(
      safe
        .search(query)
        .map((h) => h.name)
        .slice(0, names.length),
    ).toEqual(names);
  });

  it('puts the names confused with an exact look-alike name last', () => {
    const hits = safe.search('hydroxyzin').map((h) => h.name);
    expect(hits[0]).toBe('hydroxyzine');
    const insulin = safe.search('insulin').map((h) => h.name);
    expect(insulin.indexOf('inulin')).toBeGreaterThan(insulin.indexOf('insulin glargine'));
  });
});

describe('DrugSearchIndex over the curated pack: the way people type', () => {
  const curated = new DrugSearchIndex(loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') }));

  it.each<[string, string, string]>([
    // Strength, dose form, route and sig text are ignored as the resolver ignores them.
    ['warfarin 5 mg', 'warfarin', 'exact'],
    ['Ibuprofen 400 MG Oral Tablet', 'ibuprofen', 'exact'],
    ['metoprolol succinate ER 25mg', 'metoprolol', 'exact'],
    ['lisinopril 10mg tab daily', 'lisinopril', 'exact'],
    ['Coumadin 5 mg', 'warfarin', 'exact'],
    ['amoxicillin 500', 'amoxicillin', 'exact'],
    // A number that is part of a name still matches as typed.
    ['Tylenol #3', 'tylenol-3', 'exact'],
  ])('search(%j) starts with %s (%s)', (query, id, match) => {
    expect(curated.search(query)[0]).toMatchObject({ id, match });
  });

  it.each<[string, string, string[]]>([
    // Prefix on a common drug before prefix on a rare one.
    ['sim', 'simvastatin', ['simeprevir', 'simethicone']],
    ['ator', 'atorvastatin', []],
    ['hydro', 'hydrocodone', ['hydroxyurea']],
  ])('search(%j) ranks the common %s first (among common drugs, the one with more rules)', (query, first, later) => {
    const names = curated.search(query, { limit: 50 }).map((h) => h.id);
    expect(names[0]).toBe(first);
    for (const rare of later) if (names.includes(rare)) expect(names.indexOf(rare)).toBeGreaterThan(names.indexOf(first));
  });

  // Two common drugs share the prefix: which comes first follows their rule counts (no prescription-volume ranking
  // ships), so only their place before the rare topical one is fixed.
  it('search("pred") lists prednisone and prednisolone, both common, before prednicarbate', () => {
    const names = curated.search('pred', { limit: 50 }).map((h) => h.id);
    expect(names.slice(0, 2).sort()).toEqual(['prednisolone', 'prednisone']);
    expect(names.indexOf('prednicarbate')).toBeGreaterThan(1);
  });

  it('gives every hit the same shape: what matched, the display name and the ingredients with their names', () => {
    const [product] = curated.search('Tylenol #3');
    expect(product).toMatchObject({
      id: 'tylenol-3',
      kind: 'product',
      ingredients: expect.arrayContaining([
        { id: 'acetaminophen', name: 'acetaminophen' },
        { id: 'codeine', name: 'codeine' },
      ]),
    });
    const [brand] = curated.search('Zocor');
    expect(brand).toMatchObject({ id: 'simvastatin', ingredientId: 'simvastatin', kind: 'brand', matched: 'Zocor', ingredients: [{ id: 'simvastatin', name: 'simvastatin' }] });
  });
});

describe('DrugSearchIndex on the curated pack: each hit says what a check would say of its depth', () => {
  const curated = new DrugSearchIndex(loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') }));

  it.each<[string, string, string, string | undefined]>([
    // query, first hit, coverage, US market status
    ['warfarin', 'warfarin', 'reviewed', undefined],
    ['Propulsid', 'cisapride', 'reviewed', 'withdrawn'],
    ['Vioxx', 'rofecoxib', 'reviewed', 'withdrawn'],
    ['Tylenol #3', 'tylenol-3', 'reviewed', undefined],
  ])('search(%j) → %s: coverage %s, usMarket %s', (query, id, coverage, status) => {
    const [hit] = curated.search(query);
    expect(hit).toMatchObject({ id, coverage });
    expect(hit.usMarket?.map((m) => m.status)[0]).toBe(status);
  });

  it('marks a drug known by name only names-only, as the check does', () => {
    const [hit] = curated.search('selenious acid');
    expect(hit).toMatchObject({ id: 'selenious-acid', coverage: 'names-only' });
    expect(hit.usMarket).toBeUndefined();
  });
});
