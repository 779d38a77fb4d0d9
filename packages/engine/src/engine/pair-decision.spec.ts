import type { Severity } from '@vigil/contracts';
import type { KbPathway, KbRule } from '../model/compiled-kb.model';
import type { CheckUnit } from './check-unit.model';
import { type Candidate, decidePair, outranks } from './pair-decision';

/** Candidates built from minimal rules: the decision reads only ids, sources, severities, risk tags and layers. */
const rule = (id: string, sourceId: string, severity: Severity, risks: string[], layer: 1 | 2 = 1, specificity = 1): Candidate => ({
  layer,
  sourceId,
  severity,
  risks,
  specificity,
  rule: { id, sourceId, severity, risks, citations: [] } as unknown as KbRule,
});
const unit = (ing: number): CheckUnit => ({ index: ing, ing, group: ing, ingredient: { id: `i${ing}` } as CheckUnit['ingredient'] });
const pathway = (id: string, severity: Severity, enzyme = 'CYP3A4', perp = 1, sourceId = 'curated'): Candidate => ({
  layer: 3,
  sourceId,
  severity,
  risks: [`pk-${enzyme.toLowerCase()}`],
  specificity: 1,
  pathway: { id, sourceId, enzyme, severity, citations: [] } as unknown as KbPathway,
  perpetrator: unit(perp),
  victim: unit(perp === 1 ? 2 : 1),
});
const rank = (order: string[]) => (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
const ids = (cs: readonly Candidate[]) => cs.map((c) => (c.rule ?? c.pathway)!.id);

describe('decidePair: the clinical decision for one pair', () => {
  it.each([
    ['curated', 'ddinter', ['curated', 'ddinter'], true],
    ['ddinter', 'curated', ['curated', 'ddinter'], false],
    ['b', 'a', [], false], // same rank: the smaller id
    ['a', 'b', [], true],
  ])('source %s outranks %s (precedence %j): %s', (a, b, order, expected) => {
    expect(outranks(a, b, rank(order))).toBe(expected);
  });

  it('keeps the pair rule and suppresses a class rule sharing its risk tag; a class rule on another risk stays', () => {
    const d = decidePair(
      [rule('class-bleed', 'curated', 'major', ['bleeding'], 2), rule('pair-bleed', 'curated', 'moderate', ['bleeding']), rule('class-qt', 'curated', 'minor', ['qt'], 2)],
      rank([]),
    );
    expect(ids(d.kept)).toEqual(['pair-bleed', 'class-qt']);
    expect(d.host).toBe(0);
    expect(d.tags).toEqual(['bleeding', 'qt']);
  });

  it('a pathway finding is absorbed by an at-least-as-severe rule, kept when more severe, suppressed by the rule’s pk tag', () => {
    const absorbed = decidePair([rule('r', 'curated', 'major', ['serotonin']), pathway('p', 'moderate')], rank([]));
    expect(ids(absorbed.kept)).toEqual(['r']);
    expect(absorbed.absorbed.map((a) => [a.into, a.candidate.pathway!.id])).toEqual([[0, 'p']]);
    const kept = decidePair([rule('r', 'curated', 'minor', ['serotonin']), pathway('p', 'major')], rank([]));
    expect(ids(kept.kept)).toEqual(['r', 'p']);
    expect(kept.host).toBe(0);
    const suppressed = decidePair([rule('r', 'curated', 'minor', ['pk-cyp3a4']), pathway('p', 'major')], rank([]));
    expect(ids(suppressed.kept)).toEqual(['r']);
    expect(suppressed.absorbed).toEqual([]);
  });

  it('one pathway finding per enzyme and perpetrator: the label statement (more specific) before the template', () => {
    const label = {
      ...pathway('template', 'minor'),
      specificity: 0,
      pathway: { id: 'label', sourceId: 'curated', enzyme: 'CYP3A4', severity: 'major', citations: [] } as unknown as KbPathway,
    };
    const d = decidePair([pathway('template', 'minor'), { ...label, severity: 'major' }], rank([]));
    expect(ids(d.kept)).toEqual(['label']);
    expect(d.host).toBe(-1);
    expect(d.tags).toEqual([]);
  });

  it.each([
    // [what, candidates, kept, absorbed as [into, id]]
    ['another enzyme, same perpetrator, as severe: absorbed', [pathway('cyp2c9', 'moderate', 'CYP2C9'), pathway('cyp3a4', 'moderate')], ['cyp2c9'], [[0, 'cyp3a4']]],
    ['the other direction, same enzyme, as severe: absorbed', [pathway('a-on-b', 'minor', 'CYP3A4', 1), pathway('b-on-a', 'minor', 'CYP3A4', 2)], ['a-on-b'], [[0, 'b-on-a']]],
    ['a less severe one is absorbed by the more severe', [pathway('weak', 'minor', 'CYP2D6', 2), pathway('strong', 'major')], ['strong'], [[0, 'weak']]],
    [
      'a more severe template beside a less severe label statement stays',
      [{ ...pathway('label', 'minor'), specificity: 0 }, pathway('other', 'major', 'CYP2C9', 2)],
      ['label', 'other'],
      [],
    ],
  ] as [string, Candidate[], string[], [number, string][]][])('one pathway finding per pair: %s', (_what, candidates, kept, absorbed) => {
    const d = decidePair(candidates, rank([]));
    expect(ids(d.kept)).toEqual(kept);
    expect(d.absorbed.map((a) => [a.into, a.candidate.pathway!.id])).toEqual(absorbed);
    expect(d.host).toBe(-1);
  });

  it('the source that takes precedence gives the findings; another source folds into the finding sharing a risk tag, else the most severe', () => {
    const candidates = [
      rule('cur-qt', 'curated', 'moderate', ['qt']),
      rule('cur-bleed', 'curated', 'major', ['bleeding'], 2),
      rule('dd-1', 'ddinter', 'major', ['qt']),
      rule('dd-2', 'ddinter', 'minor', ['qt']),
      rule('loc', 'local', 'minor', ['other']),
    ];
    const d = decidePair(candidates, rank(['curated', 'ddinter', 'local']));
    expect(ids(d.kept)).toEqual(['cur-qt', 'cur-bleed']);
    expect(d.folded.map((f) => [f.sourceId, f.into, f.severity, ids(f.candidates)])).toEqual([
      ['ddinter', 0, 'major', ['dd-1', 'dd-2']],
      ['local', 1, 'minor', ['loc']],
    ]);
    expect(d.host).toBe(1);
    expect(d.tags).toEqual(['qt', 'bleeding', 'other']);
    // With DDInter first, its rules are the findings and the curated ones fold in.
    const swapped = decidePair(candidates, rank(['ddinter', 'curated', 'local']));
    expect(ids(swapped.kept)).toEqual(['dd-1', 'dd-2']);
    expect(swapped.folded.map((f) => [f.sourceId, f.into])).toEqual([
      ['curated', 0],
      ['local', 0],
    ]);
  });
});
