import { join } from 'node:path';
import type { InteractionFinding, Severity } from '@vigil/contracts';
import { bulkRule, fixtureDoc, fixtureKb } from '../../test-fixtures/fixture-kb';
import { KnowledgeBase } from '../kb/knowledge-base';
import { buildKnowledgeBase, loadCuratedKb, readCompiledKb } from '../kb/kb.loader';
import { meetsSeverity } from '../model/kb-vocabulary';
import type { CompiledKnowledgeBase, KbIngredient, KbRule } from '../model/compiled-kb.model';
import type { DrugInput } from '../model/drug-input.model';
import { InteractionEngine } from './interaction.engine';

const kb = fixtureKb();
const engine = new InteractionEngine();

/** `kind ruleId severity [index:ingredient(role)…]` — compact, order-preserving view of the findings. */
function view(f: InteractionFinding): string {
  return `${f.kind} ${f.ruleId} ${f.severity} ${f.participants.map((p) => `${p.index}:${p.ingredientId}${p.role ? `(${p.role[0]})` : ''}`).join(' ')}`;
}

describe('InteractionEngine', () => {
  it.each<[string, DrugInput[], string[]]>([
    ['layer 1 pair rule; its pk-cyp2c9 tag suppresses the CYP2C9 pathway', ['warfarin', 'fluconazole'], ['drug-drug warfarin--fluconazole major 0:warfarin 1:fluconazole']],
    ['layer 2 class rule; additive bleeding of exactly that pair suppressed', ['Coumadin 5 mg', 'Advil'], ['class nsaids--anticoagulants major 0:warfarin 1:ibuprofen']],
    [
      'pair + class + additive over three drugs',
      ['warfarin', 'aspirin', 'ibuprofen'],
      [
        'drug-drug warfarin--aspirin major 0:warfarin 1:aspirin',
        'additive additive:bleeding major 0:warfarin 1:aspirin 2:ibuprofen',
        'class nsaids--anticoagulants major 0:warfarin 2:ibuprofen',
      ],
    ],
    ['smaller class suppresses the larger one sharing a tag; additive covered', ['sertraline', 'phenelzine'], ['class ssris--maois contraindicated 0:sertraline 1:phenelzine']],
    [
      'larger class applies when the smaller does not; additive kept (rule lacks the domain tag)',
      ['tramadol', 'phenelzine'],
      ['class serotonergic-drugs--maois major 0:tramadol 1:phenelzine', 'additive additive:serotonergic moderate 0:tramadol 1:phenelzine'],
    ],
    ['pair rule pk-cyp3a4 suppresses the CYP3A4 pathway', ['Zocor', 'Biaxin'], ['drug-drug simvastatin--clarithromycin contraindicated 0:simvastatin 1:clarithromycin']],
    [
      'strong CYP3A4 inhibitor × sensitive substrate',
      ['alprazolam', 'clarithromycin'],
      ['pathway cyp3a4-strong-inhibitor--sensitive-substrate major 0:alprazolam(v) 1:clarithromycin(p)'],
    ],
    [
      'moderate CYP3A4 inhibitor × sensitive substrate',
      ['fluconazole', 'Xanax'],
      ['pathway cyp3a4-moderate-inhibitor--sensitive-substrate moderate 0:fluconazole(p) 1:alprazolam(v)'],
    ],
    ['CYP1A2', ['Cipro', 'tizanidine'], ['pathway cyp1a2-strong-inhibitor--sensitive-substrate major 0:ciprofloxacin(p) 1:tizanidine(v)']],
    ['P-gp', ['clarithromycin', 'digoxin'], ['pathway pgp-strong-inhibitor--sensitive-substrate major 0:clarithromycin(p) 1:digoxin(v)']],
    ['CYP2D6', ['Prozac', 'Lopressor'], ['pathway cyp2d6-strong-inhibitor--sensitive-substrate moderate 0:fluoxetine(p) 1:metoprolol(v)']],
    ['pair rule covers the hyperkalemia pair', ['lisinopril', 'spironolactone'], ['drug-drug lisinopril--spironolactone major 0:lisinopril 1:spironolactone']],
    [
      'a third hyperkalemic drug (in a combination product) keeps the additive finding',
      ['lisinopril', 'spironolactone', 'Bactrim DS'],
      ['drug-drug lisinopril--spironolactone major 0:lisinopril 1:spironolactone', 'additive additive:hyperkalemia moderate 0:lisinopril 1:spironolactone 2:trimethoprim'],
    ],
    ['brand + generic of the same drug: duplicate, never dropped', ['Coumadin', 'warfarin sodium 5 mg'], ['duplicate-therapy duplicate:ingredient moderate 0:warfarin 1:warfarin']],
    [
      'two members of a duplicate-therapy class, plus additive domains',
      ['Advil', 'Aleve'],
      [
        'duplicate-therapy duplicate:nsaids moderate 0:ibuprofen 1:naproxen',
        'additive additive:bleeding moderate 0:ibuprofen 1:naproxen',
        'additive additive:nephrotoxicity minor 0:ibuprofen 1:naproxen',
      ],
    ],
    ['acetaminophen in two products', ['Vicodin', 'Tylenol'], ['duplicate-therapy duplicate:ingredient moderate 0:acetaminophen 1:acetaminophen']],
    [
      'two brands of the same combination: one duplicate finding',
      ['Vicodin', 'Norco', 'acetaminophen'],
      [
        'duplicate-therapy duplicate:ingredient moderate 0:acetaminophen 1:acetaminophen 2:acetaminophen',
        'duplicate-therapy duplicate:ingredient moderate 0:hydrocodone 1:hydrocodone',
      ],
    ],
    [
      'two brands of the same combination, nothing else: one finding for both ingredients',
      ['Vicodin', 'Norco'],
      ['duplicate-therapy duplicate:ingredient moderate 0:acetaminophen 0:hydrocodone 1:acetaminophen 1:hydrocodone'],
    ],
    [
      'two opioid combination products',
      ['Vicodin', 'Percocet'],
      [
        'duplicate-therapy duplicate:ingredient moderate 0:acetaminophen 1:acetaminophen',
        'duplicate-therapy duplicate:opioids moderate 0:hydrocodone 1:oxycodone',
        'additive additive:cns-depression moderate 0:hydrocodone 1:oxycodone',
      ],
    ],
    ['ingredients of one product are not checked against each other', ['Vicodin'], []],
    ['a free-text combination that is no known product is checked internally', ['warfarin and aspirin'], ['drug-drug warfarin--aspirin major 0:aspirin 0:warfarin']],
    [
      'several SSRIs: one duplicate finding, one additive finding listing all',
      ['sertraline', 'fluoxetine', 'citalopram', 'tramadol'],
      [
        'additive additive:serotonergic major 0:sertraline 1:fluoxetine 2:citalopram 3:tramadol',
        'duplicate-therapy duplicate:ssris moderate 0:sertraline 1:fluoxetine 2:citalopram',
      ],
    ],
    [
      'three QT drugs',
      ['citalopram', 'ondansetron', 'clarithromycin'],
      ['additive additive:qt major 0:citalopram 1:ondansetron 2:clarithromycin', 'additive additive:serotonergic moderate 0:citalopram 1:ondansetron'],
    ],
    ['a conditional QT member beside an established one', ['ondansetron', 'solifenacin'], ['additive additive:qt moderate 0:ondansetron 1:solifenacin']],
    ['two conditional QT members alone: nothing', ['solifenacin', 'atomoxetine'], []],
    [
      'conditional QT members add one to the count together',
      ['ondansetron', 'solifenacin', 'atomoxetine'],
      ['additive additive:qt moderate 0:ondansetron 1:solifenacin 2:atomoxetine'],
    ],
    ['domain threshold above two', ['Zestoretic', 'metoprolol'], ['additive additive:hypotension minor 0:hydrochlorothiazide 0:lisinopril 1:metoprolol']],
    ['below the domain threshold: nothing', ['lisinopril', 'metoprolol'], []],
    ['no interaction', ['amoxicillin', 'albuterol'], []],
  ])('%s', (_label, inputs, expected) => {
    const result = engine.check(kb, inputs);
    expect(result.interactions.map(view)).toEqual(expected);
  });

  it('the same ingredient pair entered twice gives one finding listing every participant', () => {
    const r = engine.check(kb, ['warfarin', 'fluconazole', 'Coumadin']);
    expect(r.interactions.map(view)).toEqual([
      'drug-drug warfarin--fluconazole major 0:warfarin 1:fluconazole 2:warfarin',
      'duplicate-therapy duplicate:ingredient moderate 0:warfarin 2:warfarin',
    ]);
  });

  it('sorts worst first, then by participants', () => {
    const r = engine.check(kb, ['Advil', 'simvastatin', 'warfarin', 'clarithromycin', 'Aleve']);
    const sev = r.interactions.map((f) => f.severity);
    const order = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'];
    expect(sev.map((s) => order.indexOf(s))).toEqual([...sev.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    expect(r.interactions[0].ruleId).toBe('simvastatin--clarithromycin');
    expect(r.summary.maxSeverity).toBe('contraindicated');
  });

  it('fills the public contract: kb, summary, resolutions, evidence, severityBySource, disclaimer', () => {
    const r = engine.check(kb, ['Coumadin 5 mg', 'fluconazole']);
    expect(r.kb).toEqual({
      version: kb.version,
      releasedAt: '2025-01-15T00:00:00.000Z',
      sources: expect.arrayContaining([expect.objectContaining({ id: 'fda-label', license: expect.any(String) })]),
    });
    expect(r.summary).toEqual({
      maxSeverity: 'major',
      counts: { contraindicated: 0, major: 1, moderate: 0, minor: 0, unknown: 0 },
      complete: true,
      pairsChecked: 1,
      hiddenBySeverityFilter: 0,
      prospective: null,
    });
    expect(r.resolutions[0]).toMatchObject({
      index: 0,
      input: 'Coumadin 5 mg',
      status: 'resolved',
      method: 'brand',
      confidence: 1,
      ingredients: [{ name: 'warfarin', rxcui: '11289' }],
    });
    const f = r.interactions[0];
    expect(f).toMatchObject({
      ruleId: 'warfarin--fluconazole',
      kind: 'drug-drug',
      severity: 'major',
      severityBySource: { 'vigil-curated': 'major' },
      sources: ['vigil-curated'],
      title: 'warfarin + fluconazole',
      summary: expect.any(String),
      consequence: expect.any(String),
      mechanism: expect.any(String),
      management: expect.any(String),
      evidence: {
        level: 'established',
        citations: [{ source: 'fda-label', title: 'Fixture label', section: '7 Drug Interactions', url: expect.stringMatching(/^https:/), sources: ['vigil-curated'] }],
      },
      risks: ['bleeding', 'pk-cyp2c9'],
    });
    expect(f.id).toMatch(/^f-[0-9a-f]{16}$/);
    expect(r.disclaimer).toMatch(/not a substitute/);
    expect(r.disclaimer).toMatch(/absence of a finding/i);
    expect(r.warnings).toEqual([]);
    expect(r).not.toHaveProperty('requestId');
  });

  it('finding ids are deterministic and depend on the rule and the participants', () => {
    const a = engine.check(kb, ['warfarin', 'fluconazole']).interactions[0].id;
    expect(new InteractionEngine().check(fixtureKb(), ['warfarin', 'fluconazole']).interactions[0].id).toBe(a);
    expect(engine.check(kb, ['fluconazole', 'warfarin']).interactions[0].id).not.toBe(a);
    const ids = engine.check(kb, ['sertraline', 'fluoxetine', 'citalopram', 'tramadol', 'phenelzine', 'warfarin', 'aspirin']).interactions.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fills placeholders with the actual drugs, whatever the input order', () => {
    expect(engine.check(kb, ['aspirin', 'warfarin']).interactions[0].summary).toBe('aspirin adds to the bleeding risk of warfarin.');
    expect(engine.check(kb, ['alprazolam', 'clarithromycin']).interactions[0].summary).toBe('clarithromycin strongly raises alprazolam exposure (CYP3A4).');
    expect(engine.check(kb, ['Advil', 'Aleve', 'aspirin']).interactions.find((f) => f.ruleId === 'additive:bleeding')!.summary).toBe(
      '3 drugs add to the risk of bleeding: ibuprofen, naproxen, aspirin.',
    );
  });

  it.each<[string, number, number]>([
    ['contraindicated', 1, 6],
    ['major', 5, 2],
    ['moderate', 6, 1],
    ['minor', 7, 0],
    ['unknown', 7, 0],
  ])('minSeverity %s keeps %i findings and reports %i hidden', (minSeverity, kept, hidden) => {
    const r = engine.check(kb, ['simvastatin', 'clarithromycin', 'warfarin', 'aspirin', 'Advil', 'Aleve'], { minSeverity: minSeverity as never });
    expect(r.interactions.length).toBe(kept);
    expect(r.summary.hiddenBySeverityFilter).toBe(hidden);
    expect(Object.values(r.summary.counts).reduce((a, b) => a + b, 0)).toBe(kept);
  });

  it.each<[string[], string[], string[]]>([
    [[], [], ['mechanism', 'management', 'evidence']],
    [['evidence'], ['evidence'], ['mechanism', 'management']],
    [['mechanism', 'management'], ['mechanism', 'management'], ['evidence']],
  ])('include %j returns %j and omits %j', (include, present, absent) => {
    const f = engine.check(kb, ['warfarin', 'fluconazole'], { include: include as never }).interactions[0];
    for (const k of present) expect(f).toHaveProperty(k);
    for (const k of absent) expect(f).not.toHaveProperty(k);
    expect(f.summary).toBeTruthy();
  });

  it('an unresolved or ambiguous input makes the check incomplete, never an error, never "no interactions"', () => {
    const r = engine.check(kb, ['warfarin', 'Tazocin', 'fluconazole', 'insulin']);
    expect(r.summary.complete).toBe(false);
    expect(r.summary.pairsChecked).toBe(1);
    expect(r.interactions.map((f) => f.ruleId)).toEqual(['warfarin--fluconazole']);
    expect(r.unresolved).toEqual([
      expect.objectContaining({ index: 1, input: 'Tazocin', status: 'unresolved', suggestions: expect.any(Array) }),
      expect.objectContaining({ index: 3, input: 'insulin', status: 'ambiguous', suggestions: expect.arrayContaining([expect.objectContaining({ name: 'insulin glargine' })]) }),
    ]);
    const w = r.warnings.find((x) => x.code === 'incomplete_check')!;
    expect(w.indexes).toEqual([1, 3]);
    expect(w.message).toMatch(/Tazocin/);
    expect(w.message).toMatch(/insulin/);
  });

  it('says which drugs joined the QT finding conditionally and cites why', () => {
    const include = { include: ['mechanism', 'evidence'] as never };
    const f = engine.check(kb, ['ondansetron', 'solifenacin'], include).interactions.find((x) => x.ruleId === 'additive:qt')!;
    expect(f.mechanism).toContain('solifenacin count only beside an established QT drug.');
    expect(f.evidence!.citations.map((c) => c.title)).toContain('Fixture conditional members');
    const plain = engine.check(kb, ['ondansetron', 'citalopram'], include).interactions.find((x) => x.ruleId === 'additive:qt')!;
    expect(plain.mechanism).not.toContain('count only beside');
  });

  describe('drugs known by name only', () => {
    const doc = fixtureDoc();
    doc.ingredients.push({ id: 'obscurol', name: 'obscurol', atc: [], synonyms: [], salts: [], brands: [], roles: [], risks: [], reviewed: false, sourceId: 'vigil-curated' });
    const withNamesOnly = new KnowledgeBase(doc);

    it.each<[string, string[], ('reviewed' | 'names-only')[], boolean, string[]]>([
      ['reviewed drugs only: complete', ['warfarin', 'fluconazole'], ['reviewed', 'reviewed'], true, []],
      ['a names-only drug: incomplete, with a warning naming it', ['warfarin', 'obscurol'], ['reviewed', 'names-only'], false, ['not_reviewed']],
    ])('%s', (_title, drugs, coverage, complete, codes) => {
      const r = engine.check(withNamesOnly, drugs);
      expect(r.resolutions.map((x) => x.coverage)).toEqual(coverage);
      expect(r.summary.complete).toBe(complete);
      expect(r.warnings.map((w) => w.code)).toEqual(codes);
      if (codes.length > 0) {
        expect(r.warnings[0].indexes).toEqual([1]);
        expect(r.warnings[0].message).toMatch(/obscurol.*NOT been reviewed|NOT been reviewed.*obscurol/);
      }
    });

    it('an ingredient that a rule names is reviewed even if its YAML says nothing else', () => {
      const d = fixtureDoc();
      d.ingredients = d.ingredients.map((i) => (i.id === 'warfarin' ? { ...i, reviewed: false as const } : i));
      const r = engine.check(new KnowledgeBase(d), ['warfarin', 'fluconazole']);
      expect(r.resolutions[0].coverage).toBe('reviewed');
    });
  });

  describe('drugs no longer marketed in the US', () => {
    const doc = fixtureDoc();
    const cite = [{ source: 'fda-label', title: 'Fixture market record' }];
    doc.ingredients = doc.ingredients.map((i) =>
      i.id === 'fluconazole'
        ? { ...i, usMarket: { status: 'withdrawn' as const, year: 2004, reason: 'fixture safety reason', citations: cite } }
        : i.id === 'ibuprofen'
          ? { ...i, usMarket: { status: 'discontinued' as const, citations: cite } }
          : i,
    );
    const offKb = new KnowledgeBase(doc);
    const today = '2026-01-31';

    it.each<[string, DrugInput[], number[], RegExp | undefined]>([
      ['all marketed: no warning', ['warfarin', 'naproxen'], [], undefined],
      ['a withdrawn drug: status, year and reason', ['warfarin', 'fluconazole'], [1], /"fluconazole" \(#1, fluconazole: withdrawn in 2004 \(fixture safety reason\)\)/],
      ['a discontinued drug without a year', ['ibuprofen', 'warfarin'], [0], /"ibuprofen" \(#0, ibuprofen: discontinued\)/],
      ['both in one warning, in input order', ['fluconazole', 'warfarin', 'ibuprofen'], [0, 2], /"fluconazole".*"ibuprofen"/],
      ['stopped within its washout: still part of the regimen', ['warfarin', { name: 'fluconazole', stoppedOn: '2026-01-30' }], [1], /fluconazole/],
      ['stopped beyond its washout: history, no warning', ['warfarin', { name: 'fluconazole', stoppedOn: '2020-01-01' }], [], undefined],
    ])('%s', (_title, drugs, indexes, message) => {
      const r = engine.check(offKb, drugs, { today });
      const w = r.warnings.filter((x) => x.code === 'no_longer_marketed');
      expect(w.map((x) => x.indexes)).toEqual(indexes.length > 0 ? [indexes] : []);
      if (message) expect(w[0].message).toMatch(message);
    });

    it('still checks the drug, and states the status on its resolution', () => {
      const r = engine.check(offKb, ['warfarin', 'fluconazole']);
      expect(r.interactions.map((f) => f.ruleId)).toEqual(['warfarin--fluconazole']);
      expect(r.summary.complete).toBe(true);
      expect(r.resolutions[0].usMarket).toBeUndefined();
      expect(r.resolutions[1].usMarket).toEqual([
        { ingredientId: 'fluconazole', name: 'fluconazole', status: 'withdrawn', year: 2004, reason: 'fixture safety reason', citations: cite },
      ]);
    });

    it('adds the status to resolutions made elsewhere without it', () => {
      const res = engine
        .resolverFor(offKb)
        .resolveAll(['warfarin', 'ibuprofen'])
        .map(({ usMarket: _drop, ...rest }) => rest);
      const r = engine.checkResolved(offKb, res);
      expect(r.resolutions[1].usMarket?.map((m) => m.status)).toEqual(['discontinued']);
      expect(r.warnings.map((w) => w.code)).toContain('no_longer_marketed');
    });
  });

  it('warns about spelling corrections, split combinations and lists too short to check', () => {
    expect(engine.check(kb, ['warfrin', 'fluconazole']).warnings.map((w) => w.code)).toEqual(['fuzzy_match']);
    expect(engine.check(kb, ['warfarin and aspirin']).warnings.map((w) => w.code)).toEqual(['split_combination']);
    // The fixture says nothing about hydrocodone or acetaminophen: known by name only.
    expect(engine.check(kb, ['Vicodin']).warnings.map((w) => w.code)).toEqual(['not_reviewed', 'too_few_drugs']);
    expect(engine.check(kb, ['Tazocin']).warnings.map((w) => w.code)).toEqual(['incomplete_check', 'too_few_drugs']);
  });

  it('checkResolved accepts resolutions made earlier', () => {
    const res = engine.resolverFor(kb).resolveAll(['warfarin', 'fluconazole']);
    expect(engine.checkResolved(kb, res).interactions.map((f) => f.ruleId)).toEqual(['warfarin--fluconazole']);
  });

  describe('several sources asserting the same pair', () => {
    const extra: CompiledKnowledgeBase = {
      format: 'vigil-kb/1',
      version: 'ddinter-2023.06.17-00000000',
      releasedAt: '2023-06-17T00:00:00.000Z',
      sources: [{ id: 'ddinter', title: 'DDInter', license: 'CC BY-NC-SA 4.0' }],
      ingredients: [],
      classes: [],
      products: [],
      rules: [
        importedRule('ddinter:warfarin--ibuprofen', 'warfarin', 'ibuprofen', 'moderate'),
        importedRule('ddinter:simvastatin--clarithromycin', 'simvastatin', 'clarithromycin', 'major'),
        importedRule('ddinter:warfarin--acetaminophen', 'warfarin', 'acetaminophen', 'minor'),
      ],
      pathways: [],
      domains: [],
    };
    const merged = buildKnowledgeBase([fixtureDoc(), extra]);

    it('keeps each source severity; curated gives the headline', () => {
      const r = engine.check(merged, ['warfarin', 'ibuprofen', 'simvastatin', 'clarithromycin', 'acetaminophen']);
      const byRule = Object.fromEntries(r.interactions.map((f) => [f.ruleId, f]));
      expect(byRule['nsaids--anticoagulants']).toMatchObject({
        severity: 'major',
        severityBySource: { 'vigil-curated': 'major', ddinter: 'moderate' },
        sources: ['vigil-curated', 'ddinter'],
      });
      expect(byRule['nsaids--anticoagulants'].evidence!.citations.map((c) => c.sources)).toEqual([['vigil-curated'], ['ddinter']]);
      expect(byRule['simvastatin--clarithromycin']).toMatchObject({ severity: 'contraindicated', severityBySource: { 'vigil-curated': 'contraindicated', ddinter: 'major' } });
      expect(byRule['ddinter:warfarin--acetaminophen']).toMatchObject({ severity: 'minor', kind: 'drug-drug', severityBySource: { ddinter: 'minor' } });
      expect(r.interactions.some((f) => f.ruleId.startsWith('ddinter:warfarin--ibuprofen'))).toBe(false);
      expect(r.kb.version).toBe(`${kb.version}+ddinter-2023.06.17-00000000`);
    });

    it('a different source precedence changes the headline', () => {
      const r = engine.check(merged, ['warfarin', 'ibuprofen'], { sourcePrecedence: ['ddinter'] });
      expect(r.interactions.map((f) => [f.ruleId, f.severity, f.severityBySource])).toEqual([
        ['ddinter:warfarin--ibuprofen', 'moderate', { ddinter: 'moderate', 'vigil-curated': 'major' }],
      ]);
    });
  });

  describe('a large list', () => {
    const big = syntheticKb(400);
    const names = big.ingredients.map((i) => i.name);

    // Speed is measured by `npm run bench` (ratios in one run), never asserted here: a loaded machine made this flaky.
    it('checks every pair of 100 drugs (4,950 pairs) and returns their findings', () => {
      const r = engine.check(big, names.slice(0, 100));
      expect(r.summary.pairsChecked).toBe(4950);
      expect(r.interactions.length).toBeGreaterThan(300);
    });
  });
});

function importedRule(id: string, a: string, b: string, severity: KbRule['severity']): KbRule {
  return bulkRule(id, { ingredient: a }, { ingredient: b }, severity, { sourceId: 'ddinter' });
}

/** A generated knowledge base: n ingredients with enzyme roles and risk domains, pair rules and class rules. */
function syntheticKb(n: number): KnowledgeBase {
  const doc = fixtureDoc();
  const ings: KbIngredient[] = [];
  const enzymes = ['CYP3A4', 'CYP2D6', 'CYP2C9', 'CYP1A2'] as const;
  const domains = ['qt', 'serotonergic', 'bleeding', 'cns-depression'];
  for (let i = 0; i < n; i++) {
    const e = enzymes[i % enzymes.length];
    ings.push({
      id: `drug-${i}`,
      name: `drug${String.fromCharCode(97 + (i % 26))}${i}`,
      atc: [],
      synonyms: [],
      salts: [],
      brands: [],
      roles: i % 7 === 0 ? [{ enzyme: e, role: 'inhibitor', strength: 'strong' }] : [{ enzyme: e, role: 'substrate', strength: 'sensitive' }],
      risks: i % 5 === 0 ? [domains[i % domains.length]] : [],
      sourceId: 'vigil-curated',
    });
  }
  doc.ingredients.push(...ings);
  for (let i = 0; i < n; i += 3) {
    for (let j = i + 1; j < n; j += 11) doc.rules.push({ ...importedRule(`r-${i}-${j}`, `drug-${i}`, `drug-${j}`, 'major'), sourceId: 'vigil-curated', risks: ['bleeding'] });
  }
  for (let c = 0; c < 10; c++) {
    const members = ings.filter((_, k) => k % 10 === c).map((x) => x.id);
    doc.classes.push({
      id: `class-${c}`,
      name: `Class ${c}`,
      directMembers: members,
      includes: [],
      members,
      duplicateTherapy: c === 0,
      severityForDuplicate: 'moderate',
      sourceId: 'vigil-curated',
    });
  }
  for (let c = 0; c < 9; c++)
    doc.rules.push({
      ...importedRule(`class-${c}--class-${c + 1}`, 'x', 'y', 'moderate'),
      a: { class: `class-${c}` },
      b: { class: `class-${c + 1}` },
      sourceId: 'vigil-curated',
      risks: ['qt'],
    });
  return new KnowledgeBase(doc);
}

describe('minSeverity on the curated knowledge base', () => {
  // The compiled curated pack (the test command builds the package first).
  const CURATED_PATH = join(__dirname, '..', '..', 'dist', 'kb', 'curated.json');
  const curated = loadCuratedKb({ path: CURATED_PATH });
  const engine = new InteractionEngine();
  const names = curated.ingredients.map((i) => i.name);
  // Deterministic lists (an LCG), some with the same ingredient twice, so merged findings are covered too.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const lists = Array.from({ length: 40 }, (_, n) => {
    const list = Array.from({ length: 6 + (n % 9) }, () => names[next() % names.length]);
    if (n % 4 === 0) list.push(list[0]);
    return list;
  });

  // A second source asserting many of the same pairs with other severities: folding and precedence paths too.
  const severities = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'] as const;
  const bulkRules: KbRule[] = [];
  for (const list of lists) {
    for (let i = 0; i + 1 < list.length; i++) {
      const [a, b] = [curated.ingredients.find((x) => x.name === list[i])!.id, curated.ingredients.find((x) => x.name === list[i + 1])!.id];
      if (a === b) continue;
      bulkRules.push(bulkRule(`bulk:${a}--${b}`, { ingredient: a }, { ingredient: b }, severities[next() % severities.length]));
    }
  }
  const bulk: CompiledKnowledgeBase = {
    format: 'vigil-kb/1',
    version: 'bulk-1',
    releasedAt: '2026-01-01T00:00:00.000Z',
    sources: [{ id: 'bulk', title: 'Bulk', license: 'test' }],
    ingredients: [],
    classes: [],
    products: [],
    rules: [...new Map(bulkRules.map((r) => [r.id, r])).values()],
    pathways: [],
    domains: [],
  };
  const enlarged = buildKnowledgeBase([readCompiledKb(CURATED_PATH), bulk]);

  it.each(
    ['contraindicated', 'major', 'moderate', 'minor'].flatMap((m) => [
      [m, 'curated'],
      [m, 'curated + bulk'],
    ]) as [Severity, string][],
  )('%s on %s: the same findings as filtering the full result, and an exact hidden count', (min, which) => {
    const kbUnderTest = which === 'curated' ? curated : enlarged;
    for (const drugs of lists) {
      const all = engine.check(kbUnderTest, drugs);
      const some = engine.check(kbUnderTest, drugs, { minSeverity: min });
      const expected = all.interactions.filter((f) => meetsSeverity(f.severity, min));
      expect(some.interactions).toStrictEqual(expected);
      expect(some.summary.hiddenBySeverityFilter).toBe(all.interactions.length - expected.length);
    }
  });
});

describe('prospective screening: only what the new orders add', () => {
  const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });
  const engine = new InteractionEngine();
  const pair = (f: { participants: { index: number }[] }) => f.participants.map((p) => p.index).join('+');
  const current = ['warfarin', 'aspirin', 'simvastatin', 'sertraline'];

  it('a full check has no prospective block', () => {
    expect(engine.check(curated, current).summary.prospective).toBeNull();
  });

  it.each([
    ['clarithromycin', undefined],
    ['clarithromycin', 'major'],
    ['tramadol', undefined],
    ['ibuprofen', 'moderate'],
  ] as const)('proposed %s (minSeverity %s): every finding involves it; the others are counted, not lost', (drug, minSeverity) => {
    const options = minSeverity ? { minSeverity } : {};
    const full = engine.check(curated, [...current, drug], options);
    const screened = engine.check(curated, [...current, { name: drug, proposed: true }], options);
    const involving = full.interactions.filter((f) => f.participants.some((p) => p.index === 4));
    expect(involving.length).toBeGreaterThan(0);
    expect(full.interactions.length).toBeGreaterThan(involving.length); // warfarin + aspirin at least
    expect(screened.interactions).toEqual(involving);
    expect(screened.summary.prospective).toEqual({ proposed: [4], currentListFindingsOmitted: full.interactions.length - involving.length });
    expect(screened.summary.maxSeverity).toBe(involving[0].severity);
    expect(Object.values(screened.summary.counts).reduce((a, b) => a + b, 0)).toBe(involving.length);
    expect(screened.summary.pairsChecked).toBe(full.summary.pairsChecked);
    expect(screened.summary.hiddenBySeverityFilter).toBe(full.summary.hiddenBySeverityFilter);
  });

  it('a three-drug risk that needs the current list still reaches the new order', () => {
    // Serotonergic load: sertraline is current, tramadol and linezolid are new.
    const r = engine.check(curated, ['sertraline', 'omeprazole', { name: 'tramadol', proposed: true }, { name: 'linezolid', proposed: true }]);
    expect(r.summary.prospective?.proposed).toEqual([2, 3]);
    expect(r.interactions.every((f) => f.participants.some((p) => p.index >= 2))).toBe(true);
    expect(r.interactions.map(pair)).toEqual(expect.arrayContaining(['0+2', '0+3']));
  });

  it('proposed drugs that add nothing: an empty answer that still says what was left out', () => {
    const r = engine.check(curated, ['warfarin', 'aspirin', { name: 'loratadine', proposed: true }]);
    expect(r.interactions).toEqual([]);
    expect(r.summary.maxSeverity).toBeNull();
    expect(r.summary.prospective?.currentListFindingsOmitted).toBeGreaterThan(0);
  });
});

describe('local use: skin, eye and ear products of negligibly absorbed drugs', () => {
  const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });
  const engine = new InteractionEngine();
  const worst = (inputs: DrugInput[]) => engine.check(curated, inputs).summary.maxSeverity;

  it.each<[string, DrugInput, string, 'skin' | 'eye' | 'ear', 'request' | 'name']>([
    ['shampoo (name)', 'ketoconazole 2% shampoo', 'simvastatin', 'skin', 'name'],
    ['cream (request route)', { name: 'ketoconazole', route: 'skin' }, 'simvastatin', 'skin', 'request'],
    ['eye drops (brand)', 'Ciloxan eye drops', 'tizanidine', 'eye', 'name'],
    ['ear drops', 'ofloxacin ear drops', 'tizanidine', 'ear', 'name'],
    ['eye drops', 'moxifloxacin ophthalmic solution', 'amiodarone', 'eye', 'name'],
    // Brands sold only as a local product carry the route themselves.
    ['eye-only brand', 'Restasis', 'clarithromycin', 'eye', 'name'],
    ['eye-only brand', 'Vigamox', 'amiodarone', 'eye', 'name'],
  ])('%s: left out, reported with its citations, and the check stays complete', (_label, local, other, route, from) => {
    const r = engine.check(curated, [local, other]);
    expect(r.interactions).toEqual([]);
    expect(r.resolutions[0]).toMatchObject({
      status: 'resolved',
      localUse: { route, from, checked: false, citations: expect.arrayContaining([expect.objectContaining({ source: 'fda-label' })]) },
    });
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'local_use_not_checked', indexes: [0] }));
    expect(r.summary.complete).toBe(true);
    expect(r.summary.pairsChecked).toBe(0);
  });

  it.each<[string, DrugInput, string, string]>([
    // The same drugs taken systemically keep their findings.
    ['tablet', 'ketoconazole 200 mg tablet', 'simvastatin', 'contraindicated'],
    ['no route stated', 'ketoconazole', 'simvastatin', 'contraindicated'],
    ['route systemic overrides the name', { name: 'ketoconazole shampoo', route: 'systemic' }, 'simvastatin', 'contraindicated'],
    // A systemic word in the name wins: vaginal miconazole raises the INR.
    ['vaginal cream', 'miconazole vaginal cream', 'warfarin', 'major'],
    // The systemic brand of the same ingredient, and route systemic over an eye-only brand.
    ['systemic brand', 'Neoral', 'clarithromycin', 'major'],
    ['route systemic overrides a local brand', { name: 'Restasis', route: 'systemic' }, 'clarithromycin', 'major'],
  ])('%s: checked as systemic', (_label, input, other, severity) => {
    expect(worst([input, other])).toBe(severity);
  });

  it('a local product of a drug with no negligible-absorption record is checked, and the resolution says so', () => {
    // Topical metronidazole's label keeps the warfarin warning, so it has no negligible-absorption record.
    const r = engine.check(curated, ['metronidazole cream', 'warfarin']);
    expect(r.summary.maxSeverity).toBe('major');
    expect(r.resolutions[0].localUse).toMatchObject({ route: 'skin', from: 'name', checked: true, citations: [] });
    expect(r.warnings.map((w) => w.code)).not.toContain('local_use_not_checked');
  });

  it('an entry without a local route carries no localUse', () => {
    expect(engine.check(curated, ['warfarin', 'aspirin']).resolutions.every((x) => x.localUse === undefined)).toBe(true);
  });
});

