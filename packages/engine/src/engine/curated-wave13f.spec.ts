import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13f (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave13f-labels.yaml, classes/wave13f-labels.yaml and the wave13f statement in labels.yaml (methadone
 * with the NRTIs, gabapentin with aluminium/magnesium antacids, methocarbamol with myasthenia anticholinesterases,
 * lorazepam with probenecid, valproate and the methylxanthines, clonazepam with valproate and CYP3A4 inhibitors,
 * diazepam with cimetidine and omeprazole).
 */
describe('curated knowledge base: wave 13f label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Methadone (Dolophine 7): abacavir, didanosine, stavudine, zidovudine.
    ['methadone', 'abacavir', 'wave13f-methadone--label-nrtis', 'moderate'],
    ['methadone', 'didanosine', 'wave13f-methadone--label-nrtis', 'moderate'],
    ['methadone', 'stavudine', 'wave13f-methadone--label-nrtis', 'moderate'],
    ['Dolophine', 'Retrovir', 'wave13f-methadone--label-nrtis', 'moderate'],
    // Gabapentin (Neurontin 7): aluminium/magnesium antacids, separate the doses.
    ['gabapentin', 'aluminum hydroxide', 'wave13f-gabapentin--label-antacids', 'minor'],
    ['Neurontin', 'Milk of Magnesia', 'wave13f-gabapentin--label-antacids', 'minor'],
    ['gabapentin', 'magnesium oxide', 'wave13f-gabapentin--label-antacids', 'minor'],
    // Methocarbamol (Robaxin): pyridostigmine and the other myasthenia anticholinesterases.
    ['methocarbamol', 'pyridostigmine', 'wave13f-methocarbamol--myasthenia-anticholinesterases', 'moderate'],
    ['Robaxin', 'Mestinon', 'wave13f-methocarbamol--myasthenia-anticholinesterases', 'moderate'],
    ['methocarbamol', 'neostigmine', 'wave13f-methocarbamol--myasthenia-anticholinesterases', 'moderate'],
    // Lorazepam (Ativan): probenecid and valproate (halve the dose), theophylline and aminophylline.
    ['lorazepam', 'probenecid', 'wave13f-lorazepam--glucuronidation-inhibitors', 'moderate'],
    ['Ativan', 'Depakote', 'wave13f-lorazepam--glucuronidation-inhibitors', 'moderate'],
    ['lorazepam', 'valproate', 'wave13f-lorazepam--glucuronidation-inhibitors', 'moderate'],
    ['lorazepam', 'theophylline', 'wave13f-lorazepam--methylxanthines', 'minor'],
    ['lorazepam', 'aminophylline', 'wave13f-lorazepam--methylxanthines', 'minor'],
    // Clonazepam (Klonopin): valproic acid (absence status); CYP3A4 inhibitors, notably oral antifungals.
    ['clonazepam', 'valproate', 'wave13f-clonazepam--valproate', 'moderate'],
    ['Klonopin', 'divalproex sodium', 'wave13f-clonazepam--valproate', 'moderate'],
    ['clonazepam', 'fluconazole', 'wave13f-clonazepam--cyp3a4-inhibitors', 'moderate'],
    ['Klonopin', 'Diflucan', 'wave13f-clonazepam--cyp3a4-inhibitors', 'moderate'],
    ['clonazepam', 'ketoconazole', 'wave13f-clonazepam--cyp3a4-inhibitors', 'moderate'],
    ['clonazepam', 'clarithromycin', 'wave13f-clonazepam--cyp3a4-inhibitors', 'moderate'],
    // Diazepam (Valium): cimetidine and omeprazole (longer, deeper sedation; no action asked).
    ['diazepam', 'cimetidine', 'wave13f-diazepam--cimetidine-omeprazole', 'minor'],
    ['Valium', 'Prilosec', 'wave13h-omeprazole--diazepam', 'moderate'], // the omeprazole label's own rule (wave 13h) is graver and answers the pair
    // Older, at-least-as-severe answers keep precedence.
    ['diazepam', 'fluoxetine', 'wave13b-fluoxetine--diazepam', 'minor'],
    ['diazepam', 'fluvoxamine', 'wave9c-diazepam--fluvoxamine', 'major'],
    ['clonazepam', 'rifampin', 'cyp3a4-strong-inducer--moderate-substrate', 'moderate'],
    ['clonazepam', 'oxycodone', 'opioids--benzodiazepines', 'major'],
    ['methadone', 'rifampin', 'methadone--rifampin', 'major'],
    ['tramadol', 'carbamazepine', 'tramadol--carbamazepine', 'major'],
    ['gabapentin', 'morphine', 'opioids--gabapentinoids', 'major'],
    ['cyclobenzaprine', 'phenelzine', 'phenelzine--cyclobenzaprine', 'contraindicated'],
    ['lacosamide', 'metoprolol', 'lacosamide--lacosamide-label-conduction-drugs', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the label rules replace the generic answers instead of adding to them.
  it.each<[string, string, string]>([
    ['methadone', 'zidovudine', 'wave13f-methadone--label-nrtis'],
    ['lorazepam', 'probenecid', 'wave13f-lorazepam--glucuronidation-inhibitors'],
    ['lorazepam', 'valproate', 'wave13f-lorazepam--glucuronidation-inhibitors'],
    ['clonazepam', 'valproate', 'wave13f-clonazepam--valproate'],
    ['clonazepam', 'fluconazole', 'wave13f-clonazepam--cyp3a4-inhibitors'],
    ['methocarbamol', 'pyridostigmine', 'wave13f-methocarbamol--myasthenia-anticholinesterases'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['methadone', 'lamivudine'], // the label's NRTIs are abacavir, didanosine, stavudine, zidovudine
    ['methadone', 'emtricitabine'],
    ['lorazepam', 'cimetidine'], // glucuronidated: no CYP route
    ['lorazepam', 'fluconazole'],
    ['oxazepam', 'probenecid'], // the probenecid statement is the lorazepam label's
    ['alprazolam', 'theophylline'], // the methylxanthine statement is the lorazepam label's
    ['clonazepam', 'amlodipine'], // weak CYP3A4 inhibitors are not named
    ['diazepam', 'famotidine'], // the label names cimetidine among the H2 blockers
    ['gabapentin', 'famotidine'], // acid suppression alone does not change gabapentin absorption
    ['gabapentin', 'omeprazole'],
    ['methocarbamol', 'rivastigmine'], // a dementia anticholinesterase, not a myasthenia one
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Sibling drugs keep their own, lower answers.
  it.each<[string, string]>([
    ['temazepam', 'valproate'], // additive sedation only
    ['diazepam', 'valproate'],
    ['diazepam', 'esomeprazole'], // not named by the diazepam label
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
