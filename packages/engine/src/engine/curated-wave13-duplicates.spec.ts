import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13 therapeutic duplications (classes/wave13-duplicates.yaml and the amphetamines, thyroid hormones and
 * hydantoins classes made duplicate classes): two of one drug, or two drugs doing one job by one mechanism, answer the
 * duplicate-therapy finding; combinations that are standard regimens do not.
 */
describe('curated knowledge base: wave 13 therapeutic duplications', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string]>([
    // A prodrug and the drug it becomes: one active drug (prodrugOf), reported as such, not as a class duplicate.
    ['acyclovir', 'valacyclovir', 'duplicate:active-drug'],
    ['Zovirax', 'Valtrex', 'duplicate:active-drug'],
    ['fosphenytoin', 'phenytoin', 'duplicate:active-drug'],
    ['Lialda', 'balsalazide', 'duplicate:active-drug'],
    // Adderall's amphetamine is its own partner: the amphetamine class duplicate is folded into the active-drug one.
    ['Adderall', 'Vyvanse', 'duplicate:active-drug'],
    ['Ritalin', 'Focalin', 'duplicate:methylphenidates'],
    ['levothyroxine', 'liothyronine', 'duplicate:thyroid-hormones'],
    ['sulfasalazine', 'mesalamine', 'duplicate:aminosalicylates'],
    ['montelukast', 'zafirlukast', 'duplicate:leukotriene-receptor-antagonists'],
    ['finasteride', 'dutasteride', 'duplicate:five-alpha-reductase-inhibitors'],
    ['ropinirole', 'pramipexole', 'duplicate:non-ergot-dopamine-agonists'],
    ['Lantus', 'Levemir', 'duplicate:long-acting-insulin-analogues'],
    ['insulin degludec', 'insulin glargine-yfgn', 'duplicate:long-acting-insulin-analogues'],
    ['Humalog', 'NovoLog', 'duplicate:rapid-acting-insulin-analogues'],
  ])('%s + %s: %s (moderate)', (a, b, ruleId) => {
    curated.expectFinding(a, b, ruleId, 'moderate');
  });

  it('eslicarbazepine + oxcarbazepine: one active metabolite, the eslicarbazepine label says not together (major)', () => {
    curated.expectFinding('Aptiom', 'Trileptal', 'eslicarbazepine--oxcarbazepine', 'major');
  });

  // Standard regimens are not duplications: basal with mealtime insulin, levodopa with a dopamine agonist.
  it.each<[string, string, string]>([
    ['Lantus', 'Humalog', 'duplicate:'],
    ['carbidopa/levodopa', 'pramipexole', 'duplicate:'],
    ['Adderall', 'Ritalin', 'duplicate:amphetamines'],
  ])('%s + %s: no %s finding', (a, b, prefix) => {
    expect(curated.findings(a, b).map(([id]) => id)).not.toContainEqual(expect.stringContaining(prefix));
  });

  // The amphetamine class labeling (Adderall and Vyvanse 7.1) reaches lisdexamfetamine; the PPI statement does not.
  it.each<[string, string, string, string]>([
    ['Vyvanse', 'ascorbic acid', 'wave13b-mixed-amphetamine-salts--acidifying-agents', 'moderate'],
    ['lisdexamfetamine', 'acetazolamide', 'wave13b-mixed-amphetamine-salts--acetazolamide', 'major'],
    ['lisdexamfetamine', 'desipramine', 'wave13b-mixed-amphetamine-salts--tcas', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });
});
