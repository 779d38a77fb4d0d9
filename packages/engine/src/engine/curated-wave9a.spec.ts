import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 9a (issue #11, item 7): common drugs that were known by name only, reviewed from their US labels
 * (knowledge/ingredients/wave9a-names-review.yaml, rules/pairs-wave9a-names-review.yaml).
 */
describe('curated knowledge base: names-only drugs reviewed in wave 9a', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Pair and class rules restating the drugs' own label sections.
    ['Cubicin', 'atorvastatin', 'daptomycin--statins', 'moderate'],
    ['daptomycin', 'rosuvastatin', 'daptomycin--statins', 'moderate'],
    ['ceftriaxone', 'calcium chloride', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['Ancobon', 'amphotericin B', 'flucytosine--amphotericin-b', 'moderate'],
    ['Trecator', 'cycloserine', 'ethionamide--cycloserine', 'moderate'],
    ['benznidazole', 'disulfiram', 'benznidazole--disulfiram', 'contraindicated'],
    ['Malarone', 'warfarin', 'proguanil--vitamin-k-antagonists', 'moderate'],
    ['artesunate', 'rifampin', 'artesunate--strong-ugt-inducers', 'moderate'],
    ['Sandostatin', 'cyclosporine', 'octreotide--cyclosporine', 'moderate'],
    ['octreotide', 'insulin glargine', 'octreotide--insulin-secretagogues-and-insulins', 'moderate'],
    ['octreotide', 'metoprolol', 'octreotide--octreotide-label-rate-lowering-drugs', 'moderate'],
    ['octreotide', 'verapamil', 'octreotide--octreotide-label-rate-lowering-drugs', 'moderate'],
    ['octreotide', 'bromocriptine', 'octreotide--bromocriptine', 'minor'],
    ['Parsabiv', 'cinacalcet', 'etelcalcetide--cinacalcet', 'major'],
    ['Ravicti', 'valproate', 'phenylbutyrate-products--phenylbutyrate-label-ammonia-raising-drugs', 'moderate'],
    ['Buphenyl', 'prednisone', 'phenylbutyrate-products--phenylbutyrate-label-ammonia-raising-drugs', 'moderate'],
    ['Ravicti', 'haloperidol', 'phenylbutyrate-products--phenylbutyrate-label-ammonia-raising-drugs', 'moderate'],
    ['potassium acetate', 'spironolactone', 'potassium-sparing-diuretics--parenteral-potassium-salts', 'moderate'],
    ['calcium chloride', 'digoxin', 'calcium-chloride--cardiac-glycosides', 'moderate'],
    ['sorbitol', 'sodium polystyrene sulfonate', 'sorbitol--sodium-polystyrene-sulfonate', 'major'],
    ['Firdapse', 'pyridostigmine', 'amifampridine--cholinergic-drugs-wave9a', 'moderate'],
    ['bethanechol', 'donepezil', 'bethanechol--cholinergic-drugs-wave9a', 'moderate'],
    ['Dopram', 'phenelzine', 'doxapram--maois', 'moderate'],
    ['doxapram', 'sevoflurane', 'doxapram--halogenated-inhaled-anesthetics', 'moderate'],
    ['doxapram', 'norepinephrine', 'doxapram--doxapram-label-pressor-drugs', 'moderate'],
    ['metaraminol', 'phenelzine', 'metaraminol--maois', 'moderate'],
    ['metaraminol', 'amitriptyline', 'metaraminol--tcas', 'moderate'],
    ['metaraminol', 'digoxin', 'metaraminol--cardiac-glycosides', 'moderate'],
    ['bupivacaine', 'dapsone', 'bupivacaine--prilocaine-label-oxidising-drugs', 'moderate'],
    ['Azopt', 'acetazolamide', 'ophthalmic-carbonic-anhydrase-inhibitors--carbonic-anhydrase-inhibitors', 'major'],
    ['dorzolamide', 'methazolamide', 'ophthalmic-carbonic-anhydrase-inhibitors--carbonic-anhydrase-inhibitors', 'major'],
    ['Ameluz', 'hydrochlorothiazide', 'aminolevulinic-acid--aminolevulinic-acid-label-photosensitisers', 'moderate'],
    ['aminolevulinic acid', 'doxycycline', 'aminolevulinic-acid--aminolevulinic-acid-label-photosensitisers', 'moderate'],
    ['balsalazide', 'azathioprine', 'balsalazide--thiopurines', 'moderate'],
    ['Paser', 'digoxin', 'aminosalicylic-acid--digoxin', 'moderate'],
    ['Provocholine', 'propranolol', 'methacholine--systemic-beta-blockers', 'major'],
    // Class memberships: the class rules and duplicates now apply to them.
    ['Byfavo', 'fentanyl', 'opioids--benzodiazepines', 'major'],
    ['Librax', 'oxycodone', 'opioids--benzodiazepines', 'major'],
    ['Pamine', 'oxybutynin', 'duplicate:antimuscarinics', 'moderate'],
    ['Tecfidera', 'Vumerity', 'duplicate:fumarate-prodrugs', 'contraindicated'],
    ['Ravicti', 'Buphenyl', 'duplicate:phenylbutyrate-products', 'moderate'],
    // Enzyme roles: givosiran is a moderate CYP1A2 and CYP2D6 inhibitor (label 12.3).
    ['Givlaari', 'tizanidine', 'cyp1a2-moderate-inhibitor--sensitive-substrate', 'moderate'],
    ['Givlaari', 'nortriptyline', 'cyp2d6-moderate-inhibitor--sensitive-substrate', 'moderate'],
    // Risk domains.
    ['methohexital', 'morphine', 'additive:cns-depression', 'moderate'],
    ['Cesamet', 'lorazepam', 'additive:cns-depression', 'moderate'],
    ['Ampyra', 'bupropion', 'additive:seizure-threshold', 'moderate'],
    ['lindane', 'tramadol', 'additive:seizure-threshold', 'moderate'],
    ['clidinium', 'diphenhydramine', 'additive:anticholinergic', 'moderate'],
    ['potassium phosphate, monobasic', 'lisinopril', 'additive:hyperkalemia', 'moderate'],
    ['Acthar Gel', 'bumetanide', 'additive:hypokalemia', 'moderate'], // furosemide: wave11b label rule
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Reviewed with nothing to encode, or only a class or domain: a check with them is complete.
  it.each([
    ['naloxone'],
    ['bacitracin'],
    ['tetracaine'],
    ['nicotinamide'],
    ['Venofer'],
    ['Fetroja'],
    ['Aemcolo'],
    ['Lampit'],
    ['aminocaproic acid'],
    ['potassium bitartrate'],
    ['potassium sulfate'],
    ['Bafiertam'],
    ['repository corticotropin'],
    ['nabilone'],
    ['Byfavo'],
    ['Ampyra'],
  ])('%s is reviewed: a check with it is complete', (drug) => {
    expect(curated.check([drug, 'simvastatin']).summary.complete).toBe(true);
  });

  // Specificity: what the labels do not support must not alert.
  it.each<[string, string]>([
    // Naloxone reverses opioids by design and is co-prescribed with them.
    ['naloxone', 'oxycodone'],
    ['Narcan', 'buprenorphine'],
    // Rifamycin SV (Aemcolo) is barely absorbed: not an enzyme inducer like rifampin.
    ['Aemcolo', 'warfarin'],
    ['rifamycin', 'ethinyl estradiol'],
    // Octreotide's label names rate-lowering calcium channel blockers' effect; dihydropyridines do not slow the heart.
    ['octreotide', 'amlodipine'],
    // Infused potassium salts do not carry the GI-injury rule of solid oral potassium with antimuscarinics.
    ['potassium acetate', 'glycopyrrolate'],
    // Bowel-preparation potassium sulfate is not a potassium supplement.
    ['potassium sulfate', 'lisinopril'],
    // Topical bacitracin (the injection was withdrawn) and topical tetracaine.
    ['bacitracin', 'gentamicin'],
    ['tetracaine', 'lidocaine'],
    ['Fetroja', 'warfarin'],
    ['Tecfidera', 'aspirin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
