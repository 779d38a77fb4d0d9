import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { InteractionEngine, buildKnowledgeBase, loadCuratedKb } from '@vigil/engine';
import { baseDoc, baseKb, tempFiles } from '../../test-fixtures/base-kb';
import type { ImportResult } from '../model/import.model';
import { DdinterImporter } from './ddinter.importer';
import { importSource } from './source.importer';

const HEADER = 'DDInterID_A,Drug_A,DDInterID_B,Drug_B,Level';

function ok(result: ImportResult): Extract<ImportResult, { ok: true }> {
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result;
}

describe('DdinterImporter', () => {
  it.each([
    ['Major', 'major'],
    ['Moderate', 'moderate'],
    ['Minor', 'minor'],
    ['Unknown', 'unknown'],
    [' MAJOR ', 'major'],
    ['Severe', undefined],
    ['', undefined],
    ['Contraindicated', undefined],
  ])('maps the level %j to %j', (level, severity) => {
    expect(DdinterImporter.mapLevel(level)).toBe(severity);
  });

  describe('a small two-file download', () => {
    const files = tempFiles({
      'ddinter_downloads_code_A.csv': [
        HEADER,
        'DDInter1,Warfarin,DDInter2,Fluconazole,Major',
        'DDInter3,Acetylsalicylic acid,DDInter1,Warfarin,Moderate',
        'DDInter4,"Thyroid, porcine",DDInter1,Warfarin,Unknown',
        'DDInter5,Calcium carbonate,DDInter2,Fluconazole,Minor',
        'DDInter6,Calcium acetate,DDInter2,Fluconazole,Moderate',
        'DDInter5,Calcium carbonate,DDInter6,Calcium acetate,Minor',
        'DDInter7,Dexamethasone (topical),DDInter1,Warfarin,Minor',
        'DDInter7,Dexamethasone (topical),DDInter7,Dexamethasone (topical),Minor',
        '',
      ].join('\n'),
      'ddinter_downloads_code_B.csv': [
        HEADER,
        'DDInter2,Fluconazole,DDInter1,Warfarin,Major', // the same pair, other orientation, other file
        'DDInter1,Warfarin,DDInter3,Acetylsalicylic acid,Major', // conflicting level: the most severe is kept
        'DDInter4,"Thyroid, porcine",DDInter1,Warfarin,Unknown',
      ].join('\r\n'),
    });
    let result: Extract<ImportResult, { ok: true }>;
    beforeAll(async () => {
      result = ok(await importSource({ format: 'ddinter', files }, baseKb()));
    });

    it('counts pairs, drugs, duplicates and conflicts on the source identities', () => {
      expect(result.report).toMatchObject({
        format: 'ddinter',
        sourceId: 'ddinter',
        rowsRead: 11,
        pairs: 7,
        drugs: 7,
        duplicatesMerged: 3,
        severityConflicts: 1,
        severityCounts: { contraindicated: 0, major: 2, moderate: 1, minor: 3, unknown: 1 },
        rejected: [{ file: files[0], line: 9, reason: expect.stringMatching(/paired with itself/) }],
      });
    });

    it('links drugs (exact, synonym) and creates the others as imported ingredients', () => {
      expect(result.links).toEqual([
        { source: 'Acetylsalicylic acid (DDInter3)', ingredientId: 'aspirin', match: 'synonym' },
        { source: 'Calcium acetate (DDInter6)', ingredientId: 'calcium', match: 'synonym' },
        { source: 'Calcium carbonate (DDInter5)', ingredientId: 'calcium', match: 'synonym' },
        { source: 'Dexamethasone (topical) (DDInter7)', ingredientId: 'dexamethasone-topical', match: 'new' },
        { source: 'Fluconazole (DDInter2)', ingredientId: 'fluconazole', match: 'exact' },
        { source: 'Thyroid, porcine (DDInter4)', ingredientId: 'thyroid-porcine', match: 'new' },
        { source: 'Warfarin (DDInter1)', ingredientId: 'warfarin', match: 'exact' },
      ]);
      expect(result.report).toMatchObject({ linkedIngredients: 4, newIngredients: 2, linkedBy: { exact: 2, synonym: 3, 'salt-stripped': 0, new: 2 } });
      const thyroid = result.doc.ingredients.find((i) => i.id === 'thyroid-porcine');
      expect(thyroid).toEqual({
        id: 'thyroid-porcine',
        name: 'thyroid, porcine',
        atc: [],
        synonyms: [],
        salts: [],
        brands: [],
        roles: [],
        risks: [],
        reviewed: false,
        sourceId: 'ddinter',
      });
    });

    it('folds pairs that linking puts on one ingredient pair, keeping the most severe', () => {
      // calcium carbonate–fluconazole (minor) and calcium acetate–fluconazole (moderate) → one rule; the
      // carbonate–acetate pair becomes calcium–calcium and yields no rule.
      expect(result.report).toMatchObject({ rules: 5, pairsFoldedByLinking: 1, selfPairsAfterLinking: 1 });
      expect(result.doc.rules.map((r) => [r.id, r.severity])).toEqual([
        ['ddinter:aspirin--warfarin', 'major'],
        ['ddinter:calcium--fluconazole', 'moderate'],
        ['ddinter:dexamethasone-topical--warfarin', 'minor'],
        ['ddinter:fluconazole--warfarin', 'major'],
        ['ddinter:thyroid-porcine--warfarin', 'unknown'],
      ]);
    });

    it('writes neutral text and a DDInter citation', () => {
      const rule = result.doc.rules.find((r) => r.id === 'ddinter:thyroid-porcine--warfarin')!;
      expect(rule).toEqual({
        id: 'ddinter:thyroid-porcine--warfarin',
        sourceId: 'ddinter',
        a: { ingredient: 'thyroid-porcine' },
        b: { ingredient: 'warfarin' },
        severity: 'unknown',
        risks: [],
        summary: 'Listed as an interaction of unknown severity by DDInter; no mechanism or management text is provided by this source: consult the product labels.',
        consequence: '',
        mechanism: 'Not provided by DDInter.',
        management: 'Consult the product labels of both drugs.',
        evidence: { level: 'unknown' },
        citations: [{ source: 'ddinter', title: 'DDInter', url: 'https://ddinter.scbdd.com/' }],
      });
      expect(result.doc.rules[0].summary).toMatch(/^Listed as a major interaction by DDInter;/);
      expect(result.doc.sources).toEqual([{ id: 'ddinter', title: 'DDInter', license: 'CC BY-NC-SA 4.0', url: 'https://ddinter.scbdd.com/' }]);
    });

    it('merges with the base: each source keeps its severity and imported drugs resolve', () => {
      const kb = buildKnowledgeBase([baseDoc(), result.doc], { sourcePrecedence: ['vigil-curated', 'ddinter'] });
      const engine = new InteractionEngine();
      const check = engine.check(kb, ['warfarin', 'fluconazole', 'thyroid porcine', 'dexamethasone topical']);
      const byRule = Object.fromEntries(check.interactions.map((f) => [f.ruleId, f]));
      expect(byRule['warfarin--fluconazole']).toMatchObject({ severity: 'major', severityBySource: { 'vigil-curated': 'major', ddinter: 'major' } });
      expect(byRule['ddinter:thyroid-porcine--warfarin']).toMatchObject({ severity: 'unknown', sources: ['ddinter'] });
      expect(byRule['ddinter:dexamethasone-topical--warfarin']).toMatchObject({ severity: 'minor' });
      expect(kb.ingredient('thyroid-porcine')?.sourceId).toBe('ddinter');
      expect(kb.ingredient('warfarin')?.sourceId).toBe('vigil-curated');
    });

    it('is deterministic: the same files give the same bytes and version', async () => {
      const again = ok(await importSource({ format: 'ddinter', files }, baseKb()));
      expect(JSON.stringify(again.doc)).toBe(JSON.stringify(result.doc));
      expect(result.doc.version).toMatch(/^ddinter-[0-9a-f]{8}$/);
      expect(result.doc.releasedAt).toBe('1970-01-01T00:00:00.000Z');
      const renamed = ok(await importSource({ format: 'ddinter', files, sourceId: 'ddinter-2', title: 'DDInter 2.0', license: 'CC BY-NC-SA 4.0' }, baseKb()));
      expect(renamed.doc.version).not.toBe(result.doc.version);
      expect(renamed.doc.rules[0]).toMatchObject({ id: 'ddinter-2:aspirin--warfarin', sourceId: 'ddinter-2', citations: [{ source: 'ddinter-2', title: 'DDInter 2.0' }] });
    });
  });

  it.each<[string, string, { line: number; message: RegExp }[]]>([
    ['a wrong header', 'DrugA,DrugB,Level\nx,y,Major\n', [{ line: 1, message: /not a DDInter file: the header must be/ }]],
    ['a wrong column count', `${HEADER}\nDDInter1,Warfarin,DDInter2,Fluconazole,Major\nDDInter1,Warfarin,DDInter2,Major\n`, [{ line: 3, message: /expected 5 fields, found 4/ }]],
    [
      'an unterminated quote',
      `${HEADER}\nDDInter1,Warfarin,DDInter2,Fluconazole,Major\nDDInter4,"Thyroid, porcine,DDInter1,Warfarin,Major\n`,
      [{ line: 3, message: /unterminated quoted field/ }],
    ],
    ['an unknown level', `${HEADER}\nDDInter1,Warfarin,DDInter2,Fluconazole,Severe\n`, [{ line: 2, message: /unknown level "Severe"/ }]],
    [
      'a bad id and an empty name, all errors of the file',
      `${HEADER}\nX1,Warfarin,DDInter2,Fluconazole,Major\nDDInter1,,DDInter2,Fluconazole,Major\n`,
      [
        { line: 2, message: /DDInterID_A "X1"/ },
        { line: 3, message: /Drug_A is empty/ },
      ],
    ],
  ])('rejects the whole import for %s, with the line', async (_, text, expected) => {
    const [good, bad] = tempFiles({ 'good.csv': `${HEADER}\nDDInter1,Warfarin,DDInter2,Fluconazole,Major\n`, 'bad.csv': text });
    const result = await importSource({ format: 'ddinter', files: [good, bad] }, baseKb());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => ({ file: e.file, line: e.line }))).toEqual(expected.map((e) => ({ file: bad, line: e.line })));
    result.errors.forEach((e, i) => expect(e.message).toMatch(expected[i].message));
    expect(result.report.errorCount).toBe(expected.length);
  });

  describe('the real DDInter downloads (../shared/data/ddinter)', () => {
    const dir = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'ddinter');
    const present = existsSync(dir);
    if (!present && process.env.CI) throw new Error(`the DDInter files are missing at ${dir} (required on CI)`);
    const maybe = present ? it : it.skip;

    maybe(
      'ends with exactly 160,235 pairs and 1,939 drugs',
      async () => {
        const files = readdirSync(dir)
          .filter((f) => f.endsWith('.csv'))
          .sort()
          .map((f) => join(dir, f));
        expect(files).toHaveLength(8);
        const progress: number[] = [];
        const result = ok(await importSource({ format: 'ddinter', files, onProgress: (p) => progress.push(p.bytesRead / p.totalBytes) }, loadCuratedKb()));
        expect(result.report).toMatchObject({
          rowsRead: 222_383,
          pairs: 160_235,
          drugs: 1_939,
          duplicatesMerged: 62_148,
          severityConflicts: 0,
          rejected: [],
          severityCounts: { contraindicated: 0, major: 26_914, moderate: 96_675, minor: 6_833, unknown: 29_813 },
        });
        expect(result.report.rules).toBe(160_235 - result.report.pairsFoldedByLinking - result.report.selfPairsAfterLinking);
        expect(result.doc.rules).toHaveLength(result.report.rules);
        expect(result.report.linkedIngredients).toBeGreaterThan(500);
        expect(progress.at(-1)).toBe(1);
        // Spot checks from the data README.
        const rule = (a: string, b: string) => result.doc.rules.find((r) => r.id === `ddinter:${[a, b].sort().join('--')}`);
        expect(rule('warfarin', 'fluconazole')?.severity).toBe('major');
        expect(rule('simvastatin', 'clarithromycin')?.severity).toBe('major');
        expect(rule('aspirin', 'warfarin')).toBeDefined();
        // Re-importing (even in another file order) gives the same document: the version is a hash of the content.
        const again = ok(await importSource({ format: 'ddinter', files: [...files].reverse() }, loadCuratedKb()));
        expect(again.doc.version).toBe(result.doc.version);
      },
      60_000,
    );
  });
});
