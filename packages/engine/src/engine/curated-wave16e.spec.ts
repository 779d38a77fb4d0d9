import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 16e (label audit): interactions a drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave16e-labels.yaml and classes/wave16e-labels.yaml (Xalatan, brimonidine 0.2% / Alphagan P, Diamox,
 * Stromectol, Rocaltrol).
 */
describe('curated knowledge base: wave 16e label-named interactions', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Latanoprost (Xalatan 2): another prostaglandin analogue is not recommended.
    ['latanoprost', 'bimatoprost', 'wave16e-latanoprost--other-prostaglandin-analogs', 'major'],
    ['Xalatan', 'Lumigan', 'wave16e-latanoprost--other-prostaglandin-analogs', 'major'],
    // Brimonidine (0.2% label: MAOIs contraindicated; Alphagan P 7.3: tricyclics, caution).
    ['brimonidine', 'phenelzine', 'wave16e-brimonidine--maois-contraindicated', 'contraindicated'],
    ['Alphagan P', 'Nardil', 'wave16e-brimonidine--maois-contraindicated', 'contraindicated'],
    ['Combigan', 'selegiline', 'wave16e-brimonidine--maois-contraindicated', 'contraindicated'],
    ['brimonidine', 'amitriptyline', 'wave16e-brimonidine--tcas', 'moderate'],
    ['Alphagan P', 'Pamelor', 'wave16e-brimonidine--tcas', 'moderate'],
    // Acetazolamide (Diamox warnings and precautions).
    ['acetazolamide', 'aspirin', 'wave16e-acetazolamide--aspirin', 'moderate'],
    ['Diamox', 'Ecotrin', 'wave16e-acetazolamide--aspirin', 'moderate'],
    ['acetazolamide', 'phenytoin', 'wave16e-acetazolamide--phenytoin', 'moderate'],
    ['Diamox Sequels', 'Dilantin', 'wave16e-acetazolamide--phenytoin', 'moderate'],
    ['acetazolamide', 'primidone', 'wave16e-acetazolamide--primidone', 'moderate'],
    ['acetazolamide', 'methazolamide', 'wave16e-acetazolamide--other-carbonic-anhydrase-inhibitors', 'major'],
    ['Diamox', 'Topamax', 'wave16e-acetazolamide--other-carbonic-anhydrase-inhibitors', 'major'],
    ['acetazolamide', 'cyclosporine', 'wave16e-acetazolamide--cyclosporine', 'moderate'],
    ['acetazolamide', 'quinidine', 'wave16e-acetazolamide--quinidine', 'minor'],
    ['acetazolamide', 'methotrexate', 'wave16e-acetazolamide--folic-acid-antagonists', 'minor'],
    // Ivermectin tablets (Stromectol precautions): warfarin.
    ['ivermectin', 'warfarin', 'wave16e-oral-ivermectin--warfarin', 'moderate'],
    ['Stromectol', 'Coumadin', 'wave16e-oral-ivermectin--warfarin', 'moderate'],
    // Calcitriol (Rocaltrol precautions).
    ['calcitriol', 'hydrochlorothiazide', 'wave16e-calcitriol--thiazides', 'moderate'],
    ['Rocaltrol', 'chlorthalidone', 'wave16e-calcitriol--thiazides', 'moderate'],
    ['calcitriol', 'digoxin', 'wave16e-calcitriol--cardiac-glycosides', 'moderate'],
    ['Rocaltrol', 'Lanoxin', 'wave16e-calcitriol--cardiac-glycosides', 'moderate'],
    ['calcitriol', 'magnesium hydroxide', 'wave16e-calcitriol--magnesium', 'major'],
    ['calcitriol', 'calcium carbonate', 'wave16e-calcitriol--calcium', 'moderate'],
    ['calcitriol', 'phenobarbital', 'wave16e-calcitriol--enzyme-inducers', 'moderate'],
    ['Rocaltrol', 'Dilantin', 'wave16e-calcitriol--enzyme-inducers', 'moderate'],
    ['calcitriol', 'cholestyramine', 'wave16e-calcitriol--cholestyramine', 'minor'],
    ['calcitriol', 'ketoconazole', 'wave16e-calcitriol--ketoconazole', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['acetazolamide', 'Adderall', 'wave13b-mixed-amphetamine-salts--acetazolamide', 'major'],
    ['Trusopt', 'acetazolamide', 'ophthalmic-carbonic-anhydrase-inhibitors--carbonic-anhydrase-inhibitors', 'major'],
    ['acetazolamide', 'lithium', 'wave12b-lithium--lithium-lowering-drugs', 'moderate'],
    ['Cosopt', 'verapamil', 'beta-blockers--non-dihydropyridine-ccbs', 'major'],
    ['Macrobid', 'probenecid', 'nitrofurantoin--probenecid', 'moderate'],
    ['Cytomel', 'ketamine', 'thyroid-hormones--ketamine', 'moderate'],
    ['Cytomel', 'cholestyramine', 'thyroid-hormones--bile-acid-sequestrants', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: glaucoma drops from different classes are meant to be combined; topical ivermectin and calcitriol
  // ointment do not carry the oral labels' interactions; labels with nothing to add stay silent.
  it.each<[string, string]>([
    ['latanoprost', 'timolol'],
    ['Xalatan', 'Alphagan P'],
    ['latanoprost', 'dorzolamide'],
    ['ivermectin cream', 'warfarin'],
    ['calcitriol ointment', 'hydrochlorothiazide'],
    ['Repatha', 'atorvastatin'],
    ['Linzess', 'omeprazole'],
    ['Pyridium', 'nitrofurantoin'],
    ['Proscar', 'tamsulosin'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
