import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 10a (issue #11, item 3): pharmacodynamic label gaps — knowledge/rules/pairs-wave10a-pd-gaps.yaml,
 * knowledge/classes/wave10a-pd-gaps.yaml, knowledge/ingredients/wave10a-pd-gaps.yaml and the central alpha-2
 * agonists added to `heart-rate-lowering-drugs`.
 */
describe('curated knowledge base: pharmacodynamic label gaps closed in wave 10a', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // SNRIs with the catecholamines the Savella label names, including an auto-injector and a dental anaesthetic.
    ['milnacipran', 'epinephrine', 'snris--snri-label-catecholamines', 'moderate'],
    ['Savella', 'norepinephrine', 'snris--snri-label-catecholamines', 'moderate'],
    ['duloxetine', 'EpiPen', 'snris--snri-label-catecholamines', 'moderate'],
    ['venlafaxine', 'norepinephrine', 'snris--snri-label-catecholamines', 'moderate'],
    ['desvenlafaxine', 'epinephrine', 'snris--snri-label-catecholamines', 'moderate'],
    ['Fetzima', 'epinephrine', 'snris--snri-label-catecholamines', 'moderate'],
    ['Xylocaine with epinephrine', 'venlafaxine', 'snris--snri-label-catecholamines', 'moderate'],
    // The tricyclic rules are unchanged.
    ['amitriptyline', 'epinephrine', 'tcas--epinephrine', 'moderate'],
    ['nortriptyline', 'norepinephrine', 'tcas--norepinephrine', 'major'],
    // Savella section 7: intravenous digoxin and clonidine.
    ['milnacipran', 'digoxin', 'milnacipran--digoxin', 'moderate'],
    ['Savella', 'clonidine', 'milnacipran--clonidine', 'moderate'],
    // Central alpha-2 agonists slow the heart: every rule on heart-rate-lowering drugs now names them.
    ['fingolimod', 'clonidine', 'fingolimod--heart-rate-lowering-drugs', 'moderate'],
    ['Gilenya', 'guanfacine', 'fingolimod--heart-rate-lowering-drugs', 'moderate'],
    ['fingolimod', 'dexmedetomidine', 'fingolimod--heart-rate-lowering-drugs', 'moderate'],
    ['fingolimod', 'lofexidine', 'fingolimod--heart-rate-lowering-drugs', 'moderate'],
    ['midodrine', 'clonidine', 'midodrine--heart-rate-lowering-drugs', 'moderate'],
    ['thalidomide', 'guanfacine', 'thalidomide--heart-rate-lowering-drugs', 'moderate'],
    ['lasmiditan', 'clonidine', 'lasmiditan--heart-rate-lowering-drugs', 'moderate'],
    ['fingolimod', 'metoprolol', 'fingolimod--heart-rate-lowering-drugs', 'moderate'],
    // Ozanimod: the same caution as fingolimod.
    ['Zeposia', 'metoprolol', 'ozanimod--heart-rate-lowering-drugs', 'moderate'],
    ['ozanimod', 'diltiazem', 'ozanimod--heart-rate-lowering-drugs', 'moderate'],
    ['ozanimod', 'clonidine', 'ozanimod--heart-rate-lowering-drugs', 'moderate'],
    // Sofosbuvir's companions named alone answer like sofosbuvir; the products keep the sofosbuvir rule.
    ['ledipasvir', 'amiodarone', 'amiodarone--sofosbuvir-companion-daas', 'major'],
    ['velpatasvir', 'amiodarone', 'amiodarone--sofosbuvir-companion-daas', 'major'],
    ['voxilaprevir', 'amiodarone', 'amiodarone--sofosbuvir-companion-daas', 'major'],
    ['Daklinza', 'amiodarone', 'amiodarone--sofosbuvir-companion-daas', 'major'],
    ['Harvoni', 'amiodarone', 'amiodarone--sofosbuvir', 'major'],
    ['Epclusa', 'amiodarone', 'amiodarone--sofosbuvir', 'major'],
    // Daclatasvir (reviewed in this wave): its label's contraindicated inducers, and the generic CYP3A4 template.
    ['daclatasvir', 'rifampin', 'daclatasvir--strong-cyp3a4-inducers', 'contraindicated'],
    ['daclatasvir', 'carbamazepine', 'daclatasvir--strong-cyp3a4-inducers', 'contraindicated'],
    ['daclatasvir', 'ketoconazole', 'cyp3a4-strong-inhibitor--moderate-substrate', 'moderate'],
    // Ergot-derived dopamine agonists with ergot alkaloids.
    ['cabergoline', 'ergotamine', 'cabergoline--ergot-alkaloids', 'moderate'],
    ['Dostinex', 'methylergonovine', 'cabergoline--ergot-alkaloids', 'moderate'],
    ['bromocriptine', 'dihydroergotamine', 'bromocriptine--ergot-alkaloids', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it.each([['Harvoni'], ['Epclusa'], ['Vosevi']])('%s and amiodarone: one major bradycardia finding naming every DAA of the product', (product) => {
    const r = curated.check([product, 'amiodarone']);
    expect(r.interactions).toHaveLength(1);
    expect(r.interactions[0]).toMatchObject({ ruleId: 'amiodarone--sofosbuvir', severity: 'major' });
    expect(r.interactions[0].risks).toContain('bradycardia');
    expect(r.interactions[0].participants.filter((p) => p.index === 0).length).toBeGreaterThan(1);
  });

  it('a list with ledipasvir and sofosbuvir as separate entries gives one finding per entry with amiodarone', () => {
    const r = curated.check(['ledipasvir', 'sofosbuvir', 'amiodarone']);
    const pairs = r.interactions.map((f) =>
      f.participants
        .map((p) => p.index)
        .sort()
        .join('-'),
    );
    expect(pairs.sort()).toEqual(['0-2', '1-2']);
    expect(r.interactions.every((f) => f.severity === 'major')).toBe(true);
  });

  it('daclatasvir is reviewed: a check with it is complete', () => {
    curated.expectReviewed('daclatasvir');
  });

  // Specificity: what the labels do not support must not alert (or must stay low).
  it.each<[string, string]>([
    // SSRIs do not block norepinephrine reuptake; dopamine and dobutamine are not named for SNRIs by any US label.
    ['sertraline', 'epinephrine'],
    ['escitalopram', 'norepinephrine'],
    ['venlafaxine', 'dopamine'],
    ['duloxetine', 'dobutamine'],
    // Only the milnacipran label names digoxin and clonidine.
    ['duloxetine', 'digoxin'],
    ['venlafaxine', 'clonidine'],
    // Alpha-2 agonists joined the heart-rate class, not the QT or antiarrhythmic classes of the S1P rules.
    ['ozanimod', 'amlodipine'],
    ['fingolimod', 'tizanidine'],
    // Ledipasvir's PK partners unrelated to bradycardia stay silent with the new rule.
    ['ledipasvir', 'lisinopril'],
    ['velpatasvir', 'metoprolol'],
    // Cabergoline with a triptan (not an ergot) stays silent.
    ['cabergoline', 'sumatriptan'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
