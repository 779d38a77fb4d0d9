import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 10e (issue #11, item 3): interactions a common drug's own US label names that answered nothing —
 * rules/pairs-wave10e-labels.yaml and classes/wave10e-labels.yaml (hydroxychloroquine, metformin, pioglitazone,
 * promethazine, doxepin, bupropion, cyclosporine).
 */
describe('curated knowledge base: wave 10e label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Plaquenil: hypoglycaemia; insulin or antidiabetic doses may need lowering. Antacids: separate by 4 hours.
    ['hydroxychloroquine', 'metformin', 'wave10e-hydroxychloroquine--glucose-lowering-drugs', 'moderate'],
    ['Plaquenil', 'glipizide', 'wave10e-hydroxychloroquine--glucose-lowering-drugs', 'moderate'],
    ['hydroxychloroquine', 'sitagliptin', 'wave10e-hydroxychloroquine--glucose-lowering-drugs', 'moderate'],
    ['hydroxychloroquine', 'aluminum-hydroxide', 'wave10e-hydroxychloroquine--antacids', 'minor'],
    // Glucophage: OCT2/MATE inhibitors; insulin and secretagogues. Actos: secretagogues.
    ['metformin', 'cimetidine', 'wave10e-metformin--oct2-mate-inhibitors', 'moderate'],
    ['metformin', 'vandetanib', 'wave10e-metformin--oct2-mate-inhibitors', 'moderate'],
    ['metformin', 'glipizide', 'wave10e-metformin-pioglitazone--insulin-secretagogues-and-insulins', 'moderate'],
    ['pioglitazone', 'glimepiride', 'wave10e-metformin-pioglitazone--insulin-secretagogues-and-insulins', 'moderate'],
    // Promethazine: MAOIs with phenothiazines.
    ['promethazine', 'phenelzine', 'wave10e-promethazine--maois-nonselective', 'moderate'],
    // Doxepin (Silenor): cimetidine, tolazamide.
    ['doxepin', 'cimetidine', 'wave10e-doxepin--cimetidine', 'moderate'],
    ['doxepin', 'tolazamide', 'wave10e-doxepin--tolazamide', 'moderate'],
    // Bupropion: dopaminergic drugs, CYP2B6 inhibitors, digoxin, alcohol.
    ['bupropion', 'levodopa', 'wave10e-bupropion--dopaminergic-drugs', 'moderate'],
    ['Wellbutrin XL', 'amantadine', 'wave10e-bupropion--dopaminergic-drugs', 'moderate'],
    ['bupropion', 'clopidogrel', 'wave10e-bupropion--clopidogrel', 'moderate'],
    ['bupropion', 'digoxin', 'wave10e-bupropion--digoxin', 'moderate'],
    ['bupropion', 'ethanol', 'wave10e-bupropion--ethanol', 'moderate'],
    // Cyclosporine (Neoral): drugs that raise or lower its levels, renal dysfunction, tacrolimus (Prograf).
    ['cyclosporine', 'azithromycin', 'wave10e-cyclosporine--label-raising-drugs', 'moderate'],
    ['cyclosporine', 'allopurinol', 'wave10e-cyclosporine--label-raising-drugs', 'moderate'],
    ['cyclosporine', 'metoclopramide', 'wave10e-cyclosporine--label-raising-drugs', 'moderate'],
    ['cyclosporine', 'terbinafine', 'wave10e-cyclosporine--label-lowering-drugs', 'moderate'],
    ['cyclosporine', 'oxcarbazepine', 'wave10e-cyclosporine--label-lowering-drugs', 'moderate'],
    ['cyclosporine', 'fenofibrate', 'wave10e-cyclosporine--label-renal-drugs', 'moderate'],
    ['cyclosporine', 'cimetidine', 'wave10e-cyclosporine--label-renal-drugs', 'moderate'],
    ['cyclosporine', 'tacrolimus', 'wave10e-cyclosporine--tacrolimus', 'major'],
    ['cyclosporine', 'prednisolone', 'wave10e-cyclosporine--prednisolone', 'minor'],
    // NSAID class labelling (Celebrex 7): digoxin.
    ['celecoxib', 'digoxin', 'wave10e-nsaids--digoxin', 'moderate'],
    ['ibuprofen', 'digoxin', 'wave10e-nsaids--digoxin', 'moderate'],
    // More specific existing rules keep answering.
    ['metformin', 'ranolazine', 'ranolazine--metformin', 'moderate'],
    ['hydroxychloroquine', 'insulin-glargine', 'hydroxychloroquine--insulin-glargine', 'moderate'],
    ['cyclosporine', 'erythromycin', 'cyclosporine--erythromycin', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['hydroxychloroquine', 'iron'], // the label names antacids and kaolin, not every cation
    ['hydroxychloroquine', 'levetiracetam'],
    ['metformin', 'famotidine'], // not an OCT2/MATE inhibitor of note; the alternative to cimetidine
    ['metformin', 'sitagliptin'], // neither is a secretagogue
    ['doxepin', 'famotidine'],
    ['cyclosporine', 'famotidine'],
    ['cyclosporine', 'febuxostat'],
    ['cyclosporine', 'prednisone'],
    ['bupropion', 'ticagrelor'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Routine combinations the new rules must not escalate beyond moderate.
  it.each<[string, string]>([
    ['metformin', 'insulin-glargine'],
    ['hydroxychloroquine', 'calcium'],
    ['cyclosporine', 'methylprednisolone'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
