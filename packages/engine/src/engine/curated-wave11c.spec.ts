import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 11c (issue #11, item 3): label statements on common drugs that answered nothing —
 * rules/pairs-wave11c-review.yaml.
 */
describe('curated knowledge base: wave 11c label statements on common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Phentermine labeling 5.1: serotonergic agents such as SSRIs, not recommended.
    ['phentermine', 'sertraline', 'wave11c-phentermine--ssri-snri-antidepressants', 'major'],
    ['Adipex-P', 'escitalopram', 'wave11c-phentermine--ssri-snri-antidepressants', 'major'],
    ['phentermine', 'duloxetine', 'wave11c-phentermine--ssri-snri-antidepressants', 'major'],
  ])('%s + %s → %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Serotonergic drugs the label does not name keep their previous answer (none).
  it.each([['phentermine', 'trazodone']])('%s + %s stays silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
