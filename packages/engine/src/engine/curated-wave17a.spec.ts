import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 17a (label audit): interactions the hormonal contraceptive and progestin labels name that answered nothing or
 * below the label — rules/pairs-wave17a-labels.yaml, classes/wave17a-labels.yaml and the drospirenone statement in
 * labels.yaml (Sprintec, Yaz/Yasmin, Slynd, Nexplanon, NuvaRing, Xulane, Opill, Plan B One-Step, Mirena).
 */
describe('curated knowledge base: wave 17a label-named interactions of hormonal contraceptives', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Felbamate (COC 7.1 inducer list; Mirena 7): every contraceptive estrogen and progestin answers alike.
    ['Sprintec', 'felbamate', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    ['Tri-Sprintec', 'Felbatol', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    ['Yaz', 'felbamate', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    ['Nexplanon', 'felbamate', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    ['Xulane', 'felbamate', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    ['Slynd', 'felbamate', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    ['Opill', 'felbamate', 'wave17a-felbamate--contraceptive-hormones', 'major'],
    // Topiramate with the progestin-only products (Opill leaflet, Mirena 7, COC 7.1 list).
    ['Opill', 'topiramate', 'wave17a-topiramate--progestin-contraceptives', 'moderate'],
    ['Slynd', 'Topamax', 'wave17a-topiramate--progestin-contraceptives', 'moderate'],
    ['Nexplanon', 'topiramate', 'wave17a-topiramate--progestin-contraceptives', 'moderate'],
    ['Camila', 'Trokendi XR', 'wave17a-topiramate--progestin-contraceptives', 'moderate'],
    ['Plan B One-Step', 'topiramate', 'wave17a-topiramate--progestin-contraceptives', 'moderate'],
    // Drospirenone x strong CYP3A4 inhibitors (Slynd 5.1, Yaz 5.2 / 7.1): potassium advice.
    ['Slynd', 'clarithromycin', 'wave17a-drospirenone--strong-cyp3a4-inhibitors', 'moderate'],
    ['Yaz', 'ketoconazole', 'wave17a-drospirenone--strong-cyp3a4-inhibitors', 'moderate'],
    ['drospirenone', 'itraconazole', 'wave17a-drospirenone--strong-cyp3a4-inhibitors', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['Sprintec', 'topiramate', 'ethinyl-estradiol--topiramate', 'moderate'],
    ['Sprintec', 'rifampin', 'ethinyl-estradiol--rifampin', 'major'],
    ['Nexplanon', 'carbamazepine', 'etonogestrel--carbamazepine', 'major'],
    ['Yaz', 'glecaprevir', 'glecaprevir--ethinyl-estradiol', 'major'],
    ['Sprintec', 'lamotrigine', 'lamotrigine--ethinyl-estradiol', 'moderate'],
    ['Xulane', 'levothyroxine', 'thyroid-hormones--estrogens', 'moderate'],
    ['Yaz', 'spironolactone', 'spironolactone--drospirenone', 'moderate'],
    ['Opill', 'ella', 'ulipristal--ulipristal-interacting-progestins', 'moderate'],
    ['Depo-Provera', 'felbamate', 'progestin-reducing-inducers--medroxyprogesterone', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: progestin-only products are not named by the lamotrigine, thyroid or HCV (ethinyl estradiol)
  // warnings; Prometrium's CYP3A4 note carries no action.
  it.each<[string, string]>([
    ['Slynd', 'lamotrigine'],
    ['Nexplanon', 'levothyroxine'],
    ['Opill', 'glecaprevir'],
    ['Prometrium', 'ketoconazole'],
    ['Prometrium', 'topiramate'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
