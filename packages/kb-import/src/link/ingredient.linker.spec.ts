import { baseKb } from '../../test-fixtures/base-kb';
import { IngredientLinker } from './ingredient.linker';

describe('IngredientLinker', () => {
  const linker = new IngredientLinker(baseKb());

  it.each<[string, string, string]>([
    ['Warfarin', 'warfarin', 'exact'],
    ['WARFARIN', 'warfarin', 'exact'],
    ['Acetylsalicylic acid', 'aspirin', 'synonym'],
    ['Paracetamol', 'acetaminophen', 'synonym'],
    ['WARFARIN SODIUM', 'warfarin', 'synonym'], // an explicit salt form
    ['Calcium carbonate', 'calcium', 'synonym'],
    ['Coumadin', 'warfarin', 'synonym'], // an explicit brand of one ingredient
    ['ATORVASTATIN CALCIUM', 'atorvastatin', 'synonym'],
    ['Fluconazole mesylate', 'fluconazole', 'salt-stripped'],
    ['Dexamethasone sodium phosphate', 'dexamethasone', 'salt-stripped'],
  ])('%s → %s (%s)', (name, id, match) => {
    expect(linker.link(name)).toMatchObject({ kind: 'linked', ingredientId: id, match });
  });

  it.each([
    ['Sodium iodide', 'only salt words would be left: not sodium'],
    ['Calcium gluconate', 'not a listed salt of calcium, and "calcium" alone is a salt word'],
    ['Dexamethasone (topical)', 'route-specific products are not folded into the systemic drug'],
    ['Warfarine', 'no spelling correction'],
    ['Clavulanic acid', 'no stem guessing'],
    ['Hydrocodone bitartrate hemipentahydrate', '"hemipentahydrate" is not a salt word'],
    ['', 'empty'],
  ])('does not link %j (%s)', (name) => {
    expect(linker.link(name)).toEqual({ kind: 'unlinked' });
  });

  it('reports a combination product name as a conflict', () => {
    expect(linker.link('Vicodin')).toMatchObject({ kind: 'conflict', reason: expect.stringMatching(/combination product Vicodin/) });
  });

  it('knows the base classes and name owners', () => {
    expect(linker.hasClass('nsaids')).toBe(true);
    expect(linker.hasClass('statins')).toBe(false);
    expect(linker.owner('Motrin')?.target.id).toBe('ibuprofen');
    expect(linker.owner('nothing')).toBeUndefined();
  });

  it.each<[string[], string[][]]>([
    [['atorvastatin', 'calcium'], [['atorvastatin']]],
    [
      ['ferrous', 'sulfate', 'anhydrous'],
      [['ferrous', 'sulfate'], ['ferrous']],
    ],
    [['sodium', 'valproate'], [['valproate']]],
    [['sodium', 'iodide'], []],
    [['warfarin'], []],
  ])('salt-stripped variants of %j', (ws, expected) => {
    expect(IngredientLinker.saltStrippedVariants(ws)).toEqual(expected);
  });

  it.each([
    ['ABACAVIR SULFATE', 'abacavir'],
    ['VALPROIC ACID', 'valproic acid'],
    ['SODIUM IODIDE', 'sodium iodide'],
    ['Thyroid, porcine', 'thyroid, porcine'],
    ['ESTRADIOL VALERATE', 'estradiol'],
    // The counter-ion is part of the substance after a cation adjective, a radical or a bare element.
    ['NITRIC OXIDE', 'nitric oxide'],
    ['NITROUS OXIDE', 'nitrous oxide'],
    ['CHROMIC CHLORIDE', 'chromic chloride'],
    ['CUPRIC SULFATE', 'cupric sulfate'],
    ['FERRIC CITRATE', 'ferric citrate'],
    ['FERROUS SULFATE ANHYDROUS', 'ferrous sulfate'],
    ['SODIUM TETRADECYL SULFATE', 'sodium tetradecyl sulfate'],
    ['ETHYL CHLORIDE', 'ethyl chloride'],
    ['BARIUM SULFATE', 'barium sulfate'],
    ['MANGANESE SULFATE', 'manganese sulfate'],
    ['INDIUM IN-111 CHLORIDE', 'indium in-111 chloride'],
    ['MYCOPHENOLIC SODIUM', 'mycophenolic sodium'],
    // ...but not elsewhere: hydrate words always go, and drug names are not adjectives.
    ['SODIUM PHOSPHATE, DIBASIC, ANHYDROUS', 'sodium phosphate, dibasic'],
    ['FERRIC PYROPHOSPHATE CITRATE', 'ferric pyrophosphate'],
    ['FENTANYL CITRATE', 'fentanyl'],
    ['AMINOLEVULINIC ACID HYDROCHLORIDE', 'aminolevulinic acid'],
    ['SILVER SULFADIAZINE', 'silver sulfadiazine'],
  ])('new-ingredient name of %s is %s', (name, expected) => {
    expect(IngredientLinker.baseName(name)).toBe(expected);
  });

  it.each([
    ['Thyroid, porcine', 'thyroid-porcine'],
    ['Insulin human (inhalation, rapid acting)', 'insulin-human-inhalation-rapid-acting'],
    ['Ácido  fólico', 'acido-folico'],
  ])('slug of %s', (name, slug) => {
    expect(IngredientLinker.slug(name)).toBe(slug);
  });
});
