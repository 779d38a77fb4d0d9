import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 16b (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave16b-labels.yaml and classes/wave16b-labels.yaml (cyproheptadine, diphenhydramine, loperamide,
 * Lomotil).
 */
describe('curated knowledge base: wave 16b label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Cyproheptadine (Contraindications: MAO inhibitor therapy).
    ['cyproheptadine', 'phenelzine', 'wave16b-cyproheptadine--mao-inhibitor-therapy', 'contraindicated'],
    ['Periactin', 'Emsam', 'wave16b-cyproheptadine--mao-inhibitor-therapy', 'contraindicated'],
    ['cyproheptadine', 'rasagiline', 'wave16b-cyproheptadine--mao-inhibitor-therapy', 'contraindicated'],
    // Diphenhydramine (Rx labeling, Precautions: Drug Interactions: MAO inhibitors), systemic products only.
    ['diphenhydramine', 'tranylcypromine', 'wave16b-diphenhydramine--mao-inhibitors', 'moderate'],
    ['Benadryl', 'Nardil', 'wave16b-diphenhydramine--mao-inhibitors', 'moderate'],
    ['ZzzQuil', 'selegiline', 'wave16b-diphenhydramine--mao-inhibitors', 'moderate'],
    ['Tylenol PM', 'rasagiline', 'wave16b-diphenhydramine--mao-inhibitors', 'moderate'],
    // Loperamide (Warnings: avoid with the named QT-prolonging drugs).
    ['loperamide', 'amiodarone', 'wave16b-loperamide--label-qt-prolonging-drugs', 'major'],
    ['Imodium', 'methadone', 'wave16b-loperamide--label-qt-prolonging-drugs', 'major'],
    ['Imodium A-D', 'moxifloxacin', 'wave16b-loperamide--label-qt-prolonging-drugs', 'major'],
    ['loperamide', 'haloperidol', 'wave16b-loperamide--label-qt-prolonging-drugs', 'major'],
    ['loperamide', 'sotalol', 'wave16b-loperamide--label-qt-prolonging-drugs', 'major'],
    ['loperamide', 'quinidine', 'wave16b-loperamide--label-qt-prolonging-drugs', 'major'],
    // Lomotil (Precautions: Drug Interactions: MAO inhibitors).
    ['Lomotil', 'phenelzine', 'wave16b-diphenoxylate--mao-inhibitors', 'moderate'],
    ['diphenoxylate', 'selegiline', 'wave16b-diphenoxylate--mao-inhibitors', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['Lomotil', 'rasagiline', 'diphenoxylate--rasagiline', 'moderate'],
    ['loperamide', 'itraconazole', 'loperamide--loperamide-label-inhibitors', 'moderate'],
    ['fenfluramine', 'cyproheptadine', 'fenfluramine--cyproheptadine', 'moderate'],
    ['melatonin', 'fluvoxamine', 'wave16-melatonin--strong-cyp1a2-inhibitors', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: label "no clinically relevant change" studies, skin diphenhydramine, linezolid (not MAOI therapy),
  // and loperamide beside drugs the label does not name keep their older (domain) answers or stay silent.
  it.each<[string, string]>([
    ['desloratadine', 'ketoconazole'],
    ['Clarinex', 'erythromycin'],
    ['loratadine', 'cimetidine'],
    ['Zyrtec', 'azithromycin'],
    ['loratadine', 'phenelzine'],
    ['cyproheptadine', 'linezolid'],
    ['Lomotil', 'amiodarone'],
    ['Tessalon', 'sertraline'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });

  it('diphenhydramine applied to the skin does not carry the MAO-inhibitor interaction', () => {
    expect(curated.check([{ name: 'diphenhydramine cream', route: 'skin' }, 'phenelzine']).interactions).toEqual([]);
  });
});
