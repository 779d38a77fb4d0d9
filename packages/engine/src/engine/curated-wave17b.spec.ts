import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 17b (label audit): interactions a drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave17b-labels.yaml and classes/wave17b-labels.yaml (oral neomycin: Neo-Fradin, neomycin tablets).
 */
describe('curated knowledge base: wave 17b label-named interactions', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Oral neomycin (boxed warning and WARNINGS): other aminoglycosides and named nephrotoxic/neurotoxic drugs.
    ['neomycin', 'gentamicin', 'wave17b-oral-neomycin--nephrotoxic-neurotoxic-drugs', 'major'],
    ['Neo-Fradin', 'tobramycin', 'wave17b-oral-neomycin--nephrotoxic-neurotoxic-drugs', 'major'],
    ['neomycin', 'paromomycin', 'wave17b-oral-neomycin--nephrotoxic-neurotoxic-drugs', 'major'],
    ['neomycin', 'cisplatin', 'wave17b-oral-neomycin--nephrotoxic-neurotoxic-drugs', 'major'],
    ['neomycin', 'vancomycin', 'wave17b-oral-neomycin--nephrotoxic-neurotoxic-drugs', 'major'],
    ['neomycin', 'colistin', 'wave17b-oral-neomycin--nephrotoxic-neurotoxic-drugs', 'major'],
    // Oral neomycin (boxed warning): neuromuscular blockers.
    ['neomycin', 'succinylcholine', 'wave17b-oral-neomycin--neuromuscular-blockers', 'moderate'],
    ['Neo-Fradin', 'rocuronium', 'wave17b-oral-neomycin--neuromuscular-blockers', 'moderate'],
    // Older, at-least-as-severe answers keep precedence (labels of this wave's other drugs).
    ['neomycin', 'furosemide', 'neomycin--loop-diuretics', 'major'],
    ['Vasotec', 'Entresto', 'sacubitril--enalapril', 'contraindicated'],
    ['enalapril', 'lithium', 'lithium--enalapril', 'major'],
    ['ferrous sulfate', 'levothyroxine', 'levothyroxine--iron', 'moderate'],
    ['ferrous sulfate', 'dolutegravir', 'dolutegravir--iron', 'moderate'],
    ['Xeloda', 'Coumadin', 'warfarin--capecitabine', 'major'],
    ['Adrucil', 'warfarin', 'warfarin--fluorouracil', 'major'],
    ['clotrimazole troche', 'tacrolimus', 'wave12g-tacrolimus--weak-cyp3a4-inhibitors', 'moderate'],
    ['TOBI', 'furosemide', 'aminoglycosides--loop-diuretics', 'major'],
    ['tobramycin', 'rocuronium', 'neuromuscular-blockers--aminoglycosides', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: topical neomycin, bacitracin and tretinoin, and eye-drop tobramycin are not the oral/systemic drugs.
  it.each<[string, string]>([
    ['neomycin', 'bacitracin ointment'],
    ['tretinoin cream', 'minocycline'],
    ['clotrimazole cream', 'tacrolimus'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
