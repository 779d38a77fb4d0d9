import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13d (issue #11, item 3): interactions a common anti-infective's own US label names that answered nothing or
 * below the label — rules/pairs-wave13d-labels.yaml and classes/wave13d-labels.yaml (clarithromycin, azithromycin,
 * ciprofloxacin, levofloxacin, doxycycline, sulfamethoxazole/trimethoprim, nitrofurantoin, amoxicillin/clavulanate,
 * valacyclovir, isoniazid).
 */
describe('curated knowledge base: wave 13d label-named interactions of common anti-infectives', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Clarithromycin (Biaxin 5 and 7): CYP3A inducers, phenytoin/valproate, hypoglycaemics, atazanavir, zidovudine.
    ['clarithromycin', 'rifampin', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['clarithromycin', 'rifapentine', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['Biaxin', 'efavirenz', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['clarithromycin', 'etravirine', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['clarithromycin', 'nevirapine', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['clarithromycin', 'phenobarbital', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['clarithromycin', 'st-johns-wort', 'wave13d-clarithromycin--label-inducers', 'moderate'],
    ['clarithromycin', 'phenytoin', 'wave13d-clarithromycin--label-monitored-antiepileptics', 'moderate'],
    ['clarithromycin', 'Depakote', 'wave13d-clarithromycin--label-monitored-antiepileptics', 'moderate'],
    ['clarithromycin', 'insulin-glargine', 'wave13d-clarithromycin--hypoglycemic-agents', 'moderate'],
    ['Biaxin', 'Lantus', 'wave13d-clarithromycin--hypoglycemic-agents', 'moderate'],
    ['clarithromycin', 'pioglitazone', 'wave13d-clarithromycin--hypoglycemic-agents', 'moderate'],
    ['clarithromycin', 'rosiglitazone', 'wave13d-clarithromycin--hypoglycemic-agents', 'moderate'],
    ['clarithromycin', 'nateglinide', 'wave13d-clarithromycin--hypoglycemic-agents', 'moderate'],
    ['clarithromycin', 'atazanavir', 'wave13d-clarithromycin--atazanavir', 'moderate'],
    ['clarithromycin', 'zidovudine', 'wave13d-clarithromycin--zidovudine', 'minor'],
    // Azithromycin (Zithromax 7.1).
    ['azithromycin', 'nelfinavir', 'wave13d-azithromycin--nelfinavir', 'moderate'],
    ['Zithromax', 'Viracept', 'wave13d-azithromycin--nelfinavir', 'moderate'],
    // Ciprofloxacin and levofloxacin (Cipro 7, Levaquin 7.1).
    ['ciprofloxacin', 'phenytoin', 'wave13d-ciprofloxacin--phenytoin', 'moderate'],
    ['Cipro', 'Dilantin', 'wave13d-ciprofloxacin--phenytoin', 'moderate'],
    ['ciprofloxacin', 'didanosine', 'wave13d-fluoroquinolones--buffered-didanosine', 'minor'],
    ['Levaquin', 'didanosine', 'wave13d-fluoroquinolones--buffered-didanosine', 'minor'],
    ['ciprofloxacin', 'probenecid', 'wave13d-ciprofloxacin--probenecid', 'minor'],
    // Doxycycline (Vibramycin precautions).
    ['doxycycline', 'amoxicillin', 'wave13d-doxycycline--penicillins', 'moderate'], // below the label's "avoid": guideline CAP regimens
    ['Vibramycin', 'penicillin-v', 'wave13d-doxycycline--penicillins', 'moderate'],
    ['doxycycline', 'phenobarbital', 'wave13d-doxycycline--half-life-shorteners', 'minor'],
    ['doxycycline', 'carbamazepine', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'], // the carbamazepine label's own (wave 13b) answer is graver and absorbs this one
    ['doxycycline', 'phenytoin', 'wave13d-doxycycline--half-life-shorteners', 'minor'],
    ['doxycycline', 'ethinyl-estradiol', 'wave13d-doxycycline--oral-contraceptives', 'minor'],
    // Sulfamethoxazole/trimethoprim (Bactrim warnings and precautions).
    ['Bactrim', 'leucovorin', 'wave13d-sulfamethoxazole--leucovorin', 'major'],
    ['sulfamethoxazole', 'digoxin', 'wave13d-sulfamethoxazole--digoxin', 'moderate'],
    ['Bactrim DS', 'Lanoxin', 'wave13d-sulfamethoxazole--digoxin', 'moderate'],
    ['Bactrim', 'hydrochlorothiazide', 'wave13d-sulfamethoxazole--thiazide-diuretics', 'moderate'],
    ['Bactrim', 'chlorthalidone', 'wave13d-sulfamethoxazole--thiazide-diuretics', 'moderate'],
    ['Bactrim', 'pyrimethamine', 'wave13d-sulfamethoxazole--pyrimethamine', 'moderate'],
    ['Bactrim', 'amantadine', 'wave13d-sulfamethoxazole--amantadine', 'minor'],
    // Amoxicillin/clavulanate (Augmentin 7.1 and 7.4).
    ['Augmentin', 'probenecid', 'wave13d-clavulanate--probenecid', 'major'],
    ['Augmentin', 'ethinyl-estradiol', 'wave13d-clavulanate--oral-contraceptives', 'minor'],
    // Valacyclovir (Valtrex 5: acute renal failure with nephrotoxic drugs).
    ['valacyclovir', 'gentamicin', 'wave13d-valacyclovir--nephrotoxic-drugs', 'moderate'],
    ['Valtrex', 'tacrolimus', 'wave13d-valacyclovir--nephrotoxic-drugs', 'moderate'],
    ['valacyclovir', 'ibuprofen', 'wave13d-valacyclovir--nephrotoxic-drugs', 'moderate'],
    // Isoniazid (precautions).
    ['isoniazid', 'theophylline', 'wave13d-isoniazid--theophylline', 'moderate'],
    ['isoniazid', 'valproate', 'wave13d-isoniazid--valproate', 'moderate'],
    ['isoniazid', 'ketoconazole', 'wave13d-isoniazid--ketoconazole', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['clarithromycin', 'simvastatin', 'simvastatin--clarithromycin', 'contraindicated'],
    ['clarithromycin', 'rifabutin', 'rifabutin--clarithromycin', 'moderate'],
    ['clarithromycin', 'carbamazepine', 'carbamazepine--clarithromycin', 'major'],
    ['clarithromycin', 'glipizide', 'glipizide--clarithromycin', 'moderate'],
    ['ciprofloxacin', 'tizanidine', 'tizanidine--ciprofloxacin', 'contraindicated'],
    ['ciprofloxacin', 'aluminum-hydroxide', 'fluoroquinolones--polyvalent-cations', 'moderate'],
    ['doxycycline', 'isotretinoin', 'isotretinoin--doxycycline', 'major'],
    ['Bactrim', 'dofetilide', 'dofetilide--trimethoprim', 'contraindicated'],
    ['Bactrim', 'warfarin', 'warfarin--sulfamethoxazole', 'major'],
    ['isoniazid', 'phenytoin', 'phenytoin--isoniazid', 'major'],
    ['nitrofurantoin', 'probenecid', 'nitrofurantoin--probenecid', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['azithromycin', 'rifampin'], // azithromycin is not CYP3A-cleared; its label does not name inducers
    ['azithromycin', 'pioglitazone'], // the hypoglycaemia warning is clarithromycin's
    ['erythromycin', 'zidovudine'],
    ['clarithromycin', 'levetiracetam'], // the label's antiepileptics are phenytoin, valproate and carbamazepine
    ['clarithromycin', 'metformin'], // not among the label's hypoglycemic agents
    ['clarithromycin', 'sitagliptin'],
    ['moxifloxacin', 'phenytoin'], // the phenytoin statement is ciprofloxacin's
    ['levofloxacin', 'probenecid'], // Levaquin 7.8: no dose change
    ['doxycycline', 'cephalexin'], // the label names penicillin, not cephalosporins
    ['doxycycline', 'levonorgestrel'], // progestin-only products are not the oral contraceptives meant
    ['doxycycline', 'apixaban'], // the label's reason (prothrombin activity) is the vitamin K antagonists'
    ['Bactrim', 'furosemide'], // the label's diuretics are primarily thiazides
    ['Bactrim', 'levoleucovorin'], // the label names leucovorin
    ['valacyclovir', 'acetaminophen'],
    ['valacyclovir', 'famotidine'],
    ['isoniazid', 'levetiracetam'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new moderate and minor rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['clarithromycin', 'insulin-glargine'],
    ['valacyclovir', 'naproxen'],
    ['Bactrim', 'hydrochlorothiazide'],
    ['doxycycline', 'ethinyl-estradiol'],
    ['ciprofloxacin', 'didanosine'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
