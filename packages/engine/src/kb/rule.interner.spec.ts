import type { KbRule } from '../model/compiled-kb.model';
import { join } from 'node:path';
import { readCompiledKb } from './kb.loader';
import { RuleInterner } from './rule.interner';
import { bulkRule } from '../../test-fixtures/fixture-kb';

/** The compiled curated pack (the test command builds the package first). */
const CURATED = join(__dirname, '..', '..', 'dist', 'kb', 'curated.json');

const bulk = (a: string, b: string, severity: KbRule['severity']): KbRule =>
  // A fresh parse per rule, as a stored document gives: equal values, separate objects.
  JSON.parse(JSON.stringify(bulkRule(`bulk:${a}--${b}`, { ingredient: a }, { ingredient: b }, severity))) as KbRule;

describe('RuleInterner', () => {
  it('returns an equal rule for every curated rule (no field dropped or changed)', () => {
    const interner = new RuleInterner();
    for (const rule of readCompiledKb(CURATED).rules) expect(interner.rule(rule)).toStrictEqual(rule);
  });

  it.each([
    ['texts', (r: KbRule) => r.summary],
    ['sides', (r: KbRule) => r.a],
    ['risk lists', (r: KbRule) => r.risks],
    ['evidence', (r: KbRule) => r.evidence],
    ['citation lists', (r: KbRule) => r.citations],
  ])('shares equal %s between rules', (_name, part) => {
    const interner = new RuleInterner();
    const x = interner.rule(bulk('warfarin', 'aspirin', 'major'));
    const y = interner.rule(bulk('warfarin', 'ibuprofen', 'moderate'));
    expect(part(y)).toBe(part(x));
  });

  it.each([
    ['a different side', { b: { ingredient: 'naproxen' } }, (r: KbRule) => r.b],
    ['a different citation section', { citations: [{ source: 'bulk', title: 'Bulk', section: '7', url: 'https://example.org/' }] }, (r: KbRule) => r.citations],
    ['a class side with the same name as an ingredient', { b: { class: 'aspirin' } }, (r: KbRule) => r.b],
    ['different risks', { risks: ['bleeding'] }, (r: KbRule) => r.risks],
  ])('keeps %s apart', (_name, change, part) => {
    const interner = new RuleInterner();
    const x = interner.rule(bulk('warfarin', 'aspirin', 'major'));
    const changed = { ...bulk('warfarin', 'aspirin', 'major'), ...change };
    const y = interner.rule(changed);
    expect(part(y)).not.toBe(part(x));
    expect(y).toStrictEqual(changed);
  });

  it('keeps the optional ONC group only where the rule has one', () => {
    const interner = new RuleInterner();
    expect('onc' in interner.rule(bulk('a', 'b', 'major'))).toBe(false);
    expect(interner.rule({ ...bulk('a', 'b', 'major'), onc: 3 }).onc).toBe(3);
  });
});
