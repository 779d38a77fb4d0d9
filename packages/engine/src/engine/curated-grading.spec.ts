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
});
