import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 19a: drugs sold in the US only as eye products (Drugs@FDA route OPHTHALMIC) that were names-only, so every check
 * containing one was incomplete. Each was reviewed against its own US label (ingredients/wave19a-local-review.yaml);
 * the interactions those labels state are in rules/pairs-wave19a-local.yaml, and travoprost, tafluprost and
 * latanoprostene bunod joined the Xalatan label's prostaglandin-analogue class.
 */
describe('curated knowledge base: wave 19a eye-only drugs reviewed against their labels', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string]>([
    ['acetylcholine'],
    ['Miochol-E'],
    ['apraclonidine'],
    ['bepotastine'],
    ['Bepreve'],
    ['besifloxacin'],
    ['brilliant blue g'],
    ['Tissueblue'],
    ['bromfenac'],
    ['Prolensa'],
    ['cenegermin-bkbj'],
    ['Oxervate'],
    ['cyclopentolate'],
    ['Cyclogyl'],
    ['difluprednate'],
    ['Durezol'],
    ['echothiophate'],
    ['Phospholine Iodide'],
    ['epinastine'],
    ['Elestat'],
    ['fluorometholone'],
    ['Flarex'],
    ['hydroxypropyl cellulose'],
    ['Lacrisert'],
    ['latanoprostene bunod'],
    ['Vyzulta'],
    ['lifitegrast'],
    ['Xiidra'],
    ['lodoxamide'],
    ['Alomide'],
    ['natamycin'],
    ['Natacyn'],
    ['nedocromil'],
    ['Alocril'],
    ['nepafenac'],
    ['Nevanac'],
    ['povidone-iodine'],
    ['proparacaine'],
    ['Alcaine'],
    ['tafluprost'],
    ['Zioptan'],
    ['travoprost'],
    ['Travatan Z'],
    ['tropicamide'],
    ['Mydriacyl'],
    ['trypan blue'],
    ['Visionblue'],
  ])('%s resolves to a reviewed drug', (name) => {
    curated.expectReviewed(name);
  });

  it.each<[string, string, string, string]>([
    // Iopidine: MAO inhibitors contraindicated; caution with tricyclics, beta-blockers and cardiac glycosides.
    ['apraclonidine', 'phenelzine', 'wave19a-apraclonidine--maois', 'contraindicated'],
    ['apraclonidine', 'linezolid', 'wave19a-apraclonidine--maois', 'contraindicated'],
    ['apraclonidine', 'amitriptyline', 'wave19a-apraclonidine--tcas', 'moderate'],
    ['apraclonidine', 'metoprolol', 'wave19a-apraclonidine--beta-blockers', 'moderate'],
    ['apraclonidine', 'timolol', 'wave19a-apraclonidine--beta-blockers', 'moderate'],
    ['apraclonidine', 'digoxin', 'wave19a-apraclonidine--cardiac-glycosides', 'moderate'],
    // Phospholine Iodide: succinylcholine only with great caution, if at all; systemic cholinesterase inhibitors.
    ['echothiophate', 'succinylcholine', 'wave19a-echothiophate--succinylcholine', 'major'],
    ['Phospholine Iodide', 'Anectine', 'wave19a-echothiophate--succinylcholine', 'major'],
    ['echothiophate', 'pyridostigmine', 'wave19a-echothiophate--peripheral-cholinesterase-inhibitors', 'moderate'],
    ['echothiophate', 'donepezil', 'wave19a-echothiophate--cholinesterase-inhibitors', 'moderate'],
    // Tropicamide opposes the eye-drop cholinesterase inhibitors.
    ['tropicamide', 'echothiophate', 'wave19a-tropicamide--echothiophate', 'minor'],
    ['Mydriacyl', 'demecarium', 'wave19a-tropicamide--demecarium', 'minor'],
    // Miochol-E reported ineffective with NSAID eye drops.
    ['Miochol-E', 'bromfenac', 'wave19a-acetylcholine--bromfenac', 'minor'],
    ['acetylcholine', 'Nevanac', 'wave19a-acetylcholine--nepafenac', 'minor'],
    // NSAID + corticosteroid eye drops: healing.
    ['Prolensa', 'Durezol', 'wave19a-bromfenac--difluprednate', 'minor'],
    ['bromfenac', 'fluorometholone', 'wave19a-bromfenac--fluorometholone', 'minor'],
    ['bromfenac', 'Lotemax', 'wave19a-bromfenac--loteprednol', 'minor'],
    ['nepafenac', 'difluprednate', 'wave19a-nepafenac--difluprednate', 'minor'],
    ['Ilevro', 'Flarex', 'wave19a-nepafenac--fluorometholone', 'minor'],
    ['nepafenac', 'loteprednol', 'wave19a-nepafenac--loteprednol', 'minor'],
    // NSAID eye drops join the bleeding domain, as ketorolac eye drops do.
    ['bromfenac', 'warfarin', 'additive:bleeding', 'moderate'],
    ['Nevanac', 'apixaban', 'additive:bleeding', 'moderate'],
    // The Xalatan label: two prostaglandin analogues together not recommended.
    ['latanoprost', 'travoprost', 'wave16e-latanoprost--other-prostaglandin-analogs', 'major'],
    ['Xalatan', 'Zioptan', 'wave16e-latanoprost--other-prostaglandin-analogs', 'major'],
    ['latanoprost', 'Vyzulta', 'wave16e-latanoprost--other-prostaglandin-analogs', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('apraclonidine counts in the hypotension domain its label names (antihypertensives)', () => {
    expect(curated.findings('apraclonidine', 'lisinopril')).toEqual([]);
    expect(curated.check(['apraclonidine', 'lisinopril', 'amlodipine']).interactions.map((f) => f.ruleId)).toContain('additive:hypotension');
  });

  it('the eye NSAIDs and steroids are not members of the systemic NSAID or glucocorticoid classes', () => {
    expect(curated.findings('bromfenac', 'lithium')).toEqual([]);
    expect(curated.findings('nepafenac', 'methotrexate')).toEqual([]);
    expect(curated.findings('difluprednate', 'ibuprofen')).toEqual([]);
    expect(curated.findings('fluorometholone', 'aspirin')).toEqual([]);
  });

  // Labels with nothing about other drugs: no finding with common partners.
  it.each<[string, string]>([
    ['travoprost', 'warfarin'],
    ['tafluprost', 'simvastatin'],
    ['besifloxacin', 'warfarin'],
    ['besifloxacin', 'tizanidine'],
    ['natamycin', 'simvastatin'],
    ['epinastine', 'oxycodone'],
    ['lifitegrast', 'warfarin'],
    ['cyclopentolate', 'simvastatin'],
    ['proparacaine', 'warfarin'],
    ['povidone-iodine', 'levothyroxine'],
    ['travoprost', 'bimatoprost'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
