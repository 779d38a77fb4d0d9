import { InteractionEngine, buildKnowledgeBase } from '@vigil/engine';
import { baseDoc, baseKb, tempFiles } from '../../test-fixtures/base-kb';
import type { ImportResult } from '../model/import.model';
import { DrugbankVocabularyImporter } from './drugbank-vocabulary.importer';
import { importSource } from './source.importer';

const HEADER = 'DrugBank ID,Accession Numbers,Common name,CAS,UNII,Synonyms,Standard InChI Key';
const VOCABULARY = [
  HEADER,
  'DB00682,APRD00341,Warfarin,81-81-2,5Q7ZVV76EI,4-Hydroxy-3-(3-oxo-1-phenylbutyl)coumarin | Coumafene | Warfarin | Warfarina | Zoocoumarin,PJVWKTKQMONHTI-UHFFFAOYSA-N',
  'DB00945,APRD00264,Acetylsalicylic acid,50-78-2,R16CO5Y76E,ASA | Aspirin | Aspirina | Acetylsalicylate | Paracetamol,BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
  'DB14055,,(S)-Warfarin,,,Warfarin | S-Warfarin,',
  'DB00001,BIOD00024 | BTD00024,Lepirudin,138068-37-8,Y43GF64R34,"[Leu1, Thr2]-63-desulfohirudin | Desulfatohirudin | Hirudin variant-1",',
  'DB01076,APRD00055,Atorvastatin calcium,134523-00-5,A0JWA85V8F,Atorvastatin calcium trihydrate | Lipitor | Zoocoumarin,',
  'DB99999,,Fluconazole mesylate,,,Warfarina,',
  'DB00002,,Acetylsalicylate,,,,',
  'DB00003,,Vicodin,,,,',
  '',
].join('\n');

function ok(result: ImportResult): Extract<ImportResult, { ok: true }> {
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result;
}

describe('DrugbankVocabularyImporter', () => {
  const [file] = tempFiles({ 'drugbank_vocabulary.csv': VOCABULARY });
  let result: Extract<ImportResult, { ok: true }>;
  beforeAll(async () => {
    result = ok(await importSource({ format: 'drugbank-vocabulary', files: [file] }, baseKb()));
  });
  const synonyms = (id: string) => result.doc.ingredients.find((i) => i.id === id)?.synonyms;

  it('adds the synonyms of linked entries, never a name another drug owns', () => {
    expect(synonyms('warfarin')).toEqual(['Warfarina', 'Zoocoumarin']); // not the systematic name, not "Coumafene" (known)
    expect(synonyms('aspirin')).toEqual(['Aspirina']); // not "Paracetamol" (acetaminophen), nor "Acetylsalicylate" (another entry)
    expect(synonyms('atorvastatin')).toEqual(['Atorvastatin calcium trihydrate']); // "Zoocoumarin" went to warfarin first
    expect(synonyms('fluconazole')).toEqual(['Fluconazole mesylate']);
    expect(result.report).toMatchObject({
      drugs: 8,
      linkedIngredients: 4,
      newIngredients: 0,
      linkedBy: { exact: 1, synonym: 2, 'salt-stripped': 1, new: 0 },
      vocabulary: { brands: 0, synonyms: 5, salts: 0, products: 0, otherNames: 3 },
      rejected: [{ file, line: 9, reason: expect.stringMatching(/combination product Vicodin/) }],
    });
  });

  it('keeps unlinked entries out of the ingredients, as other names the resolver will not correct', () => {
    expect(result.doc.ingredients.map((i) => i.id)).toEqual(['aspirin', 'atorvastatin', 'fluconazole', 'warfarin']);
    expect(result.doc.otherNames).toEqual(['(s)-warfarin', 'acetylsalicylate', 'lepirudin']);
    const kb = buildKnowledgeBase([baseDoc(), result.doc]);
    const resolver = new InteractionEngine().resolverFor(kb);
    expect(resolver.resolve('Zoocoumarin').ingredients.map((i) => i.id)).toEqual(['warfarin']);
    expect(resolver.resolve('lepirudin')).toMatchObject({ status: 'unresolved', reason: expect.stringMatching(/does not cover/) });
  });

  it('is deterministic', async () => {
    const again = ok(await importSource({ format: 'drugbank-vocabulary', files: [file] }, baseKb()));
    expect(JSON.stringify(again.doc)).toBe(JSON.stringify(result.doc));
  });

  it.each<[string, string, { line: number; message: RegExp }[]]>([
    ['a missing column', 'DrugBank ID,Common name\nDB1,X\n', [{ line: 1, message: /missing column\(s\) Synonyms/ }]],
    ['an unknown column', `${HEADER},Extra\n`, [{ line: 1, message: /unknown column\(s\) Extra/ }]],
    [
      'a bad id and a short row',
      `${HEADER}\nX1,,Warfarin,,,,\nDB2,,Aspirin,,\n`,
      [
        { line: 2, message: /"X1" is not a DrugBank id/ },
        { line: 3, message: /expected 7 fields, found 5/ },
      ],
    ],
  ])('rejects the whole import for %s', async (_, text, expected) => {
    const [bad] = tempFiles({ 'bad.csv': text });
    const r = await importSource({ format: 'drugbank-vocabulary', files: [bad] }, baseKb());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual(expected.map((e) => e.line));
    r.errors.forEach((e, i) => expect(e.message).toMatch(expected[i].message));
  });

  it.each([
    ['a | b |  c | a', ['a', 'b', 'c']],
    ['', []],
  ])('splits synonyms %j', (cell, expected) => {
    expect(DrugbankVocabularyImporter.splitSynonyms(cell)).toEqual(expected);
  });

  it.each([
    ['4-Hydroxy-3-(3-oxo-1-phenylbutyl)coumarin', true],
    ['Vitamin B12', false],
    ['Omega-3-acid ethyl esters', false],
  ])('%s is a systematic name: %s', (name, expected) => {
    expect(DrugbankVocabularyImporter.isSystematicName(name)).toBe(expected);
  });
});
