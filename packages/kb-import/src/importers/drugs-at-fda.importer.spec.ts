import { InteractionEngine, buildKnowledgeBase } from '@vigil/engine';
import { baseDoc, baseKb, tempFiles } from '../../test-fixtures/base-kb';
import type { ImportResult } from '../model/import.model';
import { DrugsAtFdaImporter } from './drugs-at-fda.importer';
import { importSource } from './source.importer';

const PRODUCTS_HEADER = 'ApplNo\tProductNo\tForm\tStrength\tReferenceDrug\tDrugName\tActiveIngredient\tReferenceStandard';
const row = (...fields: string[]) => fields.join('\t');

const PRODUCTS = [
  PRODUCTS_HEADER,
  row('000001', '001', 'TABLET;ORAL', '5MG', '1', 'COUMADIN', 'WARFARIN SODIUM', '0'),
  row('000002', '001', 'TABLET;ORAL', '10MG', '0', 'JANTOVEN', 'WARFARIN SODIUM', '0'),
  row('000003', '001', 'TABLET;ORAL', '10MG', '0', 'ATORVASTATIN CALCIUM', 'ATORVASTATIN CALCIUM', '0'),
  row('000004', '001', 'TABLET;ORAL', '5MG;325MG', '0', 'NORCO', 'ACETAMINOPHEN; HYDROCODONE BITARTRATE', '0'),
  row('000005', '001', 'TABLET;ORAL', '300MG', '0', 'ZIAGEN', 'ABACAVIR SULFATE', '0'),
  row('000006', '001', 'TABLET;ORAL', '20MG', '0', 'GONEBRAND', 'FLUCONAZOLE', '0'),
  // Known quirks: a Form split by a stray tab, and an extra empty trailing field.
  row('000007', '001', 'DRUG-ELUTING CONTACT LENS', ';OPHTHALMIC', 'EQ 19MCG BASE', '1', 'ACUVUE THERAVISION WITH FLUCONAZOLE', 'FLUCONAZOLE', '1'),
  row('000008', '001', 'TABLET;ORAL', 'EQ 1MG BASE', '0', 'NAPROXEN SODIUM', 'NAPROXEN SODIUM', '', ''),
  row('000009', '001', 'TABLET;ORAL', '1MG', '0', 'GERMA-MEDICA "MG"', 'ESTRADIOL VALERATE', '0'),
  row('000010', '001', 'TABLET;ORAL', '1MG', '0', 'DUOBRAND', 'IBUPROFEN', '0'),
  row('000011', '001', 'TABLET;ORAL', '1MG', '0', 'DUOBRAND', 'NAPROXEN SODIUM', '0'),
  row('000012', '001', 'TABLET;ORAL', '200MG', '0', 'ADVIL MIGRAINE 200', 'IBUPROFEN', '0'),
  row('000013', '001', 'TABLET;ORAL', '5MG;300MG', '0', 'VICODIN', 'ACETAMINOPHEN; HYDROCODONE BITARTRATE', '0'),
  row('000014', '001', 'INJECTABLE;INJECTION', '2MG/ML', '0', 'DIFLUCAN IN SODIUM CHLORIDE', 'FLUCONAZOLE HYDROCHLORIDE', '0'),
  '',
].join('\n');

const STATUS = ['MarketingStatusID\tApplNo\tProductNo', '3\t000006\t001', '1\t000001\t001', '3\t000002\t001', '1\t000002\t001', ''].join('\n');
const LOOKUP = ['MarketingStatusID\tMarketingStatusDescription', '1\tPrescription', '2\tOver-the-counter', '3\tDiscontinued', '4\tNone (Tentative Approval)', ''].join('\n');

function ok(result: ImportResult): Extract<ImportResult, { ok: true }> {
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result;
}

