import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 12 (issue #11, items 2-3): the 2016 opioid class labeling ("Serotonergic Drugs" and "Monoamine Oxidase
 * Inhibitors" rows of section 7) for the opioids without serotonergic activity of their own —
 * rules/classes-wave12-opioid-labeling.yaml, classes/wave12-opioid-labeling.yaml.
 */
describe('curated knowledge base: wave 12 opioid class labeling', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Serotonergic drugs: "carefully observe" (moderate).
    ['oxycodone', 'sertraline', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['Percocet', 'Lexapro', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['hydrocodone', 'duloxetine', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['morphine', 'venlafaxine', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['hydromorphone', 'ondansetron', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['oxycodone', 'sumatriptan', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['buprenorphine', 'mirtazapine', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['codeine', 'amitriptyline', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['oxymorphone', 'vortioxetine', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['oxycodone', 'methylene blue', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['morphine', 'buspirone', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['oxycodone', 'lithium', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    ['hydrocodone', 'metaxalone', 'wave12-opioids--opioid-label-serotonergic-drugs', 'moderate'],
    // MAO inhibitors: "not recommended" (major), for the opioids that answered nothing.
    ['codeine', 'phenelzine', 'wave12-opioids--opioid-label-maois', 'major'],
    ['buprenorphine', 'linezolid', 'wave12-opioids--opioid-label-maois', 'major'],
    ['oxymorphone', 'tranylcypromine', 'wave12-opioids--opioid-label-maois', 'major'],
    ['levorphanol', 'selegiline', 'wave12-opioids--opioid-label-maois', 'major'],
    ['oxycodone', 'safinamide', 'wave12-opioids--opioid-label-maois', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Older, more specific rules keep precedence: one answer per pair and mechanism.
  it.each<[string, string, string[]]>([
    ['oxycodone', 'phenelzine', ['phenelzine--oxycodone']],
    ['morphine', 'linezolid', ['linezolid--morphine']],
    ['codeine', 'fluoxetine', ['codeine--fluoxetine', 'wave12-opioids--opioid-label-serotonergic-drugs']], // CYP2D6 (analgesia) and serotonin: two mechanisms
    ['tramadol', 'sertraline', ['tramadol--sertraline']],
    ['paroxetine', 'oxycodone', ['wave12-opioids--opioid-label-serotonergic-drugs']], // paroxetine is not in the labels' anticholinergic class
    ['fentanyl', 'sertraline', ['additive:serotonergic']], // serotonergic opioids: the serotonin-toxicity domain, as before
    ['meperidine', 'phenelzine', ['mao-contraindicated-opioids--maois']],
  ])('%s + %s: %j', (a, b, ruleIds) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual(ruleIds);
  });

  // The labels' list is open ("drugs that affect the serotonin neurotransmitter system"): every non-opioid drug Vigil
  // tags serotonergic, MAO inhibitors apart (their own row), must be in the partner class.
  it('the partner class holds every non-opioid serotonergic drug that is not an MAO inhibitor', () => {
    const classOf = (id: string) => curated.kb.classes.find((c) => c.id === id)!.members;
    const partners = new Set(classOf('wave12-opioid-label-serotonergic-drugs'));
    const apart = new Set([...classOf('opioids'), ...classOf('serotonergic-opioids'), ...classOf('maois')]);
    const missing = curated.kb.ingredients.filter((i) => i.risks.includes('serotonergic') && !apart.has(i.id) && !partners.has(i.id)).map((i) => i.id);
    expect(missing).toEqual([]);
  });

  // Specificity: drugs the opioid labels do not name stay silent.
  it.each<[string, string]>([
    ['oxycodone', 'bupropion'],
    ['morphine', 'procarbazine'], // procarbazine's own label asks only for caution with opioids (CNS depression)
    ['hydrocodone', 'metoclopramide'],
    ['naloxone', 'sertraline'],
  ])('%s + %s: no serotonergic or MAOI finding', (a, b) => {
    expect(curated.findings(a, b).map(([id]) => id)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^wave12-/)]));
  });
});
