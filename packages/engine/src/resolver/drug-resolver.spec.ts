import { fixtureKb } from '../../test-fixtures/fixture-kb';
import type { DrugInput } from '../model/drug-input.model';
import { DrugResolver, plausibleTypo } from './drug-resolver';

const kb = fixtureKb();
const resolver = new DrugResolver(kb);

describe('DrugResolver', () => {
  it.each<[DrugInput, string, string[], boolean]>([
    ['warfarin', 'exact', ['warfarin'], false],
    ['  WARFARIN ', 'exact', ['warfarin'], false],
    ['Coumadin 5 mg', 'brand', ['warfarin'], false],
    ['coumadin', 'brand', ['warfarin'], false],
    ['Lipitor 20 mg tablet', 'brand', ['atorvastatin'], false],
    ['metoprolol succinate ER 25mg', 'salt', ['metoprolol'], false],
    ['Toprol XL 50 mg', 'brand', ['metoprolol'], false],
    ['Toprol', 'brand', ['metoprolol'], false],
    ['warfarin sodium', 'salt', ['warfarin'], false],
    ['atorvastatin calcium 40 mg', 'salt', ['atorvastatin'], false],
    ['clavulanate', 'salt', ['clavulanic-acid'], false],
    ['phenelzine sulphate', 'salt', ['phenelzine'], false],
    ['paracetamol', 'synonym', ['acetaminophen'], false],
    ['Paracétamol 500 mg', 'synonym', ['acetaminophen'], false],
    ['APAP', 'synonym', ['acetaminophen'], false],
    ['salbutamol', 'synonym', ['albuterol'], false],
    ['acetylsalicylic acid', 'synonym', ['aspirin'], false],
    ['HCTZ 25', 'synonym', ['hydrochlorothiazide'], false],
    ['Ventolin HFA', 'brand', ['albuterol'], false],
    ['insulin glargine 100 units/ml pen', 'exact', ['insulin-glargine'], false],
    ['insulin-glargine', 'exact', ['insulin-glargine'], false],
    ['Vicodin', 'brand', ['hydrocodone', 'acetaminophen'], false],
    ['Norco 5/325', 'brand', ['hydrocodone', 'acetaminophen'], false],
    ['Augmentin 875 mg', 'brand', ['amoxicillin', 'clavulanic-acid'], false],
    ['Bactrim DS', 'brand', ['sulfamethoxazole', 'trimethoprim'], false],
    ['hydrocodone/acetaminophen', 'exact', ['hydrocodone', 'acetaminophen'], false],
    ['hydrocodone bitartrate / APAP 5-325', 'salt', ['hydrocodone', 'acetaminophen'], false],
    ['amoxicillin-clavulanate', 'salt', ['amoxicillin', 'clavulanic-acid'], false],
    ['lisinopril and hydrochlorothiazide', 'exact', ['lisinopril', 'hydrochlorothiazide'], false],
    ['sulfamethoxazole + trimethoprim 800/160', 'exact', ['sulfamethoxazole', 'trimethoprim'], false],
    ['warfarin and aspirin', 'exact', ['warfarin', 'aspirin'], true],
    ['11289', 'code', ['warfarin'], false],
    ['rxcui:11289', 'code', ['warfarin'], false],
    ['B01AA03', 'code', ['warfarin'], false],
    [{ rxcui: '11289' }, 'code', ['warfarin'], false],
    [{ atc: 'c10aa05' }, 'code', ['atorvastatin'], false],
    [{ name: 'Coumadin', rxcui: '999999' }, 'brand', ['warfarin'], false],
  ])('resolves %j by %s to %j', (input, method, ingredients, split) => {
    const r = resolver.resolve(input);
    expect(r).toMatchObject({ status: 'resolved', method, confidence: 1 });
    expect(r.ingredients.map((i) => i.id)).toEqual(ingredients);
    expect(r.split ?? false).toBe(split);
  });

  it.each([
    ['warfrin', 'warfarin'],
    ['ibuprophen', 'ibuprofen'],
    ['simvastatine', 'simvastatin'],
    ['lisinopirl', 'lisinopril'],
    ['Coumadine 5 mg', 'warfarin'],
    ['hydrocodone/acetaminophn', 'hydrocodone'],
  ])('corrects the misspelling %j to %s, with a confidence below 1', (input, id) => {
    const r = resolver.resolve(input);
    expect(r).toMatchObject({ status: 'resolved', method: 'fuzzy' });
    expect(r.confidence).toBeGreaterThan(0.6);
    expect(r.confidence).toBeLessThan(1);
    expect(r.ingredients.map((i) => i.id)).toContain(id);
  });

  it.each<[string, 'unresolved' | 'ambiguous', string]>([
    // Never silently a different drug:
    ['Tazocin', 'unresolved', 'pentazocine'],
    ['prednisolone', 'unresolved', 'prednisone'],
    ['escitalopram', 'unresolved', 'citalopram'],
    ['Tylenol PM', 'unresolved', 'acetaminophen'],
    ['zanax', 'unresolved', 'alprazolam'],
    ['saxagliptin', 'unresolved', ''],
    ['insulin', 'ambiguous', 'insulin glargine'],
    ['C10AA', 'ambiguous', 'atorvastatin'],
    ['qwertyuiop', 'unresolved', ''],
    ['xy', 'unresolved', ''],
    ['', 'unresolved', ''],
    ['12345-678-90', 'unresolved', ''],
    ['999999', 'unresolved', ''],
    ['warfarin / qwertyuiop', 'unresolved', ''],
  ])('does not resolve %j (%s), suggesting %s', (input, status, suggestion) => {
    const r = resolver.resolve(input);
    expect(r.status).toBe(status);
    expect(r.ingredients).toEqual([]);
    expect(r.method).toBeUndefined();
    expect(r.reason).toBeTruthy();
    if (suggestion) expect(r.suggestions?.map((s) => s.name)).toContain(suggestion);
    for (const s of r.suggestions ?? []) expect(s.score).toBeLessThanOrEqual(1);
  });

  it('is ambiguous when two drugs are equally close', () => {
    const r = new DrugResolver(fixtureKbWithProduct('Zantax', ['ranitidine', 'acetaminophen'])).resolve('Zantaz');
    expect(r).toMatchObject({ status: 'ambiguous', ingredients: [] });
    expect(r.suggestions!.map((s) => s.matched ?? s.name).sort()).toEqual(['Zantac', 'Zantax']);
  });

  it.each([
    ['clidinium', 'aclidinium', 1, false],
    ['ulobetasol', 'clobetasol', 1, false],
    ['5aminosalicylicacid', 'aminosalicylicacid', 1, false],
    ['tylenolpm', 'tylenol', 2, false],
    ['saxagliptin', 'sitagliptin', 2, false],
    ['streptozocin', 'streptomycin', 2, false],
    ['prednisolone', 'prednisone', 2, false],
    ['warfrin', 'warfarin', 1, true],
    ['ibuprophen', 'ibuprofen', 2, true],
    ['esmoprazole', 'esomeprazole', 2, true],
  ])('plausibleTypo(%j, %j, %i) = %s', (query, key, d, expected) => {
    expect(plausibleTypo(query, key, d)).toBe(expected);
  });

  it('ranks suggestions by score', () => {
    const r = resolver.resolve('zanax');
    const scores = r.suggestions!.map((s) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(r.suggestions![0]).toMatchObject({ name: 'alprazolam', matched: 'Xanax' });
  });

  it('resolves Tazocin when the knowledge base lists it as a product', () => {
    const doc = kb.ingredients.length;
    expect(doc).toBeGreaterThan(0);
    const withTazocin = fixtureKbWithProduct('Tazocin', ['pentazocine', 'acetaminophen']);
    expect(new DrugResolver(withTazocin).resolve('Tazocin')).toMatchObject({ status: 'resolved', method: 'brand', product: 'Tazocin' });
  });

  it('blocks spelling correction onto a knowledge-base drug when the input is a known other drug', () => {
    const guarded = fixtureKbWithOtherNames(['Warfarine-X', 'simvastatine']);
    const r = new DrugResolver(guarded).resolve('simvastatine');
    expect(r.status).toBe('unresolved');
    expect(r.reason).toMatch(/does not cover/);
  });

  it('echoes the client id and index, reports the matched name and rxcui', () => {
    const [a, b] = resolver.resolveAll([{ id: 'med-1', name: 'Coumadin 5 mg' }, 'Vicodin']);
    expect(a).toMatchObject({ index: 0, id: 'med-1', input: 'Coumadin 5 mg', matched: 'Coumadin', ingredients: [{ id: 'warfarin', name: 'warfarin', rxcui: '11289' }] });
    expect(b).toMatchObject({ index: 1, product: 'Vicodin' });
  });

  it('resolves a 100-drug list well under 5 ms', () => {
    const names = kb.ingredients.map((i, k) => (k % 2 ? `${i.brands[0] ?? i.name} 10 mg tablet` : i.name));
    const list = Array.from({ length: 100 }, (_, k) => names[k % names.length]);
    for (let i = 0; i < 20; i++) resolver.resolveAll(list);
    const t = performance.now();
    for (let i = 0; i < 50; i++) resolver.resolveAll(list);
    expect((performance.now() - t) / 50).toBeLessThan(5);
  });
});

import { KnowledgeBase } from '../kb/knowledge-base';
import { fixtureDoc } from '../../test-fixtures/fixture-kb';

function fixtureKbWithProduct(name: string, ingredients: string[]): KnowledgeBase {
  const doc = fixtureDoc();
  doc.products.push({ id: name.toLowerCase(), name, ingredients, sourceId: 'vigil-curated' });
  return new KnowledgeBase(doc);
}

function fixtureKbWithOtherNames(names: string[]): KnowledgeBase {
  const doc = fixtureDoc();
  doc.otherNames = names;
  return new KnowledgeBase(doc);
}
