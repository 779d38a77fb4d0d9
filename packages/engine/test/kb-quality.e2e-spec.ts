import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Regression floor for the curated knowledge base, measured by `npm run eval:kb` against lists nobody on the team
 * wrote (../shared/data beside the repository). Thresholds are the targets, set once they were met; raise, never lower.
 */
const DATA = join(__dirname, '..', '..', '..', '..', 'shared', 'data');
const haveData = existsSync(join(DATA, 'ddi-ground-truth'));
const maybe = haveData || process.env.CI ? describe : describe.skip;

maybe('knowledge-base quality (eval:kb)', () => {
  let report: {
    metrics: Record<string, { share: number; resolvable: number; flagged: number }>;
    coverage: Record<string, { share: number }>;
    siblingCheck: { list: { classId: string; partner: string; explained: boolean; bySeverity: Record<string, string | null> }[] };
    fuzzyAudit: { fuzzyAccepted: number; synonymNames: number; synonymsIntoOtherDrug: number; synonymExamples: { name: string; of: string; as: string }[] };
    typoAudit: { typos: number; corrected: number; wrongDrug: number; examples: { typo: string; of: string; as: string }[] };
    fdaCoverage: { share: number; total: number } | null;
    usMarket: { rows: Record<string, { setAsidePairs: number; missedInvolving: number }> };
  };

  beforeAll(() => {
    const r = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'eval', 'eval-kb.cli.js'), '--json', '--data', DATA], {
      encoding: 'utf8',
      timeout: 280_000,
      // The JSON report (with the DDInter Moderate miss list) is over 1 MB, spawnSync's default buffer.
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(r.status).toBe(0);
    report = JSON.parse(r.stdout);
  }, 300_000);

  // Sensitivity floors: the targets where met, otherwise the last measured value (raise, never lower).
  // The French shares were lowered once (CI 0.835 → 0.795, AD 0.90 → 0.885) for a reason a share cannot tell apart
  // from a regression: reviewing drugs that were known by name only (wave 9d) moved 149 French pairs from "not
  // reviewed" into the measured set, most of them restrictions the US labels do not share (prucalopride with QT drugs,
  // nalmefene with opioids, imidazoline decongestants). Flagged pairs rose (CI 516 → 527, AD 2,268 → 2,307), so the
  // French lists are also held by the count of pairs flagged, which only a removed alert can lower.
  // Wave 10d lowered the CI share again (0.795 → 0.79) for the same reason: tetrahydrozoline (INN tetryzoline) became
  // reviewed, bringing 5 French CI pairs with other sympathomimetics that no US tetrahydrozoline label supports (its
  // imidazoline siblings answer them the same way); the flagged count is unchanged. Waves 10a-10b raised the AD count
  // (2,307 → 2,331) and the AD share (→ 0.896). Session 18: DDInter Major 0.92 → 0.94 (94.5 % measured after waves
  // 11a-11c), AD count 2,331 → 2,332. Session 19 (waves 12-12g): DDInter Major 0.94 → 0.945 (95.0 % measured), AD
  // count 2,332 → 2,333. Session 20 (waves 13a-13h): CI count 527 → 528 (ziprasidone's Geodon contraindications).
  // Session 21 (waves 14a-14e): AD count 2,333 → 2,334. Session 22 (waves 16-18c, label audits and a label-backed
  // review of the measured misses): AD 2,334 → 2,345 (90.2 %: the 0.90 target, now held), CI 528 → 529.
  // Wave 19b lowered the CI share once more (0.79 → 0.78) for the same reason: alitretinoin became reviewed (Panretin
  // gel, its only US product, whose label names DEET and nothing else), bringing 8 French CI pairs of oral alitretinoin
  // (Toctino, not marketed in the US) with tetracyclines and other retinoids into the measured set (666 → 674 pairs);
  // no US label supports them. The flagged count is unchanged (529).
  it.each([
    ['onc-hp-pairs', 0.95],
    ['onc-hp-groups', 0.95],
    ['ndf-rt-critical', 0.88],
    ['french-ci', 0.78],
    ['french-ad', 0.9],
    ['ddinter-major-top300', 0.945],
  ])('%s flagged at its threshold ≥ %s', (metric, floor) => {
    expect(report.metrics[metric].resolvable).toBeGreaterThan(0);
    expect(report.metrics[metric].share).toBeGreaterThanOrEqual(floor);
  });

  // Session 21: clinical PK studies with a five-fold exposure rise (FDA/UW OI-DIDB), 27 of 29 flagged; the two others
  // are elvitegravir boosted by ritonavir (by design) and omeprazole with fluconazole (label: no dose change).
  it.each([
    ['french-ci', 529],
    ['french-ad', 2345],
    ['pk-studies-5x', 27],
  ])('%s: at least %s pairs flagged (raise, never lower)', (metric, floor) => {
    expect(report.metrics[metric].flagged).toBeGreaterThanOrEqual(floor);
  });

  it('ONC non-interruptive pairs flagged major-or-worse ≤ 10% (alert fatigue)', () => {
    expect(report.metrics['onc-non-interruptive'].resolvable).toBeGreaterThan(1000);
    expect(report.metrics['onc-non-interruptive'].share).toBeLessThanOrEqual(0.1);
  });

  it.each([
    ['random-top300-major', 0.01],
    ['random-top300-moderate', 0.1],
  ])('random top-300 pairs that no list names: %s ≤ %s (specificity)', (metric, ceiling) => {
    expect(report.metrics[metric].resolvable).toBeGreaterThanOrEqual(900);
    expect(report.metrics[metric].share).toBeLessThanOrEqual(ceiling);
  });

  it('adds no unexplained class difference (sibling check) beyond the reviewed backlog', () => {
    // sibling-backlog.json: the differences still to resolve; it may only shrink.
    const backlog = new Set<string>(JSON.parse(readFileSync(join(__dirname, 'sibling-backlog.json'), 'utf8')));
    const fresh = report.siblingCheck.list.filter((d) => !d.explained && !backlog.has(`${d.classId} × ${d.partner}`));
    expect(fresh.map((d) => `${d.classId} × ${d.partner}: ${JSON.stringify(d.bySeverity)}`)).toEqual([]);
  });

  it('never spelling-corrects one real drug (DrugBank vocabulary) into another', () => {
    expect(report.fuzzyAudit.fuzzyAccepted).toBe(0);
  });

  // A stale guard list (other-names.txt) once let "AdoMet" (S-adenosylmethionine) become methyldopa (Aldomet).
  it('never spelling-corrects a DrugBank synonym into a drug other than its own', () => {
    expect(report.fuzzyAudit.synonymNames).toBeGreaterThan(40_000);
    expect(report.fuzzyAudit.synonymExamples).toEqual([]);
    expect(report.fuzzyAudit.synonymsIntoOtherDrug).toBe(0);
  });

  it('never corrects a single-edit typo of a top-300 generic or brand into another drug', () => {
    expect(report.typoAudit.typos).toBeGreaterThan(30_000);
    expect(report.typoAudit.corrected).toBeGreaterThan(10_000); // the audit measures corrections, not only refusals
    expect(report.typoAudit.examples).toEqual([]);
    expect(report.typoAudit.wrongDrug).toBe(0);
  });

  it('resolves ≥ 98% of the ingredient names of marketed US prescription products (Drugs@FDA)', () => {
    expect(report.fdaCoverage!.total).toBeGreaterThan(1500);
    expect(report.fdaCoverage!.share).toBeGreaterThanOrEqual(0.98);
  });

  // The reported "marketed in the US only" rows set aside the pairs with a withdrawn or discontinued drug. They once
  // set aside nothing because the judge read market status from the resolver, which stopped deriving it (the engine
  // does, per check); a row that sets nothing aside reports the full list under a misleading label.
  it.each([
    ['ndf-rt-critical-us-marketed', 100],
    ['french-ci-us-marketed', 50],
    ['french-ad-us-marketed', 200],
  ])('%s sets aside the pairs with a drug no longer marketed (at least %s)', (row, least) => {
    expect(report.usMarket.rows[row].setAsidePairs).toBeGreaterThanOrEqual(least);
    expect(report.usMarket.rows[row].missedInvolving).toBeGreaterThan(0);
  });

  it('resolves the ONC high-priority drug names', () => {
    expect(report.coverage['onc-high-priority'].share).toBeGreaterThanOrEqual(0.95);
    expect(report.coverage['ndf-rt'].share).toBeGreaterThanOrEqual(0.95);
  });
});
