import type { FindingParticipant } from '@vigil/contracts';
import { FindingBuilder } from './finding.builder';

const p = (index: number, ingredientId: string): FindingParticipant => ({ index, ingredient: ingredientId, ingredientId });

describe('FindingBuilder.id', () => {
  // Finding ids are stable across releases and instances (clients store them): these values were computed with the
  // first implementation and must never change.
  it.each([
    ['warfarin-nsaid', [p(0, 'warfarin'), p(1, 'ibuprofen')], 'f-deba0ac0ee4d3537'],
    ['ddinter:DDInter1-DDInter2', [p(3, 'ddinter-1'), p(7, 'ddinter-2')], 'f-58538026f994f98d'],
    ['duplicate-ingredient', [p(0, 'métformine'), p(1, 'metformin'), p(2, 'metformin')], 'f-1ca15ee2763df8ea'],
    ['', [], 'f-ab3e7c0bebb6c228'],
  ])('%s → the same id as ever', (ruleId, participants, id) => {
    expect(FindingBuilder.id(ruleId, participants)).toBe(id);
  });

  it('depends on the rule, the ingredients and the drug positions', () => {
    const base = FindingBuilder.id('r', [p(0, 'a'), p(1, 'b')]);
    expect(FindingBuilder.id('s', [p(0, 'a'), p(1, 'b')])).not.toBe(base);
    expect(FindingBuilder.id('r', [p(0, 'a'), p(1, 'c')])).not.toBe(base);
    expect(FindingBuilder.id('r', [p(0, 'a'), p(2, 'b')])).not.toBe(base);
  });
});
