import { baseKb, tempFiles } from '../../test-fixtures/base-kb';
import type { ImportFormat, ImportProgress } from '../model/import.model';
import { MAX_REPORTED_ERRORS } from '../report/import.report';
import { FORMAT_DEFAULTS, SourceImporter, importSource } from './source.importer';

const DDINTER = 'DDInterID_A,Drug_A,DDInterID_B,Drug_B,Level\nDDInter1,Warfarin,DDInter2,Fluconazole,Major\n';

describe('importSource', () => {
  it.each<[string, Parameters<typeof importSource>[0], RegExp]>([
    ['an unknown format', { format: 'rxnorm' as ImportFormat, files: tempFiles({ 'a.csv': DDINTER }) }, /unknown format "rxnorm"/],
    ['no files', { format: 'ddinter', files: [] }, /no input files/],
    ['a source id that is not kebab-case', { format: 'ddinter', files: tempFiles({ 'a.csv': DDINTER }), sourceId: 'My Source' }, /must be kebab-case/],
    ['the curated source id', { format: 'ddinter', files: tempFiles({ 'a.csv': DDINTER }), sourceId: 'vigil-curated' }, /reserved for the curated/],
    ['a bad releasedAt', { format: 'ddinter', files: tempFiles({ 'a.csv': DDINTER }), releasedAt: 'yesterday' }, /not an ISO-8601 time/],
    ['a missing file', { format: 'ddinter', files: ['/nonexistent/ddinter.csv'] }, /cannot read the file: ENOENT/],
  ])('fails without reading anything for %s', async (_, input, message) => {
    const result = await importSource(input, baseKb());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toMatch(message);
    expect(result.report.rowsRead).toBe(0);
  });

  it('returns at most 100 errors but counts them all', async () => {
    const bad = Array.from({ length: 150 }, (_, i) => `DDInter${i},Drug ${i},DDInter${i + 1000},Other ${i},Sometimes`).join('\n');
    const [file] = tempFiles({ 'bad.csv': `DDInterID_A,Drug_A,DDInterID_B,Drug_B,Level\n${bad}\n` });
    const result = await importSource({ format: 'ddinter', files: [file] }, baseKb());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(result.errors[0]).toEqual({ file, line: 2, message: 'unknown level "Sometimes" (expected Major, Moderate, Minor or Unknown)' });
    expect(result.errors.at(-1)!.line).toBe(101);
    expect(result.report).toMatchObject({ errorCount: 150, rowsRead: 150, pairs: 0 });
  });

  it('reports progress over all files, ending at the total size', async () => {
    const files = tempFiles({ 'a.csv': DDINTER, 'b.csv': DDINTER.replace('Major', 'Minor') });
    const seen: ImportProgress[] = [];
    const result = await importSource({ format: 'ddinter', files, onProgress: (p) => seen.push(p) }, baseKb());
    expect(result.ok).toBe(true);
    const total = DDINTER.length * 2;
    expect(seen.at(-1)).toEqual({ rowsRead: 2, bytesRead: total, totalBytes: total });
    expect(seen.every((p, i) => i === 0 || p.bytesRead >= seen[i - 1].bytesRead)).toBe(true);
    expect(result.ok && result.report).toMatchObject({ duplicatesMerged: 1, severityConflicts: 1, files });
  });

  it('uses per-format defaults for the source entry, overridable', async () => {
    const [file] = tempFiles({ 'a.csv': DDINTER });
    const result = await new SourceImporter().import(
      {
        format: 'ddinter',
        files: [file],
        title: 'DDInter 2.0',
        license: 'CC BY-NC-SA 4.0 (non-commercial)',
        url: 'https://ddinter2.scbdd.com/',
        releasedAt: '2025-02-01T00:00:00.000Z',
      },
      baseKb(),
    );
    expect(result.ok && result.doc).toMatchObject({
      releasedAt: '2025-02-01T00:00:00.000Z',
      sources: [{ id: 'ddinter', title: 'DDInter 2.0', license: 'CC BY-NC-SA 4.0 (non-commercial)', url: 'https://ddinter2.scbdd.com/' }],
      rules: [{ citations: [{ source: 'ddinter', title: 'DDInter 2.0', url: 'https://ddinter2.scbdd.com/' }] }],
    });
    expect(Object.keys(FORMAT_DEFAULTS).sort()).toEqual(['ddinter', 'drugbank-vocabulary', 'drugs-at-fda', 'vigil-csv']);
  });

  it('changes the version when the content changes, not otherwise', async () => {
    const [a] = tempFiles({ 'a.csv': DDINTER });
    const [b] = tempFiles({ 'a.csv': DDINTER.replace('Major', 'Moderate') });
    const va = await importSource({ format: 'ddinter', files: [a] }, baseKb());
    const va2 = await importSource({ format: 'ddinter', files: [a], releasedAt: '2030-01-01T00:00:00Z' }, baseKb());
    const vb = await importSource({ format: 'ddinter', files: [b] }, baseKb());
    expect(va.ok && vb.ok && va2.ok).toBe(true);
    if (!va.ok || !vb.ok || !va2.ok) return;
    expect(va.doc.version).not.toBe(vb.doc.version);
    expect(va2.doc.version).toBe(va.doc.version); // releasedAt is not content
  });
});
