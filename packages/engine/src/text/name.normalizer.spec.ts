import {
  compactKey,
  foldText,
  hydrateStripped,
  isHydrateWord,
  saltStrippedVariants,
  splitCombination,
  splitParenthetical,
  stripLevel1,
  stripLevel2,
  stripSig,
} from './name.normalizer';

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

  it.each<[string[], string[] | undefined]>([
    [
      ['cupric', 'sulfate', 'anhydrous'],
      ['cupric', 'sulfate'],
    ],
    [
      ['ferric', 'citrate', 'hydrate'],
      ['ferric', 'citrate'],
    ],
    [
      ['zoledronic', 'acid', 'monohydrate'],
      ['zoledronic', 'acid'],
    ],
    [['magnesium', 'sulfate', 'heptahydrate'], undefined],
    [['cupric', 'sulfate'], undefined],
  ])('hydrateStripped(%j) = %j', (input, expected) => {
    expect(hydrateStripped(input)).toEqual(expected);
  });

  it.each([
    ['dihydrate', true],
    ['hemihydrate', true],
    ['anhydrous', true],
    ['hydrate', true],
    ['hydrochloride', false],
    ['hydrated', false],
    ['hydrocodone', false],
  ])('isHydrateWord(%j) = %j', (word, expected) => {
    expect(isHydrateWord(word)).toBe(expected);
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

  it.each([
    ['simvastatin 20 mg daily with supper', 'simvastatin 20 mg daily'],
    ['simvastatin 20 mg at bedtime', 'simvastatin 20 mg'],
    ['metformin 500 mg twice a day with meals', 'metformin 500 mg'],
    ['oxycodone 5 mg q6h as needed for pain', 'oxycodone 5 mg'],
    ['amoxicillin 500 mg tid x 10 days', 'amoxicillin 500 mg tid'],
    ['Humalog KwikPen U-100', 'humalog kwikpen'],
    ['Lamictal starter kit', 'lamictal'],
    ['levothyroxine 50 mcg on an empty stomach', 'levothyroxine 50 mcg'],
    // Combinations keep their connectors.
    ['acetaminophen with codeine', 'acetaminophen with codeine'],
    ['lisinopril and hydrochlorothiazide', 'lisinopril and hydrochlorothiazide'],
    ['vitamin a', 'vitamin a'],
    ['hydrocodone w/ apap', 'hydrocodone w/ apap'],
    ['warfarin 5 mg m/w/f', 'warfarin 5 mg'],
    ['nitroglycerin 0.4 mg sl q5min prn chest pain', 'nitroglycerin 0.4 mg sl'],
    ['prednisone 10 mg taper', 'prednisone 10 mg'],
  ])('stripSig(%j) = %j', (input, expected) => {
    expect(stripSig(foldText(input))).toBe(expected);
  });

  it.each([
    ['nitroglycerin 0.4 mg SL', ['nitroglycerin']],
    ['Medrol Dosepak', ['medrol']],
    ['Lantus Solostar', ['lantus']],
    ['Novolog FlexPen', ['novolog']],
    ['Tresiba FlexTouch', ['tresiba']],
    ['lisinopril 10 mg 1 tab po qhs', ['lisinopril']],
    ['prednisone 10 mg dose pack', ['prednisone']],
  ])('stripLevel1 removes devices, packs and routes: %j → %j', (input, expected) => {
    expect(stripLevel1(stripSig(foldText(input)))).toEqual(expected);
  });

  it.each<[string, { outside: string; inside: string[] } | undefined]>([
    ['lipitor (atorvastatin) 20 mg', { outside: 'lipitor 20 mg', inside: ['atorvastatin'] }],
    ['atorvastatin [lipitor]', { outside: 'atorvastatin', inside: ['lipitor'] }],
    ['lisinopril 10 mg (for bp)', { outside: 'lisinopril 10 mg', inside: ['for bp'] }],
    ['molybdenum (as sodium)', undefined],
    ['warfarin (sodium)', undefined],
    ['(s)-warfarin', undefined],
    ['(r)-(+)-atenolol', undefined],
    ['1-(3,4-dihydroxyphenyl)-2-(isopropylamino)ethanol', undefined],
    ['(atorvastatin)', undefined],
    ['insulin (10 units)', { outside: 'insulin', inside: ['10 units'] }],
    ['warfarin', undefined],
  ])('splitParenthetical(%j) = %j', (input, expected) => {
    expect(splitParenthetical(foldText(input))).toEqual(expected);
  });
});
