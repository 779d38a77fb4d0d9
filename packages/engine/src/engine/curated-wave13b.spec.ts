import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13b (issue #11, item 3): interactions a common drug's own US label names that answered nothing or below the
 * label — rules/pairs-wave13b-labels.yaml and classes/wave13b-labels.yaml (carbamazepine, fluoxetine, alprazolam,
 * clozapine with the SSRIs, paroxetine, mirtazapine, buspirone, mixed amphetamine salts).
 */
describe('curated knowledge base: wave 13b label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Carbamazepine (Tegretol, Equetro): NNRTIs contraindicated, named level-raising drugs, antiepileptics, lowered drugs.
    ['carbamazepine', 'delavirdine', 'wave13b-carbamazepine--nnrtis', 'contraindicated'],
    ['Tegretol', 'Sustiva', 'wave13b-carbamazepine--nnrtis', 'contraindicated'],
    ['carbamazepine', 'nevirapine', 'wave13b-carbamazepine--nnrtis', 'contraindicated'],
    ['carbamazepine', 'etravirine', 'wave13b-carbamazepine--nnrtis', 'contraindicated'],
    ['carbamazepine', 'cimetidine', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['carbamazepine', 'danazol', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['carbamazepine', 'loratadine', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['carbamazepine', 'omeprazole', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['Tegretol', 'Advil', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['carbamazepine', 'acetazolamide', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['carbamazepine', 'ciprofloxacin', 'wave13b-carbamazepine--label-level-raising-drugs', 'moderate'],
    ['carbamazepine', 'phenobarbital', 'wave13b-carbamazepine--label-interacting-antiepileptics', 'moderate'],
    ['carbamazepine', 'primidone', 'wave13b-carbamazepine--label-interacting-antiepileptics', 'moderate'],
    ['carbamazepine', 'felbamate', 'wave13b-carbamazepine--label-interacting-antiepileptics', 'moderate'],
    ['carbamazepine', 'acetaminophen', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'],
    ['carbamazepine', 'doxycycline', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'],
    ['carbamazepine', 'lorazepam', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'],
    ['carbamazepine', 'zonisamide', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'],
    ['carbamazepine', 'desipramine', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'],
    ['carbamazepine', 'nortriptyline', 'wave13b-carbamazepine--label-lowered-drugs', 'moderate'],
    // Fluoxetine (Prozac) and alprazolam (Xanax).
    ['fluoxetine', 'diazepam', 'wave13b-fluoxetine--diazepam', 'minor'],
    ['alprazolam', 'posaconazole', 'wave13b-alprazolam--label-strong-cyp3a-inhibitors', 'contraindicated'],
    ['Xanax', 'Vfend', 'wave13b-alprazolam--label-strong-cyp3a-inhibitors', 'contraindicated'],
    ['alprazolam', 'nefazodone', 'wave13b-alprazolam--label-strong-cyp3a-inhibitors', 'contraindicated'],
    ['alprazolam', 'cobicistat', 'wave13b-alprazolam--label-strong-cyp3a-inhibitors', 'contraindicated'],
    ['alprazolam', 'clarithromycin', 'alprazolam--clarithromycin', 'contraindicated'], // raised from major
    ['alprazolam', 'ritonavir', 'alprazolam--ritonavir', 'major'], // the label exempts ritonavir
    ['Prozac', 'Xanax', 'wave13b-alprazolam--label-cyp3a-inhibitors', 'moderate'],
    ['alprazolam', 'sertraline', 'wave13b-alprazolam--label-cyp3a-inhibitors', 'moderate'],
    ['alprazolam', 'cimetidine', 'wave13b-alprazolam--label-cyp3a-inhibitors', 'moderate'],
    ['alprazolam', 'ethinyl-estradiol', 'wave13b-alprazolam--label-cyp3a-inhibitors', 'moderate'],
    // Clozapine (Clozaril 7.1) with the CYP2D6/CYP3A4 inhibitors it names.
    ['clozapine', 'fluoxetine', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['Clozaril', 'Paxil', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['clozapine', 'escitalopram', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['clozapine', 'erythromycin', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['clozapine', 'cimetidine', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['clozapine', 'duloxetine', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['clozapine', 'terbinafine', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    ['clozapine', 'sertraline', 'wave13b-clozapine--label-cyp2d6-cyp3a4-inhibitors', 'moderate'],
    // Paroxetine (Paxil).
    ['paroxetine', 'fosamprenavir', 'wave13b-paroxetine--fosamprenavir', 'moderate'],
    ['paroxetine', 'theophylline', 'wave13b-paroxetine--theophylline', 'moderate'],
    ['Paxil', 'Tagamet', 'wave13b-paroxetine--cimetidine', 'moderate'],
    ['paroxetine', 'phenytoin', 'wave13b-paroxetine--label-enzyme-inducers', 'minor'],
    ['paroxetine', 'phenobarbital', 'wave13b-paroxetine--label-enzyme-inducers', 'minor'],
    // Mirtazapine (Remeron).
    ['Remeron', 'cimetidine', 'wave13b-mirtazapine--cimetidine', 'moderate'],
    ['mirtazapine', 'warfarin', 'wave13b-mirtazapine--warfarin', 'moderate'],
    // Buspirone.
    ['buspirone', 'dexamethasone', 'wave13b-buspirone--dexamethasone', 'moderate'],
    ['buspirone', 'haloperidol', 'wave13g-haloperidol--label-level-raising-drugs', 'moderate'], // the haloperidol label's own rule
    ['buspirone', 'diazepam', 'wave13b-buspirone--label-minor-partners', 'minor'],
    // Mixed amphetamine salts (Adderall 7.1).
    ['Adderall', 'acetazolamide', 'wave13b-mixed-amphetamine-salts--acetazolamide', 'major'],
    ['dextroamphetamine', 'Diamox', 'wave13b-mixed-amphetamine-salts--acetazolamide', 'major'],
    ['Adderall', 'ascorbic-acid', 'wave13b-mixed-amphetamine-salts--acidifying-agents', 'moderate'],
    ['amphetamine', 'ammonium-chloride', 'wave13b-mixed-amphetamine-salts--acidifying-agents', 'moderate'],
    ['Adderall', 'desipramine', 'wave13b-mixed-amphetamine-salts--tcas', 'moderate'],
    ['amphetamine', 'protriptyline', 'wave13b-mixed-amphetamine-salts--tcas', 'moderate'],
    ['Adderall XR', 'Prilosec', 'wave13b-mixed-amphetamine-salts--ppis', 'moderate'],
    ['amphetamine', 'pantoprazole', 'wave13b-mixed-amphetamine-salts--ppis', 'moderate'],
    ['Adderall', 'quinidine', 'wave13b-mixed-amphetamine-salts--cyp2d6-inhibitors', 'moderate'],
    ['dextroamphetamine', 'ritonavir', 'wave13b-mixed-amphetamine-salts--cyp2d6-inhibitors', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['carbamazepine', 'rilpivirine', 'rilpivirine--carbamazepine', 'contraindicated'],
    ['carbamazepine', 'nefazodone', 'carbamazepine--nefazodone', 'contraindicated'],
    ['carbamazepine', 'erythromycin', 'carbamazepine--erythromycin', 'major'],
    ['carbamazepine', 'voriconazole', 'carbamazepine--voriconazole', 'contraindicated'],
    ['alprazolam', 'ketoconazole', 'alprazolam--ketoconazole', 'contraindicated'],
    ['alprazolam', 'fluvoxamine', 'alprazolam--fluvoxamine', 'moderate'],
    ['fluoxetine', 'pimozide', 'pimozide--fluoxetine', 'contraindicated'],
    ['paroxetine', 'tamoxifen', 'tamoxifen--paroxetine', 'major'],
    ['citalopram', 'cimetidine', 'citalopram--cimetidine', 'moderate'],
    ['mirtazapine', 'carbamazepine', 'wave9c-mirtazapine--strong-cyp3a4-inducers', 'moderate'],
    ['buspirone', 'rifampin', 'buspirone--rifampin', 'moderate'],
    ['Adderall', 'phenelzine', 'mao-interacting-sympathomimetics--maois', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the label rule replaces the generic CYP3A4 template on the same tag.
  it.each<[string, string, string]>([
    ['carbamazepine', 'ciprofloxacin', 'wave13b-carbamazepine--label-level-raising-drugs'],
    ['carbamazepine', 'efavirenz', 'wave13b-carbamazepine--nnrtis'],
    ['carbamazepine', 'cimetidine', 'wave13b-carbamazepine--label-level-raising-drugs'],
    ['alprazolam', 'fluoxetine', 'wave13b-alprazolam--label-cyp3a-inhibitors'],
    ['mirtazapine', 'cimetidine', 'wave13b-mirtazapine--cimetidine'],
    ['buspirone', 'dexamethasone', 'wave13b-buspirone--dexamethasone'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['carbamazepine', 'famotidine'], // the label's H2 blocker is cimetidine
    ['carbamazepine', 'pantoprazole'], // the label's proton pump inhibitor is omeprazole
    ['carbamazepine', 'naproxen'], // the label's NSAID is ibuprofen
    ['carbamazepine', 'levofloxacin'], // the label's fluoroquinolone is ciprofloxacin
    ['carbamazepine', 'minocycline'], // the label's tetracycline is doxycycline
    ['carbamazepine', 'methazolamide'],
    ['alprazolam', 'citalopram'], // not named by the alprazolam label
    ['alprazolam', 'escitalopram'],
    ['alprazolam', 'famotidine'],
    ['lorazepam', 'posaconazole'], // glucuronidated: not a CYP3A4 substrate
    ['clozapine', 'famotidine'],
    ['paroxetine', 'famotidine'],
    ['mirtazapine', 'famotidine'],
    ['buspirone', 'prednisone'], // dexamethasone is the corticosteroid the label names as an inducer
    ['lisdexamfetamine', 'omeprazole'], // the PPI row is the mixed amphetamine salts label's
    ['methylphenidate', 'omeprazole'],
    ['methylphenidate', 'acetazolamide'],
    ['Adderall', 'methazolamide'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['carbamazepine', 'acetaminophen'],
    ['carbamazepine', 'omeprazole'],
    ['alprazolam', 'sertraline'],
    ['Adderall', 'omeprazole'],
    ['paroxetine', 'phenytoin'],
    ['fluoxetine', 'diazepam'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
