import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14a (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave14a-labels.yaml, classes/wave14a-labels.yaml and the two diclofenac CYP2C9 statements at the end of
 * labels.yaml (the NSAID class labeling, the ketorolac contraindications, the prednisone/prednisolone corticosteroid
 * paragraph, Aldactone 7.1). Apixaban, rivaroxaban and hydroxychloroquine needed nothing new; their label partners
 * are checked below so they keep answering.
 */
describe('curated knowledge base: wave 14a label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // NSAID labels, 7 (NSAIDs and salicylates: not recommended).
    ['ibuprofen', 'naproxen', 'wave14a-nsaids--nsaids', 'major'],
    ['Motrin', 'Aleve', 'wave14a-nsaids--nsaids', 'major'],
    ['meloxicam', 'celecoxib', 'wave14a-nsaids--nsaids', 'major'],
    ['Mobic', 'diclofenac', 'wave14a-nsaids--nsaids', 'major'],
    ['naproxen', 'diflunisal', 'wave14a-nsaids--nsaids', 'major'],
    ['diclofenac', 'salsalate', 'wave14a-nsaids--salicylates', 'major'],
    ['Advil', 'magnesium salicylate', 'wave14a-nsaids--salicylates', 'major'],
    ['meloxicam', 'salsalate', 'wave14a-nsaids--salicylates', 'major'],
    // NSAID labels, 7 (cyclosporine: monitor renal function); the older pair rules keep precedence.
    ['meloxicam', 'cyclosporine', 'wave14a-nsaids--cyclosporine', 'moderate'],
    ['Mobic', 'Neoral', 'wave14a-nsaids--cyclosporine', 'moderate'],
    ['ketorolac', 'cyclosporine', 'wave14a-nsaids--cyclosporine', 'moderate'],
    ['ibuprofen', 'cyclosporine', 'cyclosporine--ibuprofen', 'moderate'],
    ['naproxen', 'Sandimmune', 'cyclosporine--naproxen', 'moderate'],
    ['diclofenac', 'cyclosporine', 'cyclosporine--diclofenac', 'moderate'],
    // Diclofenac labels (CYP2C9 inhibitors or inducers); fluconazole keeps its own label's rule.
    ['diclofenac', 'voriconazole', 'wave14a-diclofenac--cyp2c9-inhibitors', 'moderate'],
    ['Voltaren', 'Vfend', 'wave14a-diclofenac--cyp2c9-inhibitors', 'moderate'],
    ['diclofenac', 'amiodarone', 'wave14a-diclofenac--cyp2c9-inhibitors', 'moderate'],
    ['diclofenac', 'rifampin', 'wave14a-diclofenac--cyp2c9-inducers', 'moderate'],
    ['Cataflam', 'Rifadin', 'wave14a-diclofenac--cyp2c9-inducers', 'moderate'],
    ['diclofenac', 'fluconazole', 'wave11b-fluconazole--label-nsaids', 'moderate'],
    // Ketorolac contraindications: pentoxifylline (new), probenecid, aspirin and other NSAIDs (older rules).
    ['ketorolac', 'pentoxifylline', 'wave14a-ketorolac--pentoxifylline', 'contraindicated'],
    ['Toradol', 'Trental', 'wave14a-ketorolac--pentoxifylline', 'contraindicated'],
    ['ketorolac', 'probenecid', 'ketorolac--probenecid', 'contraindicated'],
    ['ketorolac', 'aspirin', 'ketorolac--aspirin', 'contraindicated'],
    ['ketorolac', 'salsalate', 'ketorolac--salicylates', 'contraindicated'],
    // NSAID class rows already answered the same way for every member.
    ['meloxicam', 'lisinopril', 'nsaids--raas-inhibitors', 'moderate'],
    ['ketorolac', 'losartan', 'nsaids--raas-inhibitors', 'moderate'],
    ['diclofenac', 'furosemide', 'nsaids--loop-diuretics', 'moderate'],
    ['naproxen', 'digoxin', 'wave10e-nsaids--digoxin', 'moderate'],
    ['meloxicam', 'pemetrexed', 'pemetrexed--nsaids', 'moderate'],
    ['ketorolac', 'sertraline', 'ssris--nsaids', 'moderate'],
    ['meloxicam', 'prednisone', 'systemic-corticosteroids--nsaids', 'moderate'],
    ['meloxicam', 'lithium', 'lithium--meloxicam', 'major'],
    ['diclofenac', 'methotrexate', 'methotrexate--diclofenac', 'major'],
    ['meloxicam', 'apixaban', 'nsaids--anticoagulants', 'major'],
    // Prednisone/prednisolone corticosteroid paragraph.
    ['prednisone', 'pyridostigmine', 'wave14a-prednisone--myasthenia-anticholinesterases', 'moderate'],
    ['Deltasone', 'Mestinon', 'wave14a-prednisone--myasthenia-anticholinesterases', 'moderate'],
    ['prednisolone', 'neostigmine', 'wave14a-prednisone--myasthenia-anticholinesterases', 'moderate'],
    ['prednisone', 'digoxin', 'wave14a-prednisone--digoxin', 'moderate'],
    ['Rayos', 'Lanoxin', 'wave14a-prednisone--digoxin', 'moderate'],
    ['prednisone', 'ethinyl estradiol', 'wave14a-prednisone--estrogens', 'minor'],
    ['Rayos', 'Premarin', 'wave14a-prednisone--estrogens', 'minor'],
    ['prednisone', 'isoniazid', 'wave14a-prednisone--isoniazid', 'minor'],
    ['Rayos', 'isoniazid', 'wave14a-prednisone--isoniazid', 'minor'],
    ['prednisone', 'cholestyramine', 'wave14a-prednisone--cholestyramine', 'minor'],
    ['Rayos', 'Questran', 'wave14a-prednisone--cholestyramine', 'minor'],
    // Spironolactone (Aldactone 7.1: heparin and low-molecular-weight heparin).
    ['spironolactone', 'enoxaparin', 'wave14a-spironolactone--heparins', 'moderate'],
    ['Aldactone', 'Lovenox', 'wave14a-spironolactone--heparins', 'moderate'],
    ['spironolactone', 'heparin', 'wave14a-spironolactone--heparins', 'moderate'],
    ['spironolactone', 'eplerenone', 'spironolactone--eplerenone', 'contraindicated'],
    ['Aldactone', 'lithium', 'wave12b-lithium--potassium-sparing-diuretics', 'moderate'],
    // Apixaban and rivaroxaban: their label partners answer at the label's grade (nothing new).
    ['apixaban', 'ketoconazole', 'apixaban--ketoconazole', 'major'],
    ['Eliquis', 'rifampin', 'apixaban--rifampin', 'major'],
    ['apixaban', 'clarithromycin', 'apixaban--clarithromycin', 'moderate'],
    ['Xarelto', 'ritonavir', 'rivaroxaban--ritonavir', 'major'],
    ['rivaroxaban', 'posaconazole', 'strong-cyp3a4-inhibitors--cyp3a4-pgp-doacs', 'major'],
    ['rivaroxaban', 'carbamazepine', 'rivaroxaban--carbamazepine', 'major'],
    ['Eliquis', 'sertraline', 'ssris--anticoagulants', 'moderate'],
    ['Xarelto', 'clopidogrel', 'rivaroxaban--clopidogrel', 'major'],
    // Hydroxychloroquine: digoxin, antidiabetics, cyclosporine, antacids (wave 10e and older).
    ['hydroxychloroquine', 'digoxin', 'digoxin--hydroxychloroquine', 'moderate'],
    ['Plaquenil', 'metformin', 'wave10e-hydroxychloroquine--glucose-lowering-drugs', 'moderate'],
    ['Plaquenil', 'cyclosporine', 'hydroxychloroquine--cyclosporine', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the new rule replaces the class duplicate, the additive domains it covers and the older,
  // less specific, moderate salicylate rule.
  it.each<[string, string, string]>([
    ['naproxen', 'meloxicam', 'wave14a-nsaids--nsaids'],
    ['diclofenac', 'salsalate', 'wave14a-nsaids--salicylates'],
    ['meloxicam', 'cyclosporine', 'wave14a-nsaids--cyclosporine'],
    ['ketorolac', 'pentoxifylline', 'wave14a-ketorolac--pentoxifylline'],
    ['spironolactone', 'heparin', 'wave14a-spironolactone--heparins'],
    ['diclofenac', 'voriconazole', 'wave14a-diclofenac--cyp2c9-inhibitors'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name, and non-systemic forms, stay silent.
  it.each<[string, string]>([
    ['prednisolone eye drops', 'digoxin'], // systemicOnly: an eye drop is not meant
    ['prednisone', 'cyclosporine'], // routine transplant combination, kept silent (wave 10e); the paragraph gives no action
    ['methylprednisolone', 'pyridostigmine'], // the Medrol label was not audited here
    ['prednisone', 'donepezil'], // the dementia cholinesterase inhibitors are not meant
    ['diclofenac', 'metformin'],
    ['ibuprofen', 'voriconazole'], // the ibuprofen label does not name CYP2C9 inhibitors
    ['spironolactone', 'fondaparinux'], // not a heparin
    ['amiloride', 'enoxaparin'], // the Aldactone label only
    ['apixaban', 'amiodarone'], // the Eliquis label does not name it
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['diclofenac topical gel', 'ibuprofen'], // a gel named topical is not a systemic NSAID: moderate duplicate only
    ['ibuprofen', 'bismuth subsalicylate'], // not an analgesic salicylate
    ['naproxen', 'aspirin'], // low-dose aspirin: not raised
    ['prednisone', 'ethinyl estradiol'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