describe('systemic-only class members used at a non-systemic site', () => {
  const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });
  const engine = new InteractionEngine();
  const findings = (inputs: DrugInput[]) => engine.check(curated, inputs).interactions.map((f) => `${f.ruleId} ${f.severity}`);

  it.each<[string, DrugInput, string, string[]]>([
    // A corticosteroid taken by mouth or injected, or with no route stated, is a systemic corticosteroid.
    ['no route stated', 'hydrocortisone', 'ibuprofen', ['systemic-corticosteroids--nsaids moderate']],
    ['injected brand', 'Celestone Soluspan', 'ibuprofen', ['systemic-corticosteroids--nsaids moderate']],
    ['injected brand', 'Kenalog-40', 'levofloxacin', ['fluoroquinolones--systemic-corticosteroids major']],
    ['route systemic overrides the name', { name: 'hydrocortisone cream', route: 'systemic' }, 'ibuprofen', ['systemic-corticosteroids--nsaids moderate']],
    // Applied to the skin or eye, sprayed in the nose: not a member, so no systemic-steroid finding.
    ['cream (name)', 'hydrocortisone cream 1%', 'ibuprofen', []],
    ['cream (request route)', { name: 'hydrocortisone', route: 'skin' }, 'ibuprofen', []],
    ['skin-only brand', 'Cortizone-10', 'ibuprofen', []],
    ['cream', 'betamethasone dipropionate 0.05% cream', 'levofloxacin', []],
    ['nasal spray (name)', 'triamcinolone nasal spray', 'levofloxacin', []],
    ['nasal-only brand', 'Nasacort', 'ibuprofen', []],
    ['nasal (request route)', { name: 'triamcinolone', route: 'nasal' }, 'ibuprofen', []],
    ['inhaled (request route)', { name: 'hydrocortisone', route: 'inhaled' }, 'levofloxacin', []],
    ['route systemic overrides a nasal brand', { name: 'Nasacort', route: 'systemic' }, 'ibuprofen', ['systemic-corticosteroids--nsaids moderate']],
    ['eye-only brand', 'Pred Forte', 'warfarin', []],
    ['cream beside an oral steroid: no duplicate therapy', 'triamcinolone cream', 'prednisone', []],
    // The glucocorticoid class labeling (tablets, injections: inhibitors and inducers) is systemic-only too.
    // Sites a rule, class or domain leaves out (`notAt`): ketorolac eye drops are not the tablets, Sprix (nasal) is.
    ['eye-only brand, ketorolac rules and NSAID class', 'Acular', 'warfarin', ['additive:bleeding moderate']],
    ['eye-only brand, contraindicated pair rule', 'Acular', 'ibuprofen', ['additive:bleeding moderate']],
    ['eye (request route), lithium', { name: 'ketorolac', route: 'eye' }, 'lithium', []],
    ['nasal ketorolac keeps the rules', 'Sprix', 'aspirin', ['ketorolac--aspirin contraindicated']],
    ['no route stated keeps the rules', 'ketorolac', 'warfarin', ['warfarin--ketorolac major']],
    ['ointment, oral-neomycin rule', 'neomycin ointment', 'furosemide', []],
    ['tablets, oral-neomycin rule', 'neomycin', 'furosemide', ['neomycin--loop-diuretics major']],
    ['eye drops, aminoglycoside class', 'gentamicin eye drops', 'furosemide', []],
    ['inhaled, aminoglycoside class', 'TOBI', 'furosemide', ['aminoglycosides--loop-diuretics major']],
    ['eye-only brand, hyperkalaemia domain', 'Restasis', 'spironolactone', []],
    // A combination product sold for one site (`site:` in products.yaml) is used there.
    ['eye product, aminoglycoside class and systemic steroid', 'TobraDex', 'furosemide', []],
    ['skin product, oral-neomycin rule', 'Neosporin', 'furosemide', []],
    ['ear product, oral-neomycin rule', 'Cortisporin', 'furosemide', []],
    ['inhaled product, ingredient rule still applies', 'Advair', 'ritonavir', ['fluticasone--ritonavir major', 'salmeterol--ritonavir major']],
    // A local product whose ingredients are partly negligibly absorbed: those are left out, the rest checked.
    ['skin product, clotrimazole left out', 'Lotrisone', 'tacrolimus', []],
    ['tablet, class labeling', 'prednisolone', 'clarithromycin', ['wave12f-glucocorticoids--label-inhibitors moderate']],
    ['eye-only brand, class labeling', 'Pred Forte', 'clarithromycin', []],
    ['cream, class labeling', 'hydrocortisone cream 1%', 'rifampin', []],
    // Risk domains marked systemicOnly (hypokalaemia): an eye drop does not join, an injection does.
    ['eye-only brand, hypokalaemia', 'Maxidex', 'hydrochlorothiazide', []],
    ['injected, hypokalaemia', 'Kenalog-40', 'hydrochlorothiazide', ['additive:hypokalemia moderate']],
    // Rules on the ingredient itself, and classes not marked systemic-only, still apply at any site.
    ['ingredient rule at a site', 'Nasacort', 'ritonavir', ['triamcinolone--ritonavir major']],
    ['class without systemicOnly', 'betamethasone cream', 'ritonavir', ['pk-boosters--cyp3a4-dependent-systemic-corticosteroids moderate']],
  ])('%s: %j with %s', (_label, input, other, expected) => {
    expect(findings([input, other])).toEqual(expected);
  });

  it('a combination applied to the skin leaves out the ingredient recorded as negligibly absorbed there, and says so', () => {
    const r = engine.check(curated, ['Lotrisone', 'tacrolimus']);
    expect(r.resolutions[0].localUse).toMatchObject({ route: 'skin', from: 'name', checked: true });
    expect(r.resolutions[0].localUse!.note).toMatch(/clotrimazole is negligibly absorbed .* left out .* betamethasone was checked/);
    expect(r.resolutions[0].localUse!.citations.length).toBeGreaterThan(0);
    // The same ingredient taken by mouth (troche, or no route) is checked.
    expect(findings(['clotrimazole', 'tacrolimus'])).toEqual(['wave12g-tacrolimus--weak-cyp3a4-inhibitors moderate']);
  });

  it('an injected steroid beside an oral one is duplicate therapy', () => {
    expect(findings(['prednisone', 'Kenalog-40'])).toContain('duplicate:systemic-corticosteroids moderate');
  });

  it('an eye-only brand reports its route on the resolution and is still checked', () => {
    const r = engine.check(curated, ['Pred Forte', 'warfarin']);
    expect(r.resolutions[0].localUse).toMatchObject({ route: 'eye', from: 'name', checked: true });
    expect(r.summary.pairsChecked).toBe(1);
  });
});

