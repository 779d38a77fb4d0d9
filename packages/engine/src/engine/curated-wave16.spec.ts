import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 16 (session 22, beside the label-audit waves 16a-16e): what the reviews of those waves found outside their own
 * drug lists — tramadol's CYP2D6 row (labels.yaml, session22-tramadol--moderate-cyp2d6-inhibitors).
 */
describe('curated knowledge base: wave 16 review findings', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Ultram boxed warning and 7: moderate CYP2D6 inhibitors (strong ones answer through the class rule).
    ['tramadol', 'mirabegron', 'session22-tramadol--moderate-cyp2d6-inhibitors', 'moderate'],
    ['Ultram', 'cinacalcet', 'session22-tramadol--moderate-cyp2d6-inhibitors', 'moderate'],
    ['tramadol', 'terbinafine', 'cyp2d6-prodrug-opioids--strong-cyp2d6-inhibitors', 'moderate'],
    // Berotralstat keeps the more severe boxed CYP3A4 statement.
    ['tramadol', 'berotralstat', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    // Codeine's row (wave 16d) and tramadol's agree.
    ['codeine', 'mirabegron', 'wave16d-codeine--moderate-cyp2d6-inhibitors', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Opioids that do not need CYP2D6 activation stay silent with a moderate CYP2D6 inhibitor.
  it.each<[string, string]>([
    ['hydrocodone', 'mirabegron'],
    ['morphine', 'cinacalcet'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
