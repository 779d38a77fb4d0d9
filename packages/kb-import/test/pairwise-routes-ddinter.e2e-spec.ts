import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CURATED_KB_PATH, InteractionEngine, type KnowledgeBase, buildKnowledgeBase, composeRelease, readCompiledKb } from '@vigil/engine';
import { importSource } from '../src/importers/source.importer';

/**
 * The pairwise layer's fast routes (one packed rule, one rule, one rule from each of two sources) must give exactly
 * the findings of its general route. The curated pack alone rarely has two sources on a pair; a release enlarged with
 * DDInter has thousands, so this runs every pair of the ClinCalc top-300 generics over such a release, with DDInter
 * after the curated pack (the default precedence) and before it, with and without a severity filter.
 */
const DATA = join(__dirname, '..', '..', '..', '..', 'shared', 'data');
const TOP300 = join(DATA, 'common-drugs', 'clincalc_top300_2023_generics.tsv');
const DDINTER = join(DATA, 'ddinter');
const haveData = existsSync(TOP300) && existsSync(DDINTER);
if (!haveData) process.stderr.write(`\n[pairwise routes, DDInter release] SKIPPED: ${DATA} lacks the top-300 list or DDInter (../shared/data beside the repository).\n\n`);

(haveData ? describe : describe.skip)('pairwise layer over a DDInter-enlarged release: fast routes and the general route agree on every top-300 pair', () => {
  const fast = new InteractionEngine();
  const general = new InteractionEngine({ pairwiseFastPaths: false });
  const top = haveData
    ? readFileSync(TOP300, 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[1])
        .filter(Boolean)
    : [];
  const releases: Record<'curated first' | 'ddinter first', KnowledgeBase> = {} as never;
  let curatedOnly = 0;

  beforeAll(async () => {
    const curated = readCompiledKb(CURATED_KB_PATH);
    const files = readdirSync(DDINTER)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => join(DDINTER, f));
    const result = await importSource({ format: 'ddinter', files }, buildKnowledgeBase(curated));
    if (!result.ok) throw new Error(`DDInter import failed: ${JSON.stringify(result.errors.slice(0, 3))}`);
    expect(result.report.rules).toBeGreaterThan(100_000);
    const release = { version: 'kb-differential', releasedAt: '2026-11-25T00:00:00.000Z' };
    releases['curated first'] = composeRelease(curated, [result.doc], release);
    releases['ddinter first'] = composeRelease(curated, [result.doc], release, { sourcePrecedence: ['ddinter'] });
    curatedOnly = fast.check(buildKnowledgeBase(curated), top).interactions.length;
  }, 120_000);

  it.each([
    ['curated first', undefined],
    ['curated first', 'major'],
    ['curated first', 'moderate'],
    ['ddinter first', undefined],
    ['ddinter first', 'moderate'],
  ] as const)('%s, minSeverity %s', (precedence, minSeverity) => {
    expect(top.length).toBeGreaterThanOrEqual(290);
    const kb = releases[precedence];
    const options = minSeverity ? { minSeverity } : {};
    const a = fast.check(kb, top, options);
    const b = general.check(kb, top, options);
    expect(a.summary.pairsChecked).toBeGreaterThan(40_000);
    if (!minSeverity) expect(a.interactions.length).toBeGreaterThan(curatedOnly + 1000);
    // Two sources on one pair really occur (the fast route this release exists to exercise).
    expect(a.interactions.filter((f) => f.sources.length > 1).length).toBeGreaterThan(200);
    expect(a.summary).toEqual(b.summary);
    expect(a.interactions).toEqual(b.interactions);
  });
});
