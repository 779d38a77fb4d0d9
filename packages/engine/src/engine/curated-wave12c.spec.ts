import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 12c (issue #11, item 3): tizanidine against its own US label (Zanaflex 5.1 and 7) —
 * rules/pairs-wave12c-tizanidine.yaml, classes/wave12c-tizanidine.yaml and the tizanidine rules of pairs-cns.yaml
 * raised to the label's wording.
 */
describe('curated knowledge base: wave 12c tizanidine label', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // 5.1: not with other alpha-2 adrenergic agonists (major).
    ['tizanidine', 'clonidine', 'tizanidine--clonidine', 'major'],
    ['Zanaflex', 'guanfacine', 'wave12c-tizanidine--alpha2-agonists', 'major'],
    ['tizanidine', 'methyldopa', 'wave12c-tizanidine--alpha2-agonists', 'major'],
    ['tizanidine', 'lofexidine', 'wave12c-tizanidine--alpha2-agonists', 'major'],
    // 5.1: monitor for hypotension with antihypertensives (moderate).
    ['tizanidine', 'lisinopril', 'wave12c-tizanidine--antihypertensives', 'moderate'],
    ['tizanidine', 'amlodipine', 'wave12c-tizanidine--antihypertensives', 'moderate'],
    ['tizanidine', 'metoprolol', 'wave12c-tizanidine--antihypertensives', 'moderate'],
    ['tizanidine', 'hydrochlorothiazide', 'wave12c-tizanidine--antihypertensives', 'moderate'],
    // 7: fluoroquinolones other than ciprofloxacin "should be avoided"; oral contraceptives "not recommended".
    ['tizanidine', 'levofloxacin', 'tizanidine--levofloxacin', 'major'],
    ['tizanidine', 'moxifloxacin', 'tizanidine--moxifloxacin', 'major'],
    ['tizanidine', 'ethinyl estradiol', 'tizanidine--ethinyl-estradiol', 'major'],
    ['tizanidine', 'ciprofloxacin', 'tizanidine--ciprofloxacin', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the alpha-2 rule, not also the antihypertensive one.
  it.each<[string, string, string]>([
    ['tizanidine', 'clonidine', 'tizanidine--clonidine'],
    ['tizanidine', 'guanfacine', 'wave12c-tizanidine--alpha2-agonists'],
    ['tizanidine', 'lisinopril', 'wave12c-tizanidine--antihypertensives'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: what the label does not name stays silent; other muscle relaxants are unaffected.
  it.each<[string, string]>([
    ['tizanidine', 'furosemide'],
    ['tizanidine', 'norethindrone'], // progestin-only: the CYP1A2 inhibition is the estrogen's
    ['cyclobenzaprine', 'lisinopril'],
    ['baclofen', 'lisinopril'],
    ['methocarbamol', 'levofloxacin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
