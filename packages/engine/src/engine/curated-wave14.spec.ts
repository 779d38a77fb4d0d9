import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14 (issue #11): inhaled vilanterol with strong CYP3A4 inhibitors (labels.yaml, Breo and Anoro Ellipta 7.1),
 * and the long-acting beta-2 agonists whose labels ask for extreme caution with QTc-prolonging drugs (conditional
 * members of the QT domain), which answered nothing; the corticosteroid route and prodrug cases are in
 * interaction.engine.spec.ts.
 */
describe('curated knowledge base: wave 14 label statements', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    ['vilanterol', 'ketoconazole', 'vilanterol--strong-cyp3a4-inhibitors', 'moderate'],
    ['Anoro Ellipta', 'clarithromycin', 'vilanterol--strong-cyp3a4-inhibitors', 'moderate'],
    ['Breo Ellipta', 'itraconazole', 'vilanterol--strong-cyp3a4-inhibitors', 'moderate'],
    // Breo's fluticasone keeps its own, graver, finding with ritonavir.
    ['Breo Ellipta', 'ritonavir', 'fluticasone--ritonavir', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it.each<[string, string]>([
    // A moderate inhibitor is not named by the labels (fluconazole still meets vilanterol in the QT domain).
    ['vilanterol', 'fluconazole'],
    ['Anoro Ellipta', 'diltiazem'],
  ])('%s + %s: no CYP3A4 statement', (a, b) => {
    expect(curated.findings(a, b).map(([ruleId]) => ruleId)).not.toContain('vilanterol--strong-cyp3a4-inhibitors');
  });

  it.each<[string, string]>([
    ['formoterol', 'citalopram'],
    ['Symbicort', 'escitalopram'],
    ['Breo Ellipta', 'ondansetron'],
    ['Striverdi Respimat', 'levofloxacin'],
    ['Brovana', 'quetiapine'],
  ])('%s + %s: a beta-2 agonist whose label names QTc-prolonging drugs, beside one (additive QT, moderate)', (a, b) => {
    curated.expectFinding(a, b, 'additive:qt', 'moderate');
  });

  it.each<[string, string]>([
    // Salmeterol's label names MAO inhibitors and tricyclics only.
    ['salmeterol', 'citalopram'],
    // Two conditional QT members never alert alone (sertraline's QT effect is post-marketing only).
    ['Anoro Ellipta', 'sertraline'],
  ])('%s + %s: no QT finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  it.each<[string, string, string, string]>([
    // Clinical PK studies with a five-fold or greater rise in exposure (rules/pairs-wave14-pk-studies.yaml).
    ['selegiline', 'Yaz', 'selegiline--ethinyl-estradiol', 'major'],
    ['Zelapar', 'ethinyl estradiol/levonorgestrel', 'selegiline--ethinyl-estradiol', 'major'],
    ['chlorzoxazone', 'disulfiram', 'chlorzoxazone--disulfiram', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('a progestin-only pill is not the combined pill of the selegiline study', () => {
    curated.expectSilent('selegiline', 'norethindrone');
  });

  it.each<[string, string]>([
    ['modafinil', 'phenytoin'],
    ['Nuvigil', 'Dilantin'],
    ['Provigil', 'Valium'],
    ['armodafinil', 'propranolol'],
    ['modafinil', 'fosphenytoin'],
  ])('%s + %s: the modafinil labels name the CYP2C19 substrate (moderate)', (a, b) => {
    curated.expectFinding(a, b, 'wave14-modafinils--cyp2c19-substrates', 'moderate');
  });

  it('modafinil + omeprazole: a 40 % rise the PPI tolerates, no CYP2C19 finding', () => {
    expect(curated.findings('modafinil', 'omeprazole').map(([ruleId]) => ruleId)).not.toContain('wave14-modafinils--cyp2c19-substrates');
  });

  it.each<[string, string, string, string]>([
    // Propylthiouracil's label carries methimazole's paragraph (beta-blockers, digitalis, theophylline, anticoagulants).
    ['propylthiouracil', 'metoprolol', 'wave14b-methimazole--beta-blockers', 'moderate'],
    ['PTU', 'digoxin', 'wave14b-methimazole--cardiac-glycosides', 'moderate'],
    ['propylthiouracil', 'theophylline', 'wave14b-methimazole--methylxanthines', 'moderate'],
    ['propylthiouracil', 'Coumadin', 'wave14-warfarin--propylthiouracil', 'moderate'],
    // Amoxil 7.1: probenecid raises amoxicillin, no action (minor; wave 13d had kept it silent). The "not recommended"
    // stays Augmentin's (clavulanate ratio), and Augmentin + probenecid is one finding (shared risk tag).
    ['amoxicillin', 'probenecid', 'wave14-amoxicillin--probenecid', 'minor'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('every beta-blocker counts in the additive hypotension domain (metoprolol as atenolol)', () => {
    for (const bb of ['metoprolol', 'atenolol', 'propranolol', 'nebivolol']) {
      const r = curated.check([bb, 'lisinopril', 'amlodipine', 'hydrochlorothiazide']);
      expect(r.interactions.find((f) => f.ruleId === 'additive:hypotension')?.severity).toBe('moderate');
    }
  });

  it("Augmentin + probenecid: one finding, the Augmentin label's (major)", () => {
    expect(curated.findings('Augmentin', 'probenecid')).toEqual([['wave13d-clavulanate--probenecid', 'major']]);
  });
});
