import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 16d (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave16d-labels.yaml, classes/wave16d-labels.yaml and the wave 16d statements at the end of labels.yaml
 * (acetaminophen/codeine CYP2D6 row, Flexeril/Amrix serotonin-syndrome warning, Soma CYP2C19 row).
 */
describe('curated knowledge base: wave 16d label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Codeine (acetaminophen/codeine: boxed warning; Drug Interactions, CYP2D6 inhibitors): moderate CYP2D6 inhibitors.
    ['codeine', 'mirabegron', 'wave16d-codeine--moderate-cyp2d6-inhibitors', 'moderate'],
    ['Tylenol #3', 'Myrbetriq', 'wave16d-codeine--moderate-cyp2d6-inhibitors', 'moderate'],
    ['codeine', 'cinacalcet', 'wave16d-codeine--moderate-cyp2d6-inhibitors', 'moderate'],
    ['codeine', 'abiraterone', 'wave16d-codeine--moderate-cyp2d6-inhibitors', 'moderate'],
    // Cyclobenzaprine (Flexeril, Amrix: serotonin syndrome warning): bupropion, verapamil.
    ['cyclobenzaprine', 'bupropion', 'wave16d-cyclobenzaprine--label-serotonergic-partners', 'moderate'],
    ['Flexeril', 'Wellbutrin XL', 'wave16d-cyclobenzaprine--label-serotonergic-partners', 'moderate'],
    ['Amrix', 'verapamil', 'wave16d-cyclobenzaprine--label-serotonergic-partners', 'moderate'],
    // Carisoprodol (Soma 7: CYP2C19 inhibitors, no action).
    ['carisoprodol', 'omeprazole', 'wave16d-carisoprodol--cyp2c19-inhibitors', 'minor'],
    ['Soma', 'fluvoxamine', 'wave16d-carisoprodol--cyp2c19-inhibitors', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['codeine', 'paroxetine', 'codeine--paroxetine', 'moderate'],
    ['codeine', 'quinidine', 'cyp2d6-prodrug-opioids--strong-cyp2d6-inhibitors', 'moderate'],
    ['codeine', 'berotralstat', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['Tylenol #3', 'clarithromycin', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['MS Contin', 'butorphanol', 'mixed-agonist-antagonist-opioids--full-agonist-opioids', 'major'],
    ['Flexeril', 'phenelzine', 'phenelzine--cyclobenzaprine', 'contraindicated'],
    ['cyclobenzaprine', 'tramadol', 'opioids--skeletal-muscle-relaxants', 'major'],
    ['Soma', 'oxycodone', 'opioids--skeletal-muscle-relaxants', 'major'],
    ['carisoprodol', 'rifampin', 'cyp2c19-strong-inducer--substrate', 'moderate'],
    ['indomethacin', 'triamterene', 'triamterene--indomethacin', 'major'],
    ['Focalin', 'sevoflurane', 'wave13g-methylphenidates--halogenated-anesthetics', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: opioids not activated by CYP2D6 and the other muscle relaxants stay silent with these partners.
  it.each<[string, string]>([
    ['morphine', 'mirabegron'],
    ['MS Contin', 'cinacalcet'],
    ['baclofen', 'bupropion'],
    ['methocarbamol', 'verapamil'],
    ['methylphenidate', 'omeprazole'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
