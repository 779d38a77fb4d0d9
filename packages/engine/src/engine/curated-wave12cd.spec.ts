import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Waves 12c-12f (issue #11, item 3): tizanidine (Zanaflex 5.1 and 7), metoclopramide (Reglan), tamsulosin (Flomax),
 * simvastatin and lovastatin with warfarin, and the cholestyramine and colestipol resins against their own US labels — rules/pairs-wave12cd-labels.yaml, classes/wave12cd-labels.yaml, the tamsulosin
 * statements of labels.yaml, and the
 * tizanidine (pairs-cns.yaml) and tamsulosin (pairs-antiinfectives.yaml) rules raised to the label's wording.
 */
describe('curated knowledge base: waves 12c-12f, label statements of common drugs', () => {
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
    // Metoclopramide: MAO inhibitors (catecholamine release), neuroleptics filed as antiemetics (EPS/NMS).
    ['metoclopramide', 'phenelzine', 'wave12d-metoclopramide--nonselective-maois', 'major'],
    ['Reglan', 'tranylcypromine', 'wave12d-metoclopramide--nonselective-maois', 'major'],
    ['metoclopramide', 'prochlorperazine', 'wave12d-metoclopramide--neuroleptic-antiemetics', 'major'],
    ['metoclopramide', 'droperidol', 'wave12d-metoclopramide--neuroleptic-antiemetics', 'major'],
    ['metoclopramide', 'selegiline', 'metoclopramide--mao-b-inhibitors', 'major'],
    ['metoclopramide', 'haloperidol', 'antipsychotics--metoclopramide', 'major'],
    // Tamsulosin (Flomax 5.2, 7): strong CYP3A4 inhibitors and other alpha-blockers "should not be used" (major);
    // strong or moderate CYP2D6 inhibitors and cimetidine "use with caution" (moderate).
    ['tamsulosin', 'ketoconazole', 'tamsulosin--ketoconazole', 'major'],
    ['tamsulosin', 'clarithromycin', 'tamsulosin--clarithromycin', 'major'],
    ['Flomax', 'voriconazole', 'wave12e-tamsulosin--strong-cyp3a4-inhibitors', 'major'],
    ['tamsulosin', 'erythromycin', 'tamsulosin--moderate-cyp3a4-inhibitors', 'moderate'],
    ['tamsulosin', 'paroxetine', 'wave12e-tamsulosin--cyp2d6-inhibitors', 'moderate'],
    ['tamsulosin', 'terbinafine', 'wave12e-tamsulosin--cyp2d6-inhibitors', 'moderate'],
    ['tamsulosin', 'doxazosin', 'wave12e-tamsulosin--alpha1-blockers', 'major'],
    ['tamsulosin', 'alfuzosin', 'wave12e-tamsulosin--alpha1-blockers', 'major'],
    ['tamsulosin', 'cimetidine', 'wave12e-tamsulosin--cimetidine', 'moderate'],
    // Statins with warfarin (Zocor, Mevacor: INR before and early in treatment); resins (separate the doses).
    ['warfarin', 'simvastatin', 'warfarin--simvastatin', 'moderate'],
    ['warfarin', 'lovastatin', 'wave12f-warfarin--lovastatin', 'moderate'],
    ['warfarin', 'cholestyramine', 'wave12f-resins--label-bound-drugs', 'minor'],
    ['Questran', 'digoxin', 'wave12f-resins--label-bound-drugs', 'minor'],
    ['colestipol', 'hydrochlorothiazide', 'wave12f-resins--label-bound-drugs', 'minor'],
    ['cholestyramine', 'levothyroxine', 'thyroid-hormones--bile-acid-sequestrants', 'moderate'],
    // Ticagrelor (Brilinta 7): atazanavir named among strong CYP3A inhibitors to avoid; digoxin levels.
    ['ticagrelor', 'atazanavir', 'wave12f-ticagrelor--atazanavir', 'major'],
    ['Brilinta', 'digoxin', 'wave12f-ticagrelor--digoxin', 'moderate'],
    // Glucocorticoid class labeling: enzyme inducers (dose may need raising), ketoconazole and macrolides.
    ['prednisone', 'phenytoin', 'wave12f-glucocorticoids--label-inducers', 'moderate'],
    ['hydrocortisone', 'rifampin', 'wave12f-glucocorticoids--label-inducers', 'moderate'],
    ['methylprednisolone', 'carbamazepine', 'wave12f-glucocorticoids--label-inducers', 'moderate'],
    ['prednisolone', 'ketoconazole', 'wave12f-glucocorticoids--label-inhibitors', 'moderate'],
    ['dexamethasone', 'erythromycin', 'wave12f-glucocorticoids--label-inhibitors', 'moderate'],
    ['prednisone', 'rifampin', 'prednisone--rifampin', 'moderate'],
    ['deflazacort', 'rifampin', 'wave10b-deflazacort--cyp3a4-inducers', 'major'],
    // Inhaled antimuscarinics (Spiriva 7.2: avoid other anticholinergic-containing drugs).
    ['tiotropium', 'ipratropium', 'wave12f-inhaled-antimuscarinics--antimuscarinics', 'major'],
    ['Spiriva', 'oxybutynin', 'wave12f-inhaled-antimuscarinics--antimuscarinics', 'major'],
    ['Incruse', 'benztropine', 'wave12f-inhaled-antimuscarinics--antimuscarinics', 'major'],
    // Cephalexin raises metformin (Keflex 7.2); pregabalin with thiazolidinediones (Lyrica 5, oedema).
    ['cephalexin', 'metformin', 'wave12f-cephalexin--metformin', 'moderate'],
    ['pregabalin', 'pioglitazone', 'wave12f-pregabalin--thiazolidinediones', 'moderate'],
    // The fluoroquinolone boxed warning names corticosteroids (tendon rupture).
    ['levofloxacin', 'prednisone', 'fluoroquinolones--systemic-corticosteroids', 'major'],
    // Lipid-lowering drugs' own labels.
    ['Lipitor', 'digoxin', 'wave12f-atorvastatin--digoxin', 'moderate'],
    ['rosuvastatin', 'aluminum hydroxide', 'wave12f-rosuvastatin--antacids', 'minor'],
    ['ezetimibe', 'cholestyramine', 'wave12f-ezetimibe--bile-acid-sequestrants', 'minor'],
    ['gemfibrozil', 'enzalutamide', 'wave12f-gemfibrozil--enzalutamide', 'major'],
    ['gemfibrozil', 'selexipag', 'wave12f-gemfibrozil--selexipag', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the alpha-2 rule, not also the antihypertensive one.
  it.each<[string, string, string]>([
    ['tizanidine', 'clonidine', 'tizanidine--clonidine'],
    ['tizanidine', 'guanfacine', 'wave12c-tizanidine--alpha2-agonists'],
    ['tizanidine', 'lisinopril', 'wave12c-tizanidine--antihypertensives'],
    ['tamsulosin', 'doxazosin', 'wave12e-tamsulosin--alpha1-blockers'], // the class duplicate folds into it
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
    ['trimethobenzamide', 'phenelzine'], // the MAOI statement is metoclopramide's own
    ['tamsulosin', 'warfarin'], // the label reports a missing study, not an interaction
    ['tamsulosin', 'sertraline'], // not a strong or moderate CYP2D6 inhibitor in the pack
    ['doxazosin', 'paroxetine'], // the CYP statements are tamsulosin's own
    ['warfarin', 'pravastatin'], // the pravastatin label reports no effect
    ['cholestyramine', 'metformin'],
    ['prasugrel', 'digoxin'], // the digoxin statement is ticagrelor's own
    ['prednisone', 'azithromycin'], // not a CYP3A4 inhibitor
    ['gabapentin', 'pioglitazone'], // the oedema statement is pregabalin's own
    ['amoxicillin', 'metformin'],
    ['pravastatin', 'digoxin'], // the digoxin statement is atorvastatin's own
    ['fenofibrate', 'selexipag'], // not a CYP2C8 inhibitor
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
