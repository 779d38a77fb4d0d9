import { formRoutes, ingredientParts } from './drugs-at-fda-products.reader';

describe('ingredientParts (Drugs@FDA ActiveIngredient)', () => {
  it.each<[string, string[]]>([
    ['ACETAMINOPHEN; HYDROCODONE BITARTRATE', ['ACETAMINOPHEN', ' HYDROCODONE BITARTRATE']],
    ['MENOTROPINS (FSH;LH)', ['MENOTROPINS']],
    ['PANCRELIPASE (AMYLASE;LIPASE;PROTEASE)', ['PANCRELIPASE']],
    ['LANADELUMAB (SHP643)', ['LANADELUMAB (SHP643)']], // a code, not a component list
    ['IVACAFTOR; IVACAFTOR, TEZACAFTOR', ['IVACAFTOR', ' IVACAFTOR, TEZACAFTOR']],
    ['A (B;C); D', ['A', ' D']],
    ['WARFARIN SODIUM', ['WARFARIN SODIUM']],
  ])('%j', (text, parts) => {
    expect(ingredientParts(text)).toEqual(parts);
  });
});

describe('formRoutes (Drugs@FDA Form)', () => {
  it.each<[string, string[]]>([
    ['TABLET;ORAL', ['ORAL']],
    ['SUSPENSION/DROPS;OPHTHALMIC', ['OPHTHALMIC']],
    ['CREAM;TOPICAL, VAGINAL', ['TOPICAL', 'VAGINAL']],
    ['INJECTABLE; INJECTION', ['INJECTION']],
    ['KIT', []],
  ])('%s', (form, routes) => {
    expect(formRoutes(form)).toEqual(routes);
  });
});
