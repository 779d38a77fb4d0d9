import { fixtureKb } from '../../test-fixtures/fixture-kb';
import { displayClassName } from './duplicate-therapy.layer';
import { InteractionEngine } from './interaction.engine';

describe('DuplicateTherapyLayer', () => {
  it.each<[string, string]>([
    ['HMG-CoA reductase inhibitors (statins)', 'HMG-CoA reductase inhibitors (statins)'],
    ['NSAIDs', 'NSAIDs'],
    ['SSRIs and SNRIs (serotonin reuptake inhibitor antidepressants)', 'SSRIs and SNRIs (serotonin reuptake inhibitor antidepressants)'],
    ['P2Y12 receptor antagonists', 'P2Y12 receptor antagonists'],
    ['Angiotensin-converting enzyme (ACE) inhibitors', 'angiotensin-converting enzyme (ACE) inhibitors'],
    ['Anticoagulants (warfarin, DOACs, heparins)', 'anticoagulants (warfarin, DOACs, heparins)'],
    ['Vitamin K antagonists', 'vitamin K antagonists'],
    ['Statins', 'statins'],
  ])('a class name inside a sentence keeps acronyms and proper case: %s', (name, expected) => {
    expect(displayClassName(name)).toBe(expected);
  });

  it('writes the class name in its own case in the summary', () => {
    const [f] = new InteractionEngine().check(fixtureKb(), ['Advil', 'Aleve']).interactions.filter((x) => x.kind === 'duplicate-therapy');
    expect(f.summary).toBe('Several NSAIDs together: ibuprofen, naproxen.');
  });
});
