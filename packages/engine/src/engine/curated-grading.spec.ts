import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Grades decided against the team's rubric (issue #11): a boxed warning or "avoid unless alternatives are inadequate"
 * is major; "monitor / adjust" is moderate. The opioid boxed warning names benzodiazepines and other CNS depressants,
 * and the opioid labels list muscle relaxants and antipsychotics among them; sedating antihistamines are not named
 * (promethazine with codeine is itself a marketed product), so that class rule stays moderate.
 */
describe('curated knowledge base: grades that follow the rubric', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    ['oxycodone', 'cyclobenzaprine', 'opioids--skeletal-muscle-relaxants', 'major'],
    ['tramadol', 'carisoprodol', 'opioids--skeletal-muscle-relaxants', 'major'],
    ['Norco', 'tizanidine', 'opioids--skeletal-muscle-relaxants', 'major'],
    ['hydrocodone', 'quetiapine', 'opioids--antipsychotics', 'major'],
    ['morphine', 'Zyprexa', 'opioids--antipsychotics', 'major'],
    ['oxycodone', 'promethazine', 'opioids--antihistamines-sedating', 'moderate'],
    ['hydrocodone', 'diphenhydramine', 'opioids--antihistamines-sedating', 'moderate'],
  ])('%s + %s → %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // The Xarelto label's combined P-gp and weak-or-moderate CYP3A inhibitors include amiodarone (its only weak CYP3A4
  // inhibitor that also inhibits P-gp in the pack); the Eliquis label names no such group, and ARISTOTLE's amiodarone
  // subgroup kept apixaban's bleeding advantage, so apixaban + amiodarone stays silent.
  it('rivaroxaban + amiodarone: the Xarelto renal-impairment statement; apixaban + amiodarone: nothing', () => {
    curated.expectFinding('Xarelto', 'amiodarone', 'rivaroxaban--combined-pgp-moderate-cyp3a4-inhibitors', 'moderate');
    curated.expectSilent('apixaban', 'amiodarone');
  });
});
