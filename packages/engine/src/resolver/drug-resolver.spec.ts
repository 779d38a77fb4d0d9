import { fixtureKb } from '../../test-fixtures/fixture-kb';
import type { DrugInput } from '../model/drug-input.model';
import { DrugResolver, plausibleTypo, segmentations } from './drug-resolver';

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

  // Its speed is measured by the benchmarks (`npm run bench`, the 100-drug check), not asserted here.
  it('resolves a 100-drug list of names and "brand 10 mg tablet" forms as it resolves each alone, in order', () => {
    const names = kb.ingredients.map((i, k) => (k % 2 && i.brands[0] ? `${i.brands[0]} 10 mg tablet` : i.name));
    const list = Array.from({ length: 100 }, (_, k) => names[k % names.length]);
    const out = resolver.resolveAll(list);
    expect(out.map((r) => r.index)).toEqual(list.map((_, k) => k));
    expect(out.map((r) => [r.status, r.ingredients.map((i) => i.id)])).toEqual(
      list.map((n) => new DrugResolver(kb).resolve(n)).map((r) => [r.status, r.ingredients.map((i) => i.id)]),
    );
    expect(out.filter((r) => r.status === 'resolved').length).toBeGreaterThan(90);
  });

  it('refuses spelling correction for a guarded name with a number, whole ("1-proponol" is not propofol through "proponol")', () => {
    const guarded = fixtureKbWithOtherNames(['1-warfarine']);
    expect(new DrugResolver(guarded).resolve('1-warfarine').status).toBe('unresolved');
    expect(new DrugResolver(guarded).resolve('warfarine')).toMatchObject({ status: 'resolved', method: 'fuzzy', ingredients: [{ id: 'warfarin' }] });
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

// ---------------------------------------------------------------------------------------------------------------
// Issue 11 item 6: name resolution that cannot hurt anyone. A knowledge base with the names that caused harm.

import { join } from 'node:path';
import type { KbClass, KbIngredient } from '../model/compiled-kb.model';
import { InteractionEngine } from '../engine/interaction.engine';
import { buildKnowledgeBase, loadCuratedKb, readCompiledKb } from '../kb/kb.loader';
import { distinguishingQualifier } from './drug-resolver';

function ingredient(id: string, names: Partial<Pick<KbIngredient, 'name' | 'synonyms' | 'salts' | 'brands'>> = {}, sourceId = 'vigil-curated'): KbIngredient {
  return { id, name: id.replace(/-/g, ' '), atc: [], synonyms: [], salts: [], brands: [], roles: [], risks: [], sourceId, ...names };
}

function kbClass(id: string, members: string[]): KbClass {
  return { id, name: id, directMembers: members, includes: [], members: [...members].sort(), duplicateTherapy: false, severityForDuplicate: 'moderate', sourceId: 'vigil-curated' };
}

/** The fixture plus the drugs whose names were mis-resolved, and "inulin" as a merged source adds it. */
function safetyDoc() {
  const doc = fixtureDoc();
  doc.ingredients.push(
    ingredient('penicillin-v', { name: 'penicillin V', synonyms: ['penicillin VK'], salts: ['penicillin V potassium'] }),
    ingredient('famotidine', { brands: ['Pepcid'] }),
    ingredient('hydroxyzine', { brands: ['Vistaril'] }),
    ingredient('hydralazine'),
    ingredient('morphine', { salts: ['morphine sulfate'] }),
    ingredient('hydromorphone', { brands: ['Dilaudid'] }),
    ingredient('iron', { salts: ['ferrous sulfate'] }),
    ingredient('magnesium', { salts: ['magnesium oxide', 'magnesium hydroxide'] }),
    ingredient('cyanocobalamin', { synonyms: ['vitamin B12'] }),
    ingredient('vitamin-e', { name: 'vitamin E', synonyms: ['d-alpha-tocopherol'] }),
    ingredient('cholecalciferol', { synonyms: ['vitamin D3'] }),
    ingredient('ergocalciferol', { synonyms: ['vitamin D2'] }),
    ingredient('estradiol', { brands: ['Estrace'] }),
    ingredient('esterified-estrogens', { synonyms: ['estrogens'], brands: ['Menest'] }),
    ingredient('methylprednisolone', { brands: ['Medrol'] }),
    ingredient('nitroglycerin', { synonyms: ['NTG'] }),
    ingredient('theophylline', { brands: ['Theo-24', 'Theo'] }),
    ingredient('inulin', {}, 'ddinter'),
  );
  doc.classes.push(
    kbClass('insulins', ['insulin-glargine', 'insulin-lispro']),
    kbClass('estrogens', ['estradiol', 'esterified-estrogens']),
    kbClass('systemic-corticosteroids', ['prednisone']),
  );
  return doc;
}

describe('DrugResolver: never one real drug into another', () => {
  const safe = new DrugResolver(new KnowledgeBase(safetyDoc()));

  it.each<[string, string[], string]>([
    // A distinguishing letter, number or salt is not a typo.
    ['penicillin G', ['penicillin V'], 'G'],
    ['penicillin G potassium', ['penicillin V'], 'G'],
    ['Penicillin G Potassium 5 million units', ['penicillin V'], 'G'],
    // A look-alike name the knowledge base lacks is not corrected onto its partner.
    ['prednisolne', ['prednisone'], 'look-alike'],
    // Never onto a name of four letters: "threo" (as in threo-ephedrine) is not Theo.
    ['threo', ['theophylline'], 'short target'],
  ])('does not correct %j (suggests %j, because of %s)', (input, suggested) => {
    const r = safe.resolve(input);
    expect(r.status).not.toBe('resolved');
    expect(r.ingredients).toEqual([]);
    expect(r.reason).toBeTruthy();
    expect(r.suggestions!.map((s) => s.name)).toEqual(expect.arrayContaining(suggested));
  });

  it.each<[string, string]>([
    ['penicilin V', 'penicillin-v'],
    ['penicillin V potasium', 'penicillin-v'],
    ['warfrin', 'warfarin'],
    ['metoprolol sucinate', 'metoprolol'],
    ['hydroxizine', 'hydroxyzine'],
    ['hydralazne', 'hydralazine'],
    ['hydromorphne', 'hydromorphone'],
    ['famotadine', 'famotidine'],
  ])('still corrects the plain misspelling %j to %s', (input, id) => {
    const r = safe.resolve(input);
    expect(r).toMatchObject({ status: 'resolved', method: 'fuzzy' });
    expect(r.ingredients.map((i) => i.id)).toEqual([id]);
  });

  it.each<[string, string[]]>([
    // Family names: the family's members, never a fuzzy neighbour (inulin) and never one member (esterified estrogens).
    ['insulin', ['insulin glargine', 'insulin lispro']],
    ['Insulin 10 units', ['insulin glargine', 'insulin lispro']],
    ['estrogen', ['esterified estrogens', 'estradiol']],
    ['estrogens', ['esterified estrogens', 'estradiol']],
    ['vitamin D', ['cholecalciferol', 'ergocalciferol']],
    ['vitamin D 1000 units daily', ['cholecalciferol', 'ergocalciferol']],
    ['statins', ['atorvastatin', 'simvastatin']],
    ['NSAID', ['ibuprofen', 'naproxen']],
    ['steroid', ['prednisone']],
    ['PCN', ['penicillin V']],
    // Brands whose product changed: never silently the historic ingredient.
    ['Zantac', ['famotidine', 'ranitidine']],
    ['Zantac 150 mg', ['famotidine', 'ranitidine']],
    // Parts that disagree.
    ['Lipitor (simvastatin) 20 mg', ['atorvastatin', 'simvastatin']],
  ])('%j is ambiguous with %j first', (input, members) => {
    const r = safe.resolve(input);
    expect(r).toMatchObject({ status: 'ambiguous', ingredients: [] });
    expect(r.reason).toBeTruthy();
    const names = r.suggestions!.map((s) => s.name);
    expect(names.slice(0, members.length).sort()).toEqual([...members].sort());
    expect(names).not.toContain('inulin');
  });

  it.each<[string, string, string[]]>([
    ['Zantac 360', 'brand', ['famotidine']],
    ['Zantac 360 20 mg tablet', 'brand', ['famotidine']],
    // Pharmacy abbreviations.
    ['MSO4 15 mg', 'synonym', ['morphine']],
    ['MS04', 'synonym', ['morphine']],
    ['FeSO4 325 mg daily', 'synonym', ['iron']],
    ['MgO 400 mg', 'synonym', ['magnesium']],
    ['B12 1000 mcg', 'synonym', ['cyanocobalamin']],
    ['NTG 0.4 mg SL', 'synonym', ['nitroglycerin']],
    ['DL-alpha-Tocopherol', 'synonym', ['vitamin-e']],
    // Directions, devices and packs.
    ['simvastatin 20 mg daily with supper', 'exact', ['simvastatin']],
    ['simvastatin 20 mg po at bedtime', 'exact', ['simvastatin']],
    ['oxycodone 5 mg 1 tab po q6h prn for pain', 'exact', ['oxycodone']],
    ['lisinopril 10 mg 1 tab po qhs', 'exact', ['lisinopril']],
    ['metoprolol 25 mg twice a day', 'exact', ['metoprolol']],
    ['nitroglycerin 0.4 mg SL', 'exact', ['nitroglycerin']],
    ['Medrol Dosepak', 'brand', ['methylprednisolone']],
    ['methylprednisolone 4 mg dose pack', 'exact', ['methylprednisolone']],
    ['Humalog KwikPen U-100', 'brand', ['insulin-lispro']],
    ['Lantus Solostar 100 units/ml', 'brand', ['insulin-glargine']],
    ['Coumadin starter pack', 'brand', ['warfarin']],
    // Brand (generic).
    ['Lipitor (atorvastatin) 20 mg', 'brand', ['atorvastatin']],
    ['Lipitor (atorvastatin calcium) 20 mg daily with supper', 'brand', ['atorvastatin']],
    ['atorvastatin (Lipitor) 20 mg', 'exact', ['atorvastatin']],
    ['lisinopril 10 mg (for BP)', 'exact', ['lisinopril']],
    ['Zantac (famotidine)', 'exact', ['famotidine']],
    ['Norco (hydrocodone/APAP) 5/325', 'brand', ['hydrocodone', 'acetaminophen']],
  ])('resolves %j by %s to %j', (input, method, ids) => {
    const r = safe.resolve(input);
    expect(r).toMatchObject({ status: 'resolved', method, confidence: 1 });
    expect(r.ingredients.map((i) => i.id)).toEqual(ids);
  });

  it.each([
    // A chemical name's parentheses are not an aside, and a corrected aside never decides alone.
    '(S)-warfarin-like compound',
    'Pegylated carboxyhemoglobin (bovine)',
    'Molybdenum (as sodium)',
  ])('does not read %j as "Brand (generic)"', (input) => {
    expect(safe.resolve(input).status).not.toBe('resolved');
  });

  it('never ranks a look-alike above the other suggestions of an exact look-alike name', () => {
    const r = safe.resolve('hydroxyurea');
    expect(r.status).toBe('unresolved');
    const names = r.suggestions!.map((s) => s.name);
    expect(names.at(-1)).toBe('hydroxyzine');
    expect(r.suggestions!.at(-1)!.score).toBeLessThan(Math.min(0.5, ...r.suggestions!.slice(0, -1).map((s) => s.score)));
  });

  it('reports an incomplete check for "insulin" after a merged source adds inulin', () => {
    const check = new InteractionEngine().check(new KnowledgeBase(safetyDoc()), ['insulin', 'metoprolol']);
    expect(check.summary.complete).toBe(false);
    expect(check.resolutions[0]).toMatchObject({ status: 'ambiguous', ingredients: [] });
  });

  it.each<[string[], string[], string | undefined]>([
    [['penicillin', 'g'], ['penicillin', 'v'], 'g'],
    [['penicillin', 'g', 'potassium'], ['penicillin', 'v', 'potassium'], 'g'],
    [['penicillin'], ['penicillin', 'v'], 'v'],
    [['vitamin', 'b6'], ['vitamin', 'b12'], 'b6'],
    [['diclofenac', 'potassium'], ['diclofenac', 'sodium'], 'potassium'],
    [['metoprolol', 'sucinate'], ['metoprolol', 'succinate'], undefined],
    [['metoprolol', 'succinat'], ['metoprolol', 'succinate'], undefined],
    [['warfrin'], ['warfarin'], undefined],
    [['penicilin', 'v'], ['penicillin', 'v'], undefined],
    [['kdurr'], ['k', 'dur'], undefined],
    [['nrc', 'an'], ['narcan'], 'an'],
    [['humulin', 'n'], ['humulin', 'r'], 'n'],
  ])('distinguishingQualifier(%j, %j) = %j', (query, candidate, expected) => {
    expect(distinguishingQualifier(query, candidate)).toBe(expected);
  });
});

describe('DrugResolver on the curated knowledge base', () => {
  const curatedPath = join(__dirname, '..', '..', 'dist', 'kb', 'curated.json');
  const curated = loadCuratedKb({ path: curatedPath });
  const real = new DrugResolver(curated);

  it.each<[string, string[]]>([
    ['penicillin G', ['penicillin-g']],
    ['penicillin G potassium', ['penicillin-g']],
    ['benzylpenicillin', ['penicillin-g']],
    ['Bicillin L-A', ['penicillin-g']],
    ['penicillin VK 500 mg', ['penicillin-v']],
    ['Zantac 360', ['famotidine']],
    ['potassium iodide', ['potassium-iodide']],
    ['SSKI', ['potassium-iodide']],
    ['potassium chloride ER 20 mEq', ['potassium']],
    ['Sudafed PE', ['phenylephrine']],
    ['Sudafed', ['pseudoephedrine']],
    ['Dulcolax stool softener', ['docusate']],
    ['Mucinex DM', ['guaifenesin', 'dextromethorphan']],
    ['Allegra-D', ['fexofenadine', 'pseudoephedrine']],
    ['MSO4', ['morphine']],
    ['FeSO4', ['iron']],
    ['MgO', ['magnesium']],
    ['B12', ['cyanocobalamin']],
    ['NTG', ['nitroglycerin']],
    ['HCTZ', ['hydrochlorothiazide']],
    ['APAP', ['acetaminophen']],
    ['ASA 81 mg', ['aspirin']],
    ['KCl 20 mEq', ['potassium']],
    ['MTX', ['methotrexate']],
    ['5-FU', ['fluorouracil']],
    ['INH', ['isoniazid']],
    ['ISMN', ['isosorbide-mononitrate']],
    ['ISDN', ['isosorbide-dinitrate']],
    ['TMP-SMX', ['trimethoprim', 'sulfamethoxazole']],
    ['PZA', ['pyrazinamide']],
    ['EMB', ['ethambutol']],
    ['CBZ', ['carbamazepine']],
    ['PHT', ['phenytoin']],
    ['NaHCO3 650 mg', ['sodium']],
    ['CaCO3', ['calcium']],
    ['NPH 10 units qHS', ['insulin-isophane']],
    ['amox/clav 875', ['amoxicillin', 'clavulanate']],
    ['amox-clav', ['amoxicillin', 'clavulanate']],
    ['pip/tazo', ['piperacillin', 'tazobactam']],
    ['pip-tazo 4.5 g', ['piperacillin', 'tazobactam']],
    // Inhaler device words ("Ellipta", "Neohaler", "Pressair", "Respimat"), written or left out.
    ['Anoro', ['umeclidinium', 'vilanterol']],
    ['Seebri Neohaler', ['glycopyrrolate']],
    ['Tudorza', ['aclidinium']],
    ['Spiriva Respimat 2.5 mcg', ['tiotropium']],
    ['Stiolto', ['tiotropium', 'olodaterol']],
    // A listed product written with spaces only.
    ['losartan HCTZ 50-12.5', ['losartan', 'hydrochlorothiazide']],
    ['sacubitril valsartan', ['sacubitril', 'valsartan']],
    ['fluticasone umeclidinium vilanterol', ['fluticasone', 'umeclidinium', 'vilanterol']],
    ['amlodipine and olmesartan medoxomil', ['amlodipine', 'olmesartan']],
    ['iron', ['iron']],
    ['potassium', ['potassium']],
    ['calcium', ['calcium']],
    ['magnesium', ['magnesium']],
    ['Humalog KwikPen', ['insulin-lispro']],
    ['Novolog FlexPen', ['insulin-aspart']],
    ['Lamictal starter pack', ['lamotrigine']],
    ['warfrin', ['warfarin']],
    ['metoprolol sucinate', ['metoprolol']],
    ['hydroxizine', ['hydroxyzine']],
    ['DL-alpha-Tocopherol', ['vitamin-e']],
    // Combinations Drugs@FDA lists as one string are read as their known parts, never as one names-only drug.
    ['conjugated estrogens/medroxyprogesterone', ['conjugated-estrogens', 'medroxyprogesterone']],
    ['alogliptin and metformin', ['alogliptin', 'metformin']],
    ['linagliptin and metformin', ['linagliptin', 'metformin']],
    ['cefadroxil', ['cefadroxil']],
    // Extended-release resin salts are the drug, not a names-only substance (codeine's opioid rules must reach them).
    ['codeine polistirex', ['codeine']],
    ['chlorpheniramine polistirex', ['chlorpheniramine']],
    // "A: B" between two known drug names is a combination, like "A / B" and "A; B".
    ['irbesartan: hydrochlorothiazide', ['irbesartan', 'hydrochlorothiazide']],
    ['irbesartan / hydrochlorothiazide', ['irbesartan', 'hydrochlorothiazide']],
    ['irbesartan; hydrochlorothiazide', ['irbesartan', 'hydrochlorothiazide']],
    ['Losartan Potassium: Hydrochlorothiazide', ['losartan', 'hydrochlorothiazide']],
    // ...but a colon before directions or a strength is not: the drug before it is the one meant.
    ['metoprolol tartrate: take 1 tablet', ['metoprolol']],
    ['lisinopril: 10 mg', ['lisinopril']],
    ['amlodipine: 5 mg daily', ['amlodipine']],
  ])('resolves %j to %j', (input, ids) => {
    const r = real.resolve(input);
    expect(r.status).toBe('resolved');
    expect(r.ingredients.map((i) => i.id)).toEqual(ids);
  });

  it.each(['insulin', 'estrogen', 'estrogens', 'vitamin D', 'steroid', 'penicillin', 'PCN', 'Zantac', 'Dulcolax', 'Maalox', 'Unisom'])(
    '%j is ambiguous, never one drug',
    (input) => {
      const r = real.resolve(input);
      expect(r.status).toBe('ambiguous');
      expect(r.suggestions!.length).toBeGreaterThan(1);
    },
  );

  it.each([
    ['hydroxyzine', 'hydralazine'],
    ['hydralazine', 'hydroxyzine'],
    ['hydromorphone', 'morphine'],
    ['morphine', 'hydromorphone'],
    ['clonidine', 'clonazepam'],
    ['Klonopin', 'clonidine'],
    ['Celebrex', 'citalopram'],
    ['Celexa', 'celecoxib'],
    ['Cerebyx', 'celecoxib'],
    ['Zyprexa', 'cetirizine'],
    ['Zyrtec', 'olanzapine'],
    ['Lamictal', 'terbinafine'],
    ['Lamisil', 'lamotrigine'],
    ['tramadol', 'trazodone'],
    ['trazodone', 'tramadol'],
    ['metformin', 'metronidazole'],
    ['metronidazole', 'metformin'],
  ])('never resolves the look-alike %j to %s', (input, other) => {
    const r = real.resolve(input);
    expect(r.ingredients.map((i) => i.id)).not.toContain(other);
  });

  // Two drug names typed on one line with no separator are not a product: suggestions, never a silent pair.
  it.each(['warfarin aspirin', 'aspirin clopidogrel', 'sertraline trazodone', 'emtricitabine tenofovir'])('%j (no listed product) is not resolved', (input) => {
    const r = real.resolve(input);
    expect(r.status).not.toBe('resolved');
  });

  it.each<[number, number, number[][]]>([
    [2, 3, [[0, 1, 2]]],
    [
      3,
      2,
      [
        [0, 1, 3],
        [0, 2, 3],
      ],
    ],
    [
      3,
      3,
      [
        [0, 1, 3],
        [0, 2, 3],
        [0, 1, 2, 3],
      ],
    ],
    [1, 3, []],
  ])('segmentations(%d words, up to %d runs)', (n, max, expected) => {
    expect(segmentations(n, max)).toEqual(expected);
  });

  // A name cut short is not a misspelling: when another drug's name begins with the input, the one-edit neighbour
  // is not accepted ("norflox" is norfloxacin started, not Norflex misspelt). Both are offered instead.
  it.each<[string, 'ambiguous' | 'unresolved', string, string[]]>([
    ['norflox', 'ambiguous', 'orphenadrine', ['orphenadrine', 'norfloxacin']],
    ['cipra', 'ambiguous', 'ciprofloxacin', ['ciprofloxacin', 'citalopram', 'escitalopram']],
    ['methylen', 'ambiguous', 'methylphenidate', ['methylphenidate', 'methylene blue']],
    ['procain', 'ambiguous', 'procaine', ['procaine', 'procainamide']],
    // Carvacrol is a known substance the pack does not cover: nothing to offer for it, so not resolved at all.
    ['carvac', 'unresolved', 'fluorouracil', ['fluorouracil']],
  ])('%j (the start of another drug name) is %s, not corrected to %s', (input, status, near, offered) => {
    const r = real.resolve(input);
    expect(r.status).toBe(status);
    expect(r.ingredients).toEqual([]);
    expect(r.reason).toMatch(/shortened name/);
    expect(r.suggestions!.map((s) => s.name)).toEqual(expect.arrayContaining(offered));
    expect(r.suggestions![0].ingredientIds).toEqual([near]);
  });

  // Words stripped before correction may belong to another drug's name: "la hydrin" is Lac-Hydrin, not Hytrin.
  it.each(['la hydrin', 'la-hydrin'])('%j offers Hytrin and Lac-Hydrin, choosing neither', (input) => {
    const r = real.resolve(input);
    expect(r.status).toBe('ambiguous');
    expect(r.suggestions!.map((s) => s.name)).toEqual(['terazosin', 'ammonium lactate']);
  });

  it.each<[string, string]>([
    ['Toprl XL', 'metoprolol'],
    ['Wellbutrn XL', 'bupropion'],
    ['Depakot ER', 'valproate'],
  ])('%j (a release word stripped, no other reading) is still corrected to %s', (input, id) => {
    expect(real.resolve(input).ingredients.map((i) => i.id)).toEqual([id]);
  });

  it.each<[string, string]>([
    // A longer form of the corrected drug's own name ("magnesium glycinate", "Xylocaine with epinephrine") is no rival.
    ['magnesiu', 'magnesium'],
    ['xylocain', 'lidocaine'],
    // An uncovered Latin form of the corrected drug's own name is no rival either.
    ['Brompheniramin', 'brompheniramine'],
    ['lisinoprl', 'lisinopril'],
  ])('still corrects %j to %s', (input, id) => {
    const r = real.resolve(input);
    expect(r).toMatchObject({ status: 'resolved', method: 'fuzzy' });
    expect(r.ingredients.map((i) => i.id)).toEqual([id]);
  });

  // "X-free" says the product LACKS X: never resolved to X, and never to a product that contains it.
  it.each(['aspirin free', 'aspirin-free', 'alcohol-free', 'acetaminophen free'])('%j is not resolved (a negated name)', (input) => {
    const r = real.resolve(input);
    expect(r.status).toBe('unresolved');
    expect(r.reason).toMatch(/does not contain/);
  });

  it('"Excedrin Aspirin Free" offers only Excedrin products without aspirin', () => {
    const r = real.resolve('Excedrin Aspirin Free');
    expect(r.status).toBe('ambiguous');
    expect(r.suggestions!.length).toBeGreaterThan(0);
    for (const s of r.suggestions!) expect(s.ingredientIds).not.toContain('aspirin');
  });

  it.each<[string, string]>([
    ['preservative-free timolol 0.5%', 'timolol'],
    ['FENTANYL CITRATE PRESERVATIVE FREE', 'fentanyl'],
    ['dye-free ibuprofen', 'ibuprofen'],
    ['doxycycline free base', 'doxycycline'],
  ])('%j still resolves to %s (the negated word is not a drug in it)', (input, id) => {
    expect(real.resolve(input).ingredients.map((i) => i.id)).toEqual([id]);
  });

  // FDA's four-letter suffix of a biological product names a manufacturer, not another molecule.
  it.each<[string, string]>([
    ['ustekinumab-auub', 'ustekinumab'],
    ['denosumab-bbdz 60 mg', 'denosumab'],
    ['insulin aspart-szjj', 'insulin-aspart'],
    ['insulin glargine-yfgn', 'insulin-glargine'],
    ['etanercept-szzs', 'etanercept'],
    ['tocilizumab-bavi', 'tocilizumab'],
  ])('the biosimilar name %j resolves to %s (reviewed)', (input, id) => {
    const r = real.resolve(input);
    expect(r.status).toBe('resolved');
    expect(r.ingredients.map((i) => i.id)).toEqual([id]);
    expect(r.coverage).toBe('reviewed');
  });

  it.each(['warfarin-abcd', 'metformin-abcd'])('%j (a four-letter suffix on a small molecule) is not resolved', (input) => {
    expect(real.resolve(input).status).not.toBe('resolved');
  });

  // Drugs@FDA strings of reviewed drugs resolve to them, not to names-only entries.
  it.each<[string, string]>([
    ['nitrofurantoin, macrocrystalline', 'nitrofurantoin'],
    ['insulin lispro recombinant', 'insulin-lispro'],
    ['liraglutide recombinant', 'liraglutide'],
    ['exenatide synthetic', 'exenatide'],
  ])('the Drugs@FDA string %j resolves to the reviewed %s', (input, id) => {
    const r = real.resolve(input);
    expect(r.ingredients.map((i) => i.id)).toEqual([id]);
    expect(r.coverage).toBe('reviewed');
  });

  // The fumarates for multiple sclerosis are named in full: "dimethyl" alone is not a drug.
  it('"dimethyl" lists dimethyl fumarate and dimethyl sulfoxide; "Tecfidera" is dimethyl fumarate', () => {
    const r = real.resolve('dimethyl');
    expect(r.status).toBe('ambiguous');
    expect(r.suggestions!.map((s) => s.name)).toEqual(expect.arrayContaining(['dimethyl fumarate', 'dimethyl sulfoxide']));
    expect(real.resolve('Tecfidera').ingredients.map((i) => i.name)).toEqual(['dimethyl fumarate']);
  });

  // Numbers are part of a product's name: "Humulin" names several products, never the 70/30 mix alone.
  it('"Humulin" stays ambiguous between the Humulin products', () => {
    expect(real.resolve('Humulin').status).toBe('ambiguous');
  });

  // ISMP error-prone abbreviations that name two drugs: never resolved to one of them.
  it.each(['AZA', 'TAC', 'CSA'])('%j (an error-prone abbreviation) is not resolved', (input) => {
    expect(real.resolve(input).status).not.toBe('resolved');
  });

  // Edetate disodium (a calcium chelator) given for edetate calcium disodium (lead poisoning) killed patients: the salt
  // tells them apart, so stripping it must never land on the other drug.
  it.each(['edetate disodium', 'edetate', 'edetate sodium', 'disodium edetate'])('%j never resolves to edetate calcium disodium', (input) => {
    expect(
      real
        .resolve(input)
        .ingredients.map((i) => i.name)
        .join(),
    ).not.toMatch(/edetate/);
  });

  it('edetate calcium disodium resolves to itself', () => {
    expect(real.resolve('edetate calcium disodium').ingredients.map((i) => i.name)).toEqual(['edetate calcium disodium']);
  });

  it('after a DDInter-like merge adds inulin, "insulin" is ambiguous and the check is incomplete', () => {
    // What the DDInter importer produces for "Inulin" (a new ingredient of source ddinter): reproduced with the real
    // importer and the files in shared/data/ddinter (insulin resolved as inulin, fuzzy 0.86, complete: true).
    const doc = readCompiledKb(curatedPath);
    const imported = {
      ...doc,
      version: 'ddinter-00000000',
      sources: [{ id: 'ddinter', title: 'DDInter', license: 'CC BY-NC-SA 4.0' }],
      ingredients: [ingredient('inulin', {}, 'ddinter'), ingredient('vitamin-d', { name: 'vitamin d' }, 'ddinter')],
      classes: [],
      products: [],
      rules: [],
      pathways: [],
      domains: [],
    };
    const kb = buildKnowledgeBase([doc, imported], { sourcePrecedence: ['vigil-curated', 'ddinter'] });
    const check = new InteractionEngine().check(kb, ['insulin', 'metoprolol']);
    expect(check.resolutions[0]).toMatchObject({ status: 'ambiguous', ingredients: [] });
    expect(check.resolutions[0].suggestions!.map((s) => s.name)).toContain('insulin glargine');
    expect(check.summary.complete).toBe(false);
    expect(new DrugResolver(kb).resolve('vitamin D').status).toBe('ambiguous');
  });
});
