import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14 (issue #11): inhaled vilanterol with strong CYP3A4 inhibitors (labels.yaml, Breo and Anoro Ellipta 7.1),
 * which answered nothing; the corticosteroid route and prodrug cases are in interaction.engine.spec.ts.
 */
describe('curated knowledge base: wave 14 label statements', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    ['vilanterol', 'ketoconazole', 'vilanterol--strong-cyp3a4-inhibitors', 'moderate'],
    ['Anoro Ellipta', 'clarithromycin', 'vilanterol--strong-cyp3a4-inhibitors', 'moderate'],
    ['Breo Ellipta', 'itraconazole', 'vilanterol--strong-cyp3a4-inhibitors', 'moderate'],
    // Breo's fluticasone keeps its own, graver, finding with ritonavir.
    ['Breo Ellipta', 'ritonavir', 'fluticasone--ritonavir', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it.each<[string, string]>([
    // A moderate inhibitor is not named by the labels.
    ['vilanterol', 'fluconazole'],
    ['Anoro Ellipta', 'diltiazem'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