describe('DrugsAtFdaImporter', () => {
  describe('Products.txt with MarketingStatus.txt', () => {
    // Files in any order: recognised by their header.
    const files = tempFiles({ 'MarketingStatus_Lookup.txt': LOOKUP, 'MarketingStatus.txt': STATUS, 'Products.txt': PRODUCTS });
    let result: Extract<ImportResult, { ok: true }>;
    beforeAll(async () => {
      result = ok(await importSource({ format: 'drugs-at-fda', files }, baseKb()));
    });
    const ingredient = (id: string) => result.doc.ingredients.find((i) => i.id === id);

    it('drops discontinued products and reads the quirky rows', () => {
      expect(result.report).toMatchObject({ rowsRead: 14 + 4 + 4, discontinuedProducts: 1, pairs: 0, rules: 0, drugs: 10 });
      expect(result.links.map((l) => l.source)).not.toContain('GONEBRAND');
      expect(ingredient('fluconazole')).toMatchObject({ brands: ['Acuvue Theravision With Fluconazole', 'Diflucan In Sodium Chloride'], salts: ['fluconazole hydrochloride'] });
    });

    it('links ingredients (salts stripped) and adds brands and combination products for linked ones only', () => {
      expect(result.report).toMatchObject({
        linkedIngredients: 7,
        newIngredients: 2,
        linkedBy: { exact: 3, synonym: 4, 'salt-stripped': 1, new: 2 },
        vocabulary: { brands: 4, synonyms: 0, salts: 3, products: 1, otherNames: 0 },
      });
      expect(ingredient('warfarin')).toMatchObject({ brands: ['Jantoven'], salts: [], sourceId: 'drugs-at-fda' }); // Coumadin is known
      expect(ingredient('ibuprofen')?.brands).toEqual(['Advil Migraine']);
      expect(ingredient('atorvastatin')?.brands).toEqual([]); // a generic product name is not a brand
      expect(ingredient('abacavir')).toMatchObject({ name: 'abacavir', salts: ['abacavir sulfate'], brands: [], sourceId: 'drugs-at-fda' });
      expect(ingredient('estradiol')).toMatchObject({ salts: ['estradiol valerate'], brands: [] });
      expect(result.doc.products).toEqual([{ id: 'norco', name: 'Norco', ingredients: ['acetaminophen', 'hydrocodone'], sourceId: 'drugs-at-fda' }]);
    });

    it('rejects a brand that different products give different ingredients', () => {
      expect(result.report.rejected).toEqual([{ file: files[2], line: 11, reason: expect.stringMatching(/brand "Duobrand" is given different ingredients/) }]);
    });

    it('merges: brands and products resolve, curated names stay untouched', () => {
      const kb = buildKnowledgeBase([baseDoc(), result.doc]);
      const resolver = new InteractionEngine().resolverFor(kb);
      expect(resolver.resolve('Jantoven 5 mg').ingredients.map((i) => i.id)).toEqual(['warfarin']);
      expect(
        resolver
          .resolve('Norco')
          .ingredients.map((i) => i.id)
          .sort(),
      ).toEqual(['acetaminophen', 'hydrocodone']);
      expect(resolver.resolve('abacavir sulfate').ingredients.map((i) => i.id)).toEqual(['abacavir']);
      expect(kb.ingredient('warfarin')?.brands).toEqual(['Coumadin', 'Jantoven']);
      expect(kb.ingredient('abacavir')?.sourceId).toBe('drugs-at-fda');
    });

    it('is deterministic', async () => {
      const again = ok(await importSource({ format: 'drugs-at-fda', files: [files[2], files[0], files[1]] }, baseKb()));
      expect(JSON.stringify(again.doc)).toBe(JSON.stringify(result.doc));
    });
  });

  it('keeps every product without MarketingStatus.txt', async () => {
    const result = ok(await importSource({ format: 'drugs-at-fda', files: tempFiles({ 'Products.txt': PRODUCTS }) }, baseKb()));
    expect(result.report.discontinuedProducts).toBe(0);
    expect(result.doc.ingredients.find((i) => i.id === 'fluconazole')?.brands).toEqual(['Acuvue Theravision With Fluconazole', 'Diflucan In Sodium Chloride', 'Gonebrand']);
  });

  it.each<[string, Record<string, string>, { file: string; line: number; message: RegExp }[]]>([
    [
      'a row with a missing field',
      { 'Products.txt': `${PRODUCTS_HEADER}\n${row('1', '001', 'TABLET;ORAL', '5MG', '0', 'X', 'WARFARIN')}\n` },
      [{ file: 'Products.txt', line: 2, message: /expected 8 tab-separated fields, found 7/ }],
    ],
    [
      'an extra field that is not one of the known quirks',
      { 'Products.txt': `${PRODUCTS_HEADER}\n${row('1', '001', 'TABLET;ORAL', '5MG', '0', 'X', 'WARFARIN', '0', 'junk')}\n` },
      [{ file: 'Products.txt', line: 2, message: /expected 8 tab-separated fields, found 9/ }],
    ],
    ['an unknown file', { 'Other.txt': 'a\tb\n1\t2\n' }, [{ file: 'Other.txt', line: 1, message: /not a Drugs@FDA file/ }]],
    ['no Products.txt', { 'MarketingStatus.txt': STATUS }, [{ file: '', line: 0, message: /no Products.txt/ }]],
    [
      'a bad marketing status',
      { 'Products.txt': PRODUCTS, 'MarketingStatus.txt': `${STATUS}x\t000001\t001\n` },
      [{ file: 'MarketingStatus.txt', line: 6, message: /MarketingStatusID "x"/ }],
    ],
  ])('rejects the whole import for %s', async (_, content, expected) => {
    const files = tempFiles(content);
    const result = await importSource({ format: 'drugs-at-fda', files }, baseKb());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => ({ file: e.file.split('/').pop() ?? '', line: e.line }))).toEqual(expected.map((e) => ({ file: e.file, line: e.line })));
    result.errors.forEach((e, i) => expect(e.message).toMatch(expected[i].message));
  });

  it.each([
    ['ADDERALL XR 10', 'Adderall XR'],
    ['ADVAIR DISKUS 100/50', 'Advair Diskus'],
    ['AVIANE-28', 'Aviane-28'],
    ["CHILDREN'S ADVIL", "Children's Advil"],
    ['NEXIUM I.V.', 'Nexium I.V.'],
    ['HYDRO-SERP "25"', 'Hydro-Serp'],
    ['XYZAL ALLERGY 24HR', 'Xyzal Allergy 24HR'],
    ['TRIUMEQ PD', 'Triumeq PD'],
    ['CASPORYN HC', 'Casporyn HC'],
    ['TOBRADEX ST', 'Tobradex ST'],
    ['NORMOCARB HF 25', 'Normocarb HF'],
    ['BLEPHAMIDE S.O.P.', 'Blephamide S.O.P.'],
  ])('brand name of %s is %s', (raw, brand) => {
    expect(DrugsAtFdaImporter.brandName(raw)).toBe(brand);
  });

  it.each<[string, string[], boolean]>([
    ['ATORVASTATIN CALCIUM', ['ATORVASTATIN CALCIUM'], true],
    ['HYDROCODONE BITARTRATE AND ACETAMINOPHEN', ['ACETAMINOPHEN', 'HYDROCODONE BITARTRATE'], true],
    ['CIPROFLOXACIN IN DEXTROSE 5%', ['CIPROFLOXACIN'], true],
    ['CARBON DIOXIDE, USP', ['CARBON DIOXIDE'], true],
    ['LIPITOR', ['ATORVASTATIN CALCIUM'], false],
    ['ACUVUE THERAVISION WITH KETOTIFEN', ['KETOTIFEN FUMARATE'], false],
  ])('%s is a generic name: %s', (name, parts, generic) => {
    expect(DrugsAtFdaImporter.isGenericName(name, parts)).toBe(generic);
  });
});
