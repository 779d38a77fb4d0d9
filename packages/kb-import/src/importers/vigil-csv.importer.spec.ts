import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InteractionEngine, buildKnowledgeBase, loadCuratedKb } from '@vigil/engine';
import { baseDoc, baseKb, tempFiles } from '../../test-fixtures/base-kb';
import type { ImportResult } from '../model/import.model';
import { importSource } from './source.importer';

const HEADER = 'a,b,severity,mechanism,management,citation';
/** The example of VIGIL-CSV.md: the documentation must stay a valid file. */
const EXAMPLE = /```csv\n([\s\S]*?)```/.exec(readFileSync(join(__dirname, '..', '..', 'VIGIL-CSV.md'), 'utf8'))![1];

function ok(result: ImportResult): Extract<ImportResult, { ok: true }> {
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result;
}

describe('VigilCsvImporter', () => {
  describe('the documented example', () => {
    const [file] = tempFiles({ 'local-rules.csv': EXAMPLE });
    let result: Extract<ImportResult, { ok: true }>;
    beforeAll(async () => {
      result = ok(await importSource({ format: 'vigil-csv', files: [file], sourceId: 'st-elsewhere', title: 'St Elsewhere local rules', license: 'Internal use only' }, baseKb()));
    });

    it('imports every rule, with class sides, optional columns and defaults', () => {
      expect(result.report).toMatchObject({ rowsRead: 3, pairs: 3, rules: 3, drugs: 5, rejected: [], severityCounts: { major: 1, moderate: 1, minor: 1 } });
      expect(result.report.linkedBy).toEqual({ exact: 3, synonym: 2, 'salt-stripped': 0, new: 0 });
      expect(result.doc.sources).toEqual([{ id: 'st-elsewhere', title: 'St Elsewhere local rules', license: 'Internal use only' }]);
      expect(result.doc.rules.map((r) => r.id)).toEqual(['st-elsewhere:acetaminophen--warfarin', 'st-elsewhere:atorvastatin--fluconazole', 'st-elsewhere:class:nsaids--warfarin']);
      const [apap, statin, nsaids] = result.doc.rules;
      expect(apap).toMatchObject({
        sourceId: 'st-elsewhere',
        a: { ingredient: 'warfarin' },
        b: { ingredient: 'acetaminophen' },
        severity: 'moderate',
        risks: ['bleeding'],
        summary: 'Listed as a moderate interaction in St Elsewhere local rules.',
        evidence: { level: 'probable' },
        citations: [{ source: 'st-elsewhere', title: 'St Elsewhere anticoagulation protocol v3 (2024)', url: 'https://intranet.example.org/protocols/anticoagulation-v3' }],
      });
      expect(statin).toMatchObject({
        severity: 'minor',
        risks: [],
        evidence: { level: 'unknown' },
        citations: [{ source: 'st-elsewhere', title: 'Pharmacy and therapeutics committee note 2024-07' }],
      });
      expect(nsaids).toMatchObject({ a: { ingredient: 'warfarin' }, b: { class: 'nsaids' }, summary: '{a} with {b}: high risk of gastrointestinal bleeding.' });
    });

    it('gives findings carrying the local source next to the curated one', () => {
      const kb = buildKnowledgeBase([baseDoc(), result.doc]);
      const check = new InteractionEngine().check(kb, ['Coumadin', 'ibuprofen', 'Tylenol']);
      const byRule = Object.fromEntries(check.interactions.map((f) => [f.ruleId, f]));
      expect(byRule['st-elsewhere:class:nsaids--warfarin']).toMatchObject({
        severity: 'major',
        sources: ['st-elsewhere'],
        summary: 'warfarin with ibuprofen: high risk of gastrointestinal bleeding.',
      });
      expect(byRule['st-elsewhere:acetaminophen--warfarin']).toMatchObject({ severity: 'moderate' });
    });

    it('is valid against the real curated knowledge base too', async () => {
      const real = ok(await importSource({ format: 'vigil-csv', files: [file] }, loadCuratedKb()));
      expect(real.report).toMatchObject({ pairs: 3, rejected: [] });
    });
  });

  it('rejects rows it cannot place, each with its line, and merges identical repeats', async () => {
    const [file] = tempFiles({
      'rules.csv': [
        HEADER,
        'warfarin,fluconazole,major,m,g,c',
        'Fluconazole,WARFARIN,major,m,g,c', // the same rule, other order: merged
        'warfarin,fluconazole,minor,m,g,c', // a different rule for the same pair
        'warfarin,unobtainium,major,m,g,c',
        'warfarin,class:statins,major,m,g,c',
        'warfarin,Vicodin,major,m,g,c',
        'warfarin,Coumadin,major,m,g,c',
        'class:nsaids,class:nsaids,moderate,two NSAIDs,avoid,c',
      ].join('\n'),
    });
    const result = ok(await importSource({ format: 'vigil-csv', files: [file] }, baseKb()));
    expect(result.report.rejected).toEqual([
      { file, line: 4, reason: expect.stringMatching(/a different rule for the same pair is already given at .*rules\.csv:2/) },
      { file, line: 5, reason: expect.stringMatching(/unknown drug "unobtainium"/) },
      { file, line: 6, reason: 'unknown class "statins"' },
      { file, line: 7, reason: expect.stringMatching(/combination product Vicodin/) },
      { file, line: 8, reason: expect.stringMatching(/same ingredient \(warfarin\)/) },
    ]);
    expect(result.report).toMatchObject({ rowsRead: 8, pairs: 2, duplicatesMerged: 1, newIngredients: 0 });
    expect(result.doc.rules.map((r) => r.id)).toEqual(['local:class:nsaids--class:nsaids', 'local:fluconazole--warfarin']);
    expect(result.doc.sources[0]).toMatchObject({ id: 'local', title: 'Local interaction rules' });
  });

  it.each<[string, string, { line: number; message: RegExp }[]]>([
    ['an unknown column', 'a,b,severity,mechanism,management,citation,notes\n', [{ line: 1, message: /bad header: unknown column\(s\) "notes"/ }]],
    ['a missing column', 'a,b,severity,mechanism,citation\n', [{ line: 1, message: /missing column\(s\) management/ }]],
    ['an unknown severity', `${HEADER}\nwarfarin,fluconazole,serious,m,g,c\n`, [{ line: 2, message: /unknown severity "serious"/ }]],
    ['an empty required field', `${HEADER}\nwarfarin,fluconazole,major,,g,c\n`, [{ line: 2, message: /mechanism is empty/ }]],
    ['a wrong field count', `${HEADER}\nwarfarin,fluconazole,major,m,g\n`, [{ line: 2, message: /expected 6 fields, found 5/ }]],
    ['an unterminated quote', `${HEADER}\nwarfarin,fluconazole,major,"m,g,c\n`, [{ line: 2, message: /unterminated quoted field/ }]],
    [
      'bad optional values, all reported',
      'a,b,severity,mechanism,management,citation,evidence,source_url,risks\nwarfarin,fluconazole,major,m,g,c,likely,ftp://x,Bleeding Risk\n',
      [
        { line: 2, message: /unknown evidence level "likely"/ },
        { line: 2, message: /source_url "ftp:\/\/x"/ },
        { line: 2, message: /risk tag "bleeding risk"/ },
      ],
    ],
  ])('rejects the whole import for %s', async (_, text, expected) => {
    const [file] = tempFiles({ 'rules.csv': text });
    const result = await importSource({ format: 'vigil-csv', files: [file] }, baseKb());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.file, e.line])).toEqual(expected.map((e) => [file, e.line]));
    result.errors.forEach((e, i) => expect(e.message).toMatch(expected[i].message));
  });
});
