import { compactKey, foldText, saltStrippedVariants, splitCombination, stripLevel1, stripLevel2 } from './name.normalizer';

describe('name normalizer', () => {
  it.each([
    ['Depo-Provera', 'depoprovera'],
    ['  DEPO   provera ', 'depoprovera'],
    ['Phillips’ Milk of Magnesia®', 'phillipsmilkofmagnesia'],
    ['Bactrim™ DS', 'bactrimds'],
    ['Café', 'cafe'],
  ])('compactKey(%j) = %j', (input, expected) => {
    expect(compactKey(input)).toBe(expected);
  });

  it('spells out the micro sign', () => {
    expect(foldText('Levothyroxine 50 µg')).toBe('levothyroxine 50 mcg');
  });

  it.each([
    ['Lipitor 20 mg tablet', ['lipitor']],
    ['metoprolol succinate ER 25mg', ['metoprolol', 'succinate', 'er']],
    ['Coumadin 5 mg', ['coumadin']],
    ['Norco 5/325', ['norco']],
    ['amoxicillin 250 mg/5 ml oral suspension', ['amoxicillin']],
    ['insulin glargine 100 units/ml pen', ['insulin', 'glargine']],
    ['Humalog Mix 75/25', ['humalog', 'mix']],
    ['vitamin b12 1000 mcg', ['vitamin', 'b12']],
    ['hydrocortisone 1% cream', ['hydrocortisone']],
  ])('stripLevel1(%j) = %j', (input, expected) => {
    expect(stripLevel1(foldText(input))).toEqual(expected);
  });

  it.each([
    ['metoprolol succinate ER 25mg', ['metoprolol', 'succinate']],
    ['Toprol XL 50 mg', ['toprol']],
    ['Bactrim DS', ['bactrim']],
    ['Wellbutrin SR 150mg', ['wellbutrin']],
  ])('stripLevel2(%j) = %j', (input, expected) => {
    expect(stripLevel2(foldText(input))).toEqual(expected);
  });

  it.each([
    [['warfarin', 'sodium'], [['warfarin']]],
    [['magnesium', 'citrate'], [['magnesium']]],
    [['esomeprazole', 'magnesium', 'trihydrate'], [['esomeprazole']]],
    [['potassium', 'chloride'], [['potassium']]],
    [['warfarin'], []],
  ])('saltStrippedVariants(%j) = %j', (input, expected) => {
    expect(saltStrippedVariants(input)).toEqual(expected);
  });

  it.each([
    ['hydrocodone/acetaminophen 5/325 mg', ['hydrocodone', 'acetaminophen']],
    ['lisinopril and hydrochlorothiazide', ['lisinopril', 'hydrochlorothiazide']],
    ['amoxicillin-clavulanate', ['amoxicillin', 'clavulanate']],
    ['sulfamethoxazole + trimethoprim', ['sulfamethoxazole', 'trimethoprim']],
    ['acetaminophen with codeine', ['acetaminophen', 'codeine']],
    ['Norco 5/325', []],
    ['warfarin', []],
  ])('splitCombination(%j) = %j', (input, expected) => {
    expect(splitCombination(foldText(input))).toEqual(expected);
  });
});
