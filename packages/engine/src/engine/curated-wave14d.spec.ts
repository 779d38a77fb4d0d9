import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14d (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave14d-labels.yaml, classes/wave14d-labels.yaml and the wave 14d label statement in labels.yaml
 * (Paxlovid sections 4 and 7, Xeljanz 7), and one older pair rule raised to the label's grade (eletriptan + ritonavir).
 */
describe('curated knowledge base: wave 14d label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Paxlovid 4: silodosin, finerenone, voclosporin (ritonavir is the CYP3A inhibitor).
    ['Paxlovid', 'silodosin', 'wave14d-ritonavir--paxlovid-contraindicated-substrates', 'contraindicated'],
    ['nirmatrelvir and ritonavir', 'Rapaflo', 'wave14d-ritonavir--paxlovid-contraindicated-substrates', 'contraindicated'],
    ['Paxlovid', 'finerenone', 'wave14d-ritonavir--paxlovid-contraindicated-substrates', 'contraindicated'],
    ['ritonavir', 'Kerendia', 'wave14d-ritonavir--paxlovid-contraindicated-substrates', 'contraindicated'],
    ['Paxlovid', 'voclosporin', 'wave14d-ritonavir--paxlovid-contraindicated-substrates', 'contraindicated'],
    ['Norvir', 'Lupkynis', 'wave14d-ritonavir--paxlovid-contraindicated-substrates', 'contraindicated'],
    // Paxlovid 4: eletriptan.
    ['Paxlovid', 'eletriptan', 'eletriptan--ritonavir', 'contraindicated'], // raised from major
    ['ritonavir', 'Relpax', 'eletriptan--ritonavir', 'contraindicated'], // raised from major
    // Xeljanz 7 (Table 6): strong CYP3A4 inhibitors, dose adjustment.
    ['Paxlovid', 'tofacitinib', 'wave14d-tofacitinib--strong-cyp3a4-inhibitors', 'moderate'],
    ['ketoconazole', 'Xeljanz', 'wave14d-tofacitinib--strong-cyp3a4-inhibitors', 'moderate'],
    ['clarithromycin', 'Xeljanz XR', 'wave14d-tofacitinib--strong-cyp3a4-inhibitors', 'moderate'],
    // Keflex 7.2: probenecid not recommended; Omnicef: probenecid doubles exposure, no action.
    ['cephalexin', 'probenecid', 'wave14d-cephalexin--probenecid', 'major'],
    ['Keflex', 'probenecid', 'wave14d-cephalexin--probenecid', 'major'],
    ['cefdinir', 'probenecid', 'wave14d-cefdinir--probenecid', 'minor'],
    ['Omnicef', 'probenecid', 'wave14d-cefdinir--probenecid', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['Paxlovid', 'alfuzosin', 'alfuzosin--ritonavir', 'contraindicated'],
    ['Paxlovid', 'eplerenone', 'eplerenone--ritonavir', 'contraindicated'],
    ['Paxlovid', 'simvastatin', 'simvastatin--ritonavir', 'contraindicated'],
    ['Paxlovid', 'ubrogepant', 'ubrogepant--strong-cyp3a4-inhibitors', 'contraindicated'],
    ['Paxlovid', 'carbamazepine', 'nirmatrelvir--carbamazepine', 'contraindicated'],
    ['Paxlovid', 'tamsulosin', 'tamsulosin--ritonavir', 'major'],
    ['Paxlovid', 'rivaroxaban', 'rivaroxaban--ritonavir', 'major'],
    ['Paxlovid', 'colchicine', 'ritonavir--colchicine', 'major'],
    ['fluconazole', 'tofacitinib', 'wave11b-fluconazole--tofacitinib', 'moderate'],
    ['cephalexin', 'metformin', 'wave12f-cephalexin--metformin', 'moderate'],
    ['cefdinir', 'ferrous sulfate', 'cefdinir--iron', 'moderate'],
    ['Tamiflu', 'FluMist', 'influenza-vaccine-live-intranasal--oseltamivir', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair (the new rule suppresses the generic CYP3A4 template).
  it.each<[string, string, string]>([
    ['Paxlovid', 'silodosin', 'wave14d-ritonavir--paxlovid-contraindicated-substrates'],
    ['Paxlovid', 'finerenone', 'wave14d-ritonavir--paxlovid-contraindicated-substrates'],
    ['Paxlovid', 'eletriptan', 'eletriptan--ritonavir'],
    ['ketoconazole', 'tofacitinib', 'wave14d-tofacitinib--strong-cyp3a4-inhibitors'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['diltiazem', 'tofacitinib'], // moderate CYP3A4 inhibitor alone: Xeljanz names strong ones (and fluconazole)
    ['Paxlovid', 'acetaminophen'],
    ['Paxlovid', 'metformin'],
    ['tofacitinib', 'amlodipine'],
    ['silodosin', 'metformin'],
    ['cefdinir', 'metformin'],
    ['cephalexin', 'lisinopril'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['sertraline', 'tofacitinib'],
    ['Paxlovid', 'pravastatin'],
    ['cefdinir', 'probenecid'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
