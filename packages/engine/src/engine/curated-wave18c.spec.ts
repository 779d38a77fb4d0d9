import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 18c (measured-gap review of NDF-RT "critical" and French contre-indication pairs): the one label-supported
 * raise (labels.yaml wave18c-isavuconazonium--moderate-cyp3a4-inducers, Cresemba EU SmPC 4.3), and the reviewed
 * pairs whose current labels ask only for monitoring or a dose change, which keep their older answers.
 * See rules/pairs-wave18c-gaps.yaml.
 */
describe('curated knowledge base: wave 18c measured-gap review', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Isavuconazonium (Cresemba) x moderate CYP3A4 inducers outside the older class rule.
    ['isavuconazonium', 'eslicarbazepine', 'wave18c-isavuconazonium--moderate-cyp3a4-inducers', 'major'],
    ['Cresemba', 'Aptiom', 'wave18c-isavuconazonium--moderate-cyp3a4-inducers', 'major'],
    ['Cresemba', 'cenobamate', 'wave18c-isavuconazonium--moderate-cyp3a4-inducers', 'major'],
    ['isavuconazonium', 'lorlatinib', 'wave18c-isavuconazonium--moderate-cyp3a4-inducers', 'major'],
    ['isavuconazonium', 'ivosidenib', 'wave18c-isavuconazonium--moderate-cyp3a4-inducers', 'major'],
    // Older, at-least-as-severe answers keep precedence.
    ['Cresemba', 'Sustiva', 'non-barbiturate-moderate-cyp3a4-inducers--isavuconazonium', 'major'],
    ['isavuconazonium', 'rifabutin', 'non-barbiturate-moderate-cyp3a4-inducers--isavuconazonium', 'major'],
    ['isavuconazonium', 'phenobarbital', 'barbiturate-cyp3a4-inducers--isavuconazonium', 'contraindicated'],
    ['isavuconazonium', 'rifampin', 'strong-cyp3a4-inducers--isavuconazonium', 'contraindicated'],
    // Reviewed NDF-RT pairs: the current labels ask for monitoring or a dose change; the older answers stay.
    ['ritonavir', 'prednisolone', 'prednisolone--ritonavir', 'moderate'],
    ['Norvir', 'dexamethasone', 'dexamethasone--ritonavir', 'moderate'],
    ['bromocriptine', 'erythromycin', 'cyp3a4-moderate-inhibitor--sensitive-substrate', 'moderate'],
    ['Cycloset', 'clarithromycin', 'cyp3a4-strong-inhibitor--sensitive-substrate', 'major'],
    ['nortriptyline', 'fluconazole', 'nortriptyline--fluconazole', 'moderate'],
    ['eplerenone', 'verapamil', 'eplerenone--verapamil', 'moderate'],
    ['Inspra', 'erythromycin', 'eplerenone--erythromycin', 'moderate'],
    ['etravirine', 'rifabutin', 'etravirine--rifabutin', 'moderate'],
    ['clarithromycin', 'aminophylline', 'aminophylline--clarithromycin', 'moderate'],
    ['Tikosyn', 'Bactrim DS', 'dofetilide--trimethoprim', 'contraindicated'],
    // Reviewed French pairs kept by design.
    ['BCG', 'prednisone', 'live-vaccines--glucocorticoids-used-systemically', 'moderate'],
    ['cabergoline', 'aripiprazole', 'antipsychotics--dopaminergic-antiparkinson-agents', 'moderate'],
    ['Latuda', 'erythromycin', 'lurasidone--moderate-cyp3a4-inhibitors', 'moderate'],
    ['nalmefene', 'morphine', 'nalmefene--opioids', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: oxcarbazepine (a weak inducer, not named by the Cresemba labels) and pairs no label names stay silent.
  it.each<[string, string]>([
    ['Cresemba', 'Trileptal'],
    ['rifampin', 'acyclovir'],
    ['ampicillin', 'ascorbic acid'],
    ['trimethoprim', 'sulfamethoxazole'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
