import type { CompiledKnowledgeBase, KbIngredient, KbRule, KbRuleSide } from '../model/compiled-kb.model';
import { bulkRule } from '../../test-fixtures/fixture-kb';
import { KnowledgeBase, packedRuleIndex, packedSeverityRank } from './knowledge-base';

const ingredient = (id: string): KbIngredient => ({ id, name: id, atc: [], synonyms: [], salts: [], brands: [], roles: [], risks: [], sourceId: 'vigil-curated' });

const rule = (id: string, a: KbRuleSide, b: KbRuleSide, severity: KbRule['severity'], risks: string[] = [], sourceId = 'vigil-curated'): KbRule =>
  bulkRule(id, a, b, severity, { risks, sourceId });

const ing = (id: string): KbRuleSide => ({ ingredient: id });

function kb(rules: KbRule[]): KnowledgeBase {
  const doc: CompiledKnowledgeBase = {
    format: 'vigil-kb/1',
    version: 'test-1',
    releasedAt: '2026-01-01T00:00:00.000Z',
    sources: [
      { id: 'vigil-curated', title: 'Curated', license: 'test' },
      { id: 'bulk', title: 'Bulk', license: 'test' },
    ],
    ingredients: ['a', 'b', 'c', 'd'].map(ingredient),
    classes: [
      { id: 'k', name: 'K', directMembers: ['c', 'd'], includes: [], members: ['c', 'd'], duplicateTherapy: false, severityForDuplicate: 'moderate', sourceId: 'vigil-curated' },
    ],
    products: [],
    rules,
    pathways: [],
    domains: [],
  };
  return new KnowledgeBase(doc);
}

describe('KnowledgeBase pair index', () => {
  it.each([
    ['a plain ingredient rule is packed: its index and severity rank in one number', [rule('r1', ing('a'), ing('b'), 'moderate')], 'a', 'b', 'packed'],
    ['a rule with risk tags keeps its reference list', [rule('r1', ing('a'), ing('b'), 'major', ['bleeding'])], 'a', 'b', 'list'],
    ['a class rule keeps its reference list (layer 2, its own specificity)', [rule('r1', { class: 'k' }, ing('a'), 'minor')], 'c', 'a', 'list'],
    ['a second rule on a packed pair turns it into a list', [rule('r1', ing('a'), ing('b'), 'moderate'), rule('r2', ing('b'), ing('a'), 'minor', [], 'bulk')], 'b', 'a', 'list'],
    ['an unknown pair has no entry', [rule('r1', ing('a'), ing('b'), 'moderate')], 'a', 'c', 'none'],
  ] as const)('%s', (_name, rules, x, y, kind) => {
    const k = kb([...rules]);
    const [i, j] = [k.indexOf(x)!, k.indexOf(y)!];
    const entry = k.pairEntry(i, j);
    expect(k.pairEntry(j, i)).toBe(entry); // both directions share one entry
    if (kind === 'none') return expect(entry).toBeUndefined();
    expect(typeof entry === 'number' ? 'packed' : 'list').toBe(kind);
    if (typeof entry === 'number') {
      expect(k.rules[packedRuleIndex(entry)].id).toBe(rules[0].id);
      expect(packedSeverityRank(entry)).toBe(['contraindicated', 'major', 'moderate', 'minor', 'unknown'].indexOf(rules[0].severity));
    }
  });

  it('answers rulesForPair the same, packed or not: rules in knowledge-base order, with layer and specificity', () => {
    const k = kb([
      rule('r1', ing('a'), ing('b'), 'moderate'),
      rule('r2', { class: 'k' }, ing('a'), 'minor', ['qt']),
      rule('r3', ing('b'), ing('a'), 'major', [], 'bulk'),
      rule('r4', ing('c'), ing('d'), 'unknown'),
    ]);
    const ids = (x: string, y: string) => k.rulesForPair(k.indexOf(x)!, k.indexOf(y)!)?.map((r) => [r.rule.id, r.layer, r.specificity]);
    expect(ids('a', 'b')).toEqual([
      ['r1', 1, 1],
      ['r3', 1, 1],
    ]);
    expect(ids('b', 'a')).toEqual([
      ['r1', 1, 1],
      ['r3', 1, 1],
    ]);
    expect(ids('c', 'a')).toEqual([['r2', 2, 2]]);
    expect(ids('d', 'c')).toEqual([['r4', 1, 1]]);
    expect(ids('b', 'c')).toBeUndefined();
    expect(k.rulesForPair(k.indexOf('c')!, k.indexOf('d')!)![0].rule).toBe(k.rules[3]);
  });
});
