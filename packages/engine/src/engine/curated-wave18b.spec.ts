import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 18b (measured-gap review, french-ad): label-named interactions found from reference-set gaps —
 * rules/pairs-wave18b-gaps.yaml, classes/wave18b-gaps.yaml and the wave 18b statement in labels.yaml
 * (Sovaldi, Pradaxa, Zelboraf and Jakavi EU SmPCs where the US labels are silent about the partner).
 */
describe('curated knowledge base: wave 18b gap review (french-ad)', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    ['sofosbuvir', 'modafinil', 'wave18b-sofosbuvir--modafinil', 'major'],
    ['Harvoni', 'Provigil', 'wave18b-sofosbuvir--modafinil', 'major'],
    ['dabigatran', 'tacrolimus', 'wave18b-dabigatran--systemic-tacrolimus', 'major'],
    ['Pradaxa', 'Prograf', 'wave18b-dabigatran--systemic-tacrolimus', 'major'],
    ['vemurafenib', 'ethinyl estradiol', 'wave18b-vemurafenib--hormonal-contraceptives', 'moderate'],
    ['Zelboraf', 'Yaz', 'wave18b-vemurafenib--hormonal-contraceptives', 'moderate'],
    ['vemurafenib', 'dienogest', 'wave18b-vemurafenib--hormonal-contraceptives', 'moderate'],
    ['ruxolitinib', 'phenobarbital', 'wave18b-ruxolitinib--moderate-cyp3a4-inducers', 'moderate'],
    ['Jakafi', 'primidone', 'wave18b-ruxolitinib--moderate-cyp3a4-inducers', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['Jakafi', 'rifampin', 'ruxolitinib--strong-cyp3a4-inducers', 'moderate'],
    ['sofosbuvir', 'carbamazepine', 'sofosbuvir-label-inducers--sofosbuvir', 'major'],
    ['dabigatran', 'cyclosporine', 'potent-pgp-inhibitors-cyclosporine-itraconazole--dabigatran', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: tacrolimus ointment is not systemic; labels silent on these partners.
  it.each<[string, string]>([
    ['dabigatran', 'tacrolimus ointment'],
    ['apixaban', 'tacrolimus'],
    ['regorafenib', 'efavirenz'],
    ['sertraline', 'nevirapine'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