describe('a prodrug and the drug it becomes are one active drug', () => {
  const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });
  const engine = new InteractionEngine();
  const findings = (inputs: DrugInput[]) => engine.check(curated, inputs).interactions.map((f) => `${f.ruleId} ${f.severity}`);

  it.each<[string, string, string[]]>([
    // One duplicate finding, no enzyme finding between them (phenytoin does not "induce" fosphenytoin), no class duplicate.
    ['fosphenytoin', 'phenytoin', ['duplicate:active-drug moderate']],
    ['Vyvanse', 'Dexedrine', ['duplicate:active-drug moderate']],
    ['valacyclovir', 'acyclovir', ['duplicate:active-drug moderate']],
    ['prednisone', 'prednisolone', ['duplicate:active-drug moderate']],
    // Two prodrugs of one drug: Viread and Vemlidy are both tenofovir, which no class said.
    ['Viread', 'Vemlidy', ['duplicate:active-drug moderate']],
    // The same ingredient twice keeps its own finding.
    ['Dilantin', 'phenytoin', ['duplicate:ingredient moderate']],
  ])('%s + %s', (a, b, expected) => {
    expect(findings([a, b])).toEqual(expected);
  });

  it('names the active drug and the conversion', () => {
    const [f] = engine.check(curated, ['fosphenytoin', 'phenytoin']).interactions;
    expect(f.summary).toBe('fosphenytoin and phenytoin (one active drug, phenytoin) appear in more than one entry of the list.');
    expect(f.mechanism).toContain('fosphenytoin to phenytoin');
    expect(f.participants.map((p) => p.index)).toEqual([0, 1]);
  });

  it('risk domains count the active drug once: Adderall with Vyvanse is two serotonergic drugs, not three', () => {
    const r = engine.check(curated, ['Adderall', 'Vyvanse']);
    expect(r.interactions.find((f) => f.ruleId === 'additive:serotonergic')?.severity).toBe('moderate');
    // One duplicate finding: the class duplicate (both entries hold dextroamphetamine) is folded into the active-drug one.
    const duplicates = r.interactions.filter((f) => f.kind === 'duplicate-therapy');
    expect(duplicates.map((f) => f.ruleId)).toEqual(['duplicate:active-drug']);
    expect(duplicates[0].participants.map((p) => `${p.index}:${p.ingredientId}`).sort()).toEqual(['0:amphetamine', '0:dextroamphetamine', '1:lisdexamfetamine']);
    expect(duplicates[0].risks).toEqual(expect.arrayContaining(['duplicate-ingredient', 'duplicate-therapy']));
  });

  it('a class duplicate beside a same-drug duplicate of another ingredient stays (Vicodin + Percocet share acetaminophen, not an opioid)', () => {
    const ids = engine.check(curated, ['Vicodin', 'Percocet']).interactions.map((f) => f.ruleId);
    expect(ids).toEqual(expect.arrayContaining(['duplicate:ingredient', 'duplicate:opioids']));
  });

  it('a class duplicate across a third entry stays: Adderall + Dexedrine + Desoxyn', () => {
    const ids = engine.check(curated, ['Adderall', 'Dexedrine', 'Desoxyn']).interactions.map((f) => f.ruleId);
    expect(ids).toEqual(expect.arrayContaining(['duplicate:ingredient', 'duplicate:amphetamines']));
    expect(
      engine
        .check(curated, ['Adderall', 'Dexedrine'])
        .interactions.filter((f) => f.kind === 'duplicate-therapy')
        .map((f) => f.ruleId),
    ).toEqual(['duplicate:ingredient']);
  });
});
