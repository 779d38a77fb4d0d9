import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 15b (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave15b-labels.yaml and classes/wave15b-labels.yaml (ProAir/Ventolin HFA, Serevent Diskus, Timoptic).
 */
describe('curated knowledge base: wave 15b label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Albuterol (ProAir HFA, Ventolin HFA 7): digoxin, other short-acting sympathomimetic bronchodilators.
    ['albuterol', 'digoxin', 'wave15b-albuterol--digoxin', 'moderate'],
    ['ProAir HFA', 'Lanoxin', 'wave15b-albuterol--digoxin', 'moderate'],
    ['albuterol', 'levalbuterol', 'wave15b-albuterol--short-acting-sympathomimetic-bronchodilators', 'major'],
    ['Ventolin HFA', 'Xopenex', 'wave15b-albuterol--short-acting-sympathomimetic-bronchodilators', 'major'],
    ['albuterol', 'terbutaline', 'wave15b-albuterol--short-acting-sympathomimetic-bronchodilators', 'major'],
    // Salmeterol (Serevent Diskus 5): other long-acting beta-2 agonists.
    ['salmeterol', 'formoterol', 'wave15b-salmeterol--other-labas', 'major'],
    ['Serevent', 'Perforomist', 'wave15b-salmeterol--other-labas', 'major'],
    ['salmeterol', 'vilanterol', 'wave15b-salmeterol--other-labas', 'major'],
    ['Serevent', 'Brovana', 'wave15b-salmeterol--other-labas', 'major'],
    // Timolol (Timoptic precautions): calcium antagonists, incl. dihydropyridines.
    ['timolol', 'amlodipine', 'wave15b-timolol--dihydropyridine-ccbs', 'moderate'],
    ['Timoptic', 'Norvasc', 'wave15b-timolol--dihydropyridine-ccbs', 'moderate'],
    ['timolol eye drops', 'nifedipine', 'wave15b-timolol--dihydropyridine-ccbs', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['Timoptic', 'verapamil', 'beta-blockers--non-dihydropyridine-ccbs', 'major'],
    ['ProAir HFA', 'propranolol', 'propranolol--albuterol', 'major'],
    ['Serevent', 'ketoconazole', 'salmeterol--ketoconazole', 'major'],
    ['Spiriva', 'oxybutynin', 'wave12f-inhaled-antimuscarinics--antimuscarinics', 'major'],
    ['Atrovent HFA', 'benztropine', 'wave12f-inhaled-antimuscarinics--antimuscarinics', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: a SABA reliever beside a LABA is standard care; other beta-blockers with amlodipine stay silent.
  it.each<[string, string]>([
    ['albuterol', 'salmeterol'],
    ['ProAir HFA', 'Serevent'],
    ['metoprolol', 'amlodipine'],
    ['albuterol', 'tiotropium'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
