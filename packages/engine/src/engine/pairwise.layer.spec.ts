import { join } from 'node:path';
import type { InteractionFinding } from '@vigil/contracts';
import { FIXTURE_DIR, bulkRule } from '../../test-fixtures/fixture-kb';
import { formatIssue } from '../compiler/kb-compile-issue';
import { KnowledgeCompiler } from '../compiler/knowledge.compiler';
import { YamlSourceReader } from '../compiler/yaml-source.reader';
import { KnowledgeBase } from '../kb/knowledge-base';
import { loadCuratedKb } from '../kb/kb.loader';
import type { CompiledKnowledgeBase, KbRule } from '../model/compiled-kb.model';
import type { DrugInput } from '../model/drug-input.model';
import { InteractionEngine } from './interaction.engine';

const engine = new InteractionEngine();

/** `kind ruleId severity [index:ingredient(role)…]`, as in interaction.engine.spec. */
function view(f: InteractionFinding): string {
  return `${f.kind} ${f.ruleId} ${f.severity} ${f.participants.map((p) => `${p.index}:${p.ingredientId}${p.role ? `(${p.role[0]})` : ''}`).join(' ')}`;
}

const statement = (id: string, substrates: string, perpetrator: string, severity: string) => `- id: ${id}
  enzyme: CYP3A4
  substrates: ${substrates}
  perpetrator: ${perpetrator}
  severity: ${severity}
  summary: "Label of {victim}: {perpetrator} ({enzyme})."
  consequence: c
  mechanism: m
  management: g
  evidence: { level: established }
  citations: [ { source: fda-label, title: "Label", section: "7 Drug Interactions" } ]
`;

/** Substrate label statements over the fixture's drugs (oxycodone and atorvastatin are moderate CYP3A4 substrates, alprazolam a sensitive one). */
const LABELS = [
  statement('oxycodone--cyp3a4-inhibitors', '[oxycodone]', '{ role: inhibitor, strength: [strong, moderate] }', 'major'),
  // Requires P-gp inhibition too: clarithromycin has it, fluconazole has not.
  statement(
    'alprazolam--combined-inhibitors',
    '[alprazolam]',
    '{ role: inhibitor, strength: [strong], also: [{ enzyme: P-gp, role: inhibitor, strength: [strong] }] }',
    'contraindicated',
  ),
  statement('atorvastatin--cyp3a4-inhibitors', '[atorvastatin]', '{ role: inhibitor, strength: [strong, moderate], except: [fluconazole] }', 'major'),
].join('');

function compileFixture(extra: Record<string, string>): CompiledKnowledgeBase {
  const files = new YamlSourceReader().readDirectory(FIXTURE_DIR);
  for (const [path, text] of Object.entries(extra)) files.push({ path, text });
  const r = new KnowledgeCompiler().compileFiles(files);
  if (!r.ok) throw new Error(r.issues.map(formatIssue).join('\n'));
  return r.kb;
}

function rule(id: string, a: string, b: string, severity: KbRule['severity'], risks: string[]): KbRule {
  return { ...bulkRule(id, { ingredient: a }, { ingredient: b }, severity, { risks }), sourceId: 'vigil-curated', citations: [{ source: 'fda-label', title: id }] };
}

/** Participants never repeat the same (input index, ingredient). */
function expectDistinctParticipants(findings: readonly InteractionFinding[]): void {
  for (const f of findings) {
    const keys = f.participants.map((p) => `${p.index}:${p.ingredientId}`);
    expect({ rule: f.ruleId, keys }).toEqual({ rule: f.ruleId, keys: [...new Set(keys)] });
  }
}

describe('PairwiseLayer: substrate label statements', () => {
  const kb = new KnowledgeBase(compileFixture({ 'labels.yaml': LABELS }));

  it.each<[string, DrugInput[], string[]]>([
    [
      'a statement answers where no generic template does (moderate inhibitor × moderate substrate)',
      ['oxycodone', 'fluconazole'],
      ['pathway oxycodone--cyp3a4-inhibitors major 0:oxycodone(v) 1:fluconazole(p)'],
    ],
    [
      'a statement replaces the generic template of its enzyme and direction',
      ['alprazolam', 'clarithromycin'],
      ['pathway alprazolam--combined-inhibitors contraindicated 0:alprazolam(v) 1:clarithromycin(p)'],
    ],
    [
      'a statement needing a second role does not match without it: the template answers',
      ['fluconazole', 'Xanax'],
      ['pathway cyp3a4-moderate-inhibitor--sensitive-substrate moderate 0:fluconazole(p) 1:alprazolam(v)'],
    ],
    ['a perpetrator the label exempts gets no statement finding', ['atorvastatin', 'fluconazole'], []],
    [
      'the statement applies to each listed perpetrator strength',
      ['Biaxin', 'atorvastatin'],
      ['pathway atorvastatin--cyp3a4-inhibitors major 0:clarithromycin(p) 1:atorvastatin(v)'],
    ],
    ['a pair rule with the same pk- tag still takes precedence', ['Zocor', 'Biaxin'], ['drug-drug simvastatin--clarithromycin contraindicated 0:simvastatin 1:clarithromycin']],
  ])('%s', (_label, inputs, expected) => {
    const r = engine.check(kb, inputs);
    expect(r.interactions.map(view)).toEqual(expected);
    expectDistinctParticipants(r.interactions);
  });

  it('carries the pk- tags of its enzyme and of each also-enzyme, its citation and the placeholders', () => {
    const [f] = engine.check(kb, ['alprazolam', 'clarithromycin']).interactions;
    expect(f.risks).toEqual(['pk-cyp3a4', 'pk-pgp']);
    expect(f.summary).toBe('Label of alprazolam: clarithromycin (CYP3A4).');
    expect(f.evidence!.citations).toEqual([{ source: 'fda-label', title: 'Label', section: '7 Drug Interactions', sources: ['vigil-curated'] }]);
  });

  it('gives the same findings below minSeverity as filtering the full result', () => {
    const inputs = ['oxycodone', 'fluconazole', 'alprazolam', 'clarithromycin', 'atorvastatin'];
    const full = engine.check(kb, inputs).interactions.filter((f) => f.severity === 'contraindicated' || f.severity === 'major');
    const filtered = engine.check(kb, inputs, { minSeverity: 'major' });
    expect(filtered.interactions.map(view)).toEqual(full.map(view));
  });
});

describe('PairwiseLayer and DuplicateTherapyLayer: one finding per pair and mechanism', () => {
  const doc = compileFixture({});
  doc.rules.push(
    rule('digoxin--clarithromycin', 'digoxin', 'clarithromycin', 'major', ['digoxin-toxicity']),
    rule('digoxin--ciprofloxacin', 'digoxin', 'ciprofloxacin', 'minor', ['minor-effect']),
    rule('atorvastatin--simvastatin', 'atorvastatin', 'simvastatin', 'major', ['myopathy']),
    rule('oxycodone--hydrocodone', 'oxycodone', 'hydrocodone', 'minor', ['cns-depression']),
  );
  // A combination product whose ingredients interact by design (like nirmatrelvir boosted by ritonavir).
  doc.products.push({ id: 'boostpak', name: 'Boostpak', ingredients: ['alprazolam', 'clarithromycin'], sourceId: 'vigil-curated' });
  // ciprofloxacin is given a P-gp inhibitor role so that digoxin + ciprofloxacin has a pathway finding too.
  doc.ingredients.find((i) => i.id === 'ciprofloxacin')!.roles.push({ enzyme: 'P-gp', role: 'inhibitor', strength: 'strong' });
  const kb = new KnowledgeBase(doc);

  it.each<[string, DrugInput[], string[]]>([
    ['a pathway finding folds into an at-least-as-severe pair finding', ['digoxin', 'clarithromycin'], ['drug-drug digoxin--clarithromycin major 0:digoxin 1:clarithromycin']],
    [
      'a MORE severe pathway finding is never lost',
      ['digoxin', 'ciprofloxacin'],
      ['pathway pgp-strong-inhibitor--sensitive-substrate major 0:digoxin(v) 1:ciprofloxacin(p)', 'drug-drug digoxin--ciprofloxacin minor 0:digoxin 1:ciprofloxacin'],
    ],
    ['a class duplicate folds into an at-least-as-severe pair finding', ['atorvastatin', 'Zocor'], ['drug-drug atorvastatin--simvastatin major 0:atorvastatin 1:simvastatin']],
    [
      'a MORE severe class duplicate is kept',
      ['oxycodone', 'hydrocodone'],
      ['duplicate-therapy duplicate:opioids moderate 0:oxycodone 1:hydrocodone', 'drug-drug oxycodone--hydrocodone minor 0:oxycodone 1:hydrocodone'],
    ],
    [
      'the same combination product twice: the duplicate, not its designed interaction',
      ['Boostpak', 'Boostpak'],
      ['duplicate-therapy duplicate:ingredient moderate 0:alprazolam 0:clarithromycin 1:alprazolam 1:clarithromycin'],
    ],
    ['a product and one of its components', ['Boostpak', 'clarithromycin'], ['duplicate-therapy duplicate:ingredient moderate 0:clarithromycin 1:clarithromycin']],
    [
      'a product and a drug it does not contain are still checked',
      ['Boostpak', 'Boostpak', 'Zocor'],
      [
        'drug-drug simvastatin--clarithromycin contraindicated 0:clarithromycin 1:clarithromycin 2:simvastatin',
        'duplicate-therapy duplicate:ingredient moderate 0:alprazolam 0:clarithromycin 1:alprazolam 1:clarithromycin',
      ],
    ],
  ])('%s', (_label, inputs, expected) => {
    const r = engine.check(kb, inputs);
    expect(r.interactions.map(view)).toEqual(expected);
    expectDistinctParticipants(r.interactions);
  });

  it('the absorbing finding keeps the general one as detail: its tag and its citation', () => {
    const [pathway] = engine.check(kb, ['digoxin', 'clarithromycin']).interactions;
    expect(pathway.risks).toEqual(['digoxin-toxicity', 'pk-pgp']);
    expect(pathway.evidence!.citations.map((c) => c.source)).toEqual(['fda-label', 'fda-cyp-table']);
    const [dup] = engine.check(kb, ['atorvastatin', 'Zocor']).interactions;
    expect(dup.risks).toEqual(['myopathy', 'duplicate-therapy']);
    expect(dup.evidence!.citations.map((c) => c.title)).toEqual(['atorvastatin--simvastatin', 'Vigil class definition: Statins']);
  });

  it('counts exactly what minSeverity hides, with absorbed findings not counted twice', () => {
    for (const inputs of [
      ['digoxin', 'clarithromycin'],
      ['atorvastatin', 'Zocor'],
      ['oxycodone', 'hydrocodone'],
    ]) {
      const full = engine.check(kb, inputs);
      const f = engine.check(kb, inputs, { minSeverity: 'contraindicated' });
      expect(f.summary.hiddenBySeverityFilter).toBe(full.interactions.length);
    }
  });
});

describe('curated knowledge base: label statements and one finding per pair', () => {
  const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });

  it.each<[string, string, string, string]>([
    ['hydrocodone', 'diltiazem', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['hydrocodone', 'verapamil', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['hydrocodone', 'fluconazole', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['tramadol', 'erythromycin', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['atorvastatin', 'erythromycin', 'atorvastatin--moderate-cyp3a4-inhibitors', 'moderate'],
    ['alprazolam', 'erythromycin', 'alprazolam--moderate-cyp3a4-inhibitors', 'moderate'],
    ['rivaroxaban', 'verapamil', 'rivaroxaban--combined-pgp-moderate-cyp3a4-inhibitors', 'moderate'],
    ['ivabradine', 'fluconazole', 'ivabradine--moderate-cyp3a4-inhibitors', 'major'],
    ['oxycodone', 'efavirenz', 'boxed-warning-opioids--cyp3a4-inducers', 'moderate'],
    ['flibanserin', 'fluconazole', 'flibanserin--cyp3a4-inhibitors', 'contraindicated'],
    ['ranolazine', 'phenobarbital', 'ranolazine--cyp3a4-inducers', 'contraindicated'],
    ['sufentanil', 'crizotinib', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    ['tamsulosin', 'erythromycin', 'tamsulosin--moderate-cyp3a4-inhibitors', 'moderate'],
    ['tamsulosin', 'diltiazem', 'tamsulosin--moderate-cyp3a4-inhibitors', 'moderate'],
    // Dihydropyridine and tadalafil labels ask for monitoring with moderate inhibitors: never the minor template.
    ['amlodipine', 'diltiazem', 'amlodipine--cyp3a4-inhibitors', 'moderate'],
    ['amlodipine', 'verapamil', 'amlodipine--cyp3a4-inhibitors', 'moderate'],
    ['nifedipine', 'diltiazem', 'nifedipine--cyp3a4-inhibitors', 'moderate'],
    ['nifedipine', 'itraconazole', 'nifedipine--cyp3a4-inhibitors', 'moderate'],
    ['tadalafil', 'erythromycin', 'tadalafil--moderate-cyp3a4-inhibitors', 'moderate'],
    ['rilpivirine', 'eslicarbazepine', 'rilpivirine--moderate-cyp3a4-inducers', 'major'],
    ['rilpivirine', 'bosentan', 'rilpivirine--moderate-cyp3a4-inducers', 'major'],
  ])('%s + %s: the substrate label statement (%s, %s)', (victim, perpetrator, ruleId, severity) => {
    // Additive-domain findings (e.g. QT for tramadol + erythromycin) are another mechanism, not a second pathway finding.
    const pairFindings = engine.check(curated, [victim, perpetrator]).interactions.filter((f) => f.kind !== 'additive');
    expect(pairFindings.map((f) => [f.ruleId, f.severity])).toEqual([[ruleId, severity]]);
    expect(pairFindings[0].risks).toContain('pk-cyp3a4');
    expect(pairFindings[0].participants.map((p) => p.role)).toEqual(['victim', 'perpetrator']);
  });

  it('no generic template says "no change" any more', () => {
    for (const p of curated.pathways) expect({ id: p.id, management: p.management }).not.toMatchObject({ management: expect.stringMatching(/no (routine )?change/i) });
  });

  it.each<[DrugInput[], string[]]>([
    [['warfarin', 'rivaroxaban'], ['drug-drug warfarin--rivaroxaban major 0:warfarin 1:rivaroxaban']],
    [['simvastatin', 'clarithromycin'], ['drug-drug simvastatin--clarithromycin contraindicated 0:simvastatin 1:clarithromycin']],
    [['Paxlovid', 'nirmatrelvir/ritonavir'], ['duplicate-therapy duplicate:ingredient moderate 0:nirmatrelvir 0:ritonavir 1:nirmatrelvir 1:ritonavir']],
  ])('%j: one finding', (inputs, expected) => {
    const r = engine.check(curated, inputs);
    expect(r.interactions.map(view)).toEqual(expected);
    expectDistinctParticipants(r.interactions);
  });

  it('tenofovir prodrugs are two drugs: P-gp inducers lower the alafenamide (Descovy), not the disoproxil (Truvada)', () => {
    const taf = engine.check(curated, ['Descovy', 'rifampin']);
    expect(taf.interactions.map((f) => [f.ruleId, f.severity])).toEqual([['taf-label-inducers--tenofovir-alafenamide', 'major']]);
    expect(engine.check(curated, ['Truvada', 'rifampin']).interactions).toEqual([]);
    expect(engine.check(curated, ['Viread', 'didanosine']).interactions.map((f) => f.ruleId)).toEqual(['tenofovir-disoproxil--didanosine']);
    expect(engine.check(curated, ['Vemlidy', 'didanosine']).interactions).toEqual([]);
  });

  it('the bare word "tenofovir" is never one prodrug: ambiguous with both, so the check says it is incomplete', () => {
    const r = engine.check(curated, ['tenofovir', 'rifampin']);
    expect(r.summary.complete).toBe(false);
    expect(r.unresolved).toEqual([
      expect.objectContaining({
        input: 'tenofovir',
        status: 'ambiguous',
        suggestions: expect.arrayContaining([expect.objectContaining({ name: 'tenofovir alafenamide' }), expect.objectContaining({ name: 'tenofovir disoproxil' })]),
      }),
    ]);
  });

  it.each<[string, string, string, string]>([
    ['amitriptyline', 'dopamine', 'tcas--dopamine', 'moderate'],
    ['maprotiline', 'norepinephrine', 'maprotiline--norepinephrine', 'major'],
    ['sevoflurane', 'dopamine', 'dopamine--halogenated-anesthetics', 'moderate'],
    ['busulfan', 'itraconazole', 'busulfan--itraconazole', 'moderate'],
    ['repaglinide', 'Bactrim', 'repaglinide--trimethoprim', 'moderate'],
    ['verapamil', 'quinidine', 'verapamil--quinidine', 'moderate'],
    ['riociguat', 'posaconazole', 'riociguat-label-azoles--riociguat', 'moderate'],
    ['levobunolol', 'verapamil', 'ophthalmic-beta-blockers--non-dihydropyridine-ccbs', 'moderate'],
    ['bisoprolol', 'verapamil', 'beta-blockers--non-dihydropyridine-ccbs', 'major'],
    ['metoclopramide', 'rasagiline', 'metoclopramide--mao-b-inhibitors', 'major'],
    ['metoclopramide', 'entacapone', 'metoclopramide--comt-inhibitors', 'major'],
    ['cabergoline', 'risperidone', 'cabergoline--cabergoline-label-d2-antagonists', 'major'],
    ['isavuconazole', 'efavirenz', 'non-barbiturate-moderate-cyp3a4-inducers--isavuconazonium', 'major'],
    ['acitretin', 'norethindrone', 'acitretin--hormonal-contraceptives', 'major'],
    ['Sudafed', 'phenylephrine', 'duplicate:sympathomimetic-decongestants', 'moderate'],
    ['disopyramide', 'metoprolol', 'disopyramide--systemic-beta-blockers', 'major'],
    ['flecainide', 'metoprolol', 'beta-blockers--negatively-inotropic-class-i-antiarrhythmics', 'moderate'],
    ['domperidone', 'fluconazole', 'domperidone--qt-prolonging-agents', 'contraindicated'],
    ['domperidone', 'ketoconazole', 'domperidone--strong-cyp3a4-inhibitors', 'contraindicated'],
    ['clonidine', 'imipramine', 'clonidine--tcas', 'major'],
    ['clonidine', 'amitriptyline', 'clonidine--amitriptyline', 'major'],
    ['procarbazine', 'levodopa', 'procarbazine--levodopa', 'major'],
    ['procarbazine', 'entacapone', 'comt-inhibitors--procarbazine', 'major'],
    ['bupropion', 'pseudoephedrine', 'bupropion--bupropion-seizure-threshold-partners', 'moderate'],
    // Bismuth subsalicylate is a salicylate, not plain bismuth: Pepto-Bismol keeps the salicylate interactions.
    ['Pepto-Bismol', 'warfarin', 'salicylates--anticoagulants', 'major'],
    ['bismuth subsalicylate', 'methotrexate', 'methotrexate--salicylates', 'major'],
    ['salsalate', 'methotrexate', 'methotrexate--salicylates', 'major'],
    ['Pepto-Bismol', 'doxycycline', 'tetracyclines--polyvalent-cations', 'moderate'],
    // CYP2D6 substrate roles from the carvedilol and doxepin labels.
    ['carvedilol', 'paroxetine', 'cyp2d6-strong-inhibitor--moderate-substrate', 'moderate'],
    ['doxepin', 'terbinafine', 'cyp2d6-strong-inhibitor--moderate-substrate', 'moderate'],
    ['amlodipine', 'efavirenz', 'cyp3a4-moderate-inducer--moderate-substrate', 'minor'],
    // FDA lists clopidogrel as a strong CYP2C8 inhibitor; strong x moderate substrate answers moderate as for the other CYPs.
    ['clopidogrel', 'pioglitazone', 'cyp2c8-strong-inhibitor--moderate-substrate', 'moderate'],
    ['gemfibrozil', 'rosiglitazone', 'cyp2c8-strong-inhibitor--moderate-substrate', 'moderate'],
    ['epinephrine', 'sevoflurane', 'epinephrine--halogenated-anesthetics', 'moderate'],
    ['norepinephrine', 'desflurane', 'norepinephrine--halogenated-anesthetics', 'moderate'],
    ['sertraline', 'carbamazepine', 'inducer-lowered-ssris--ssri-lowering-inducers', 'moderate'],
    ['escitalopram', 'rifampin', 'inducer-lowered-ssris--ssri-lowering-inducers', 'moderate'],
    ['fluoxetine', 'phenytoin', 'anticonvulsant-raising-ssris--phenytoin-carbamazepine', 'moderate'],
    ['fluvoxamine', 'carbamazepine', 'anticonvulsant-raising-ssris--phenytoin-carbamazepine', 'moderate'],
    ['duloxetine', 'carbamazepine', 'cyp1a2-inducer--sensitive-substrate', 'moderate'],
    // Masked hypoglycaemia, graded: non-selective beta-blockers moderate, cardioselective minor.
    ['propranolol', 'insulin glargine', 'non-selective-beta-blockers--insulin-secretagogues-and-insulins', 'moderate'],
    ['carvedilol', 'glipizide', 'non-selective-beta-blockers--insulin-secretagogues-and-insulins', 'moderate'],
    ['metoprolol', 'glipizide', 'cardioselective-beta-blockers--insulin-secretagogues-and-insulins', 'minor'],
    ['cetirizine', 'lorazepam', 'additive:cns-depression', 'moderate'],
    // Potassium-wasting drugs together (corticosteroid labels: observe for hypokalaemia with diuretics, amphotericin B).
    ['prednisone', 'bumetanide', 'additive:hypokalemia', 'moderate'], // furosemide now has its own label rule (wave 11b)
    // Hepatitis C combinations resolve as products and carry their labels' tables.
    ['Harvoni', 'omeprazole', 'ledipasvir--ppis', 'moderate'],
    ['Epclusa', 'omeprazole', 'velpatasvir--ppis', 'major'],
    ['Mavyret', 'atazanavir', 'glecaprevir--atazanavir', 'contraindicated'],
    ['Zepatier', 'cyclosporine', 'grazoprevir--zepatier-contraindicated-oatp1b-inhibitors', 'contraindicated'],
    ['Epclusa', 'carbamazepine', 'sofosbuvir-label-inducers--sofosbuvir', 'major'],
    // Vosevi adds voxilaprevir's own table (OATP1B/BCRP inhibition) to sofosbuvir's and velpatasvir's.
    // Drugs reviewed from their labels after being known by name only (wave 4).
    ['venetoclax', 'posaconazole', 'venetoclax--strong-cyp3a4-inhibitors', 'contraindicated'],
    ['ibrutinib', 'clarithromycin', 'acalabrutinib-ibrutinib--strong-cyp3a4-inhibitors', 'major'],
    ['deferasirox', 'tizanidine', 'deferasirox--tizanidine', 'major'],
    ['Coartem', 'rifampin', 'lumefantrine--strong-cyp3a4-inducers', 'contraindicated'],
    ['iohexol', 'metformin', 'iodinated-contrast-agents--metformin', 'major'],
    ['defibrotide', 'warfarin', 'defibrotide--anticoagulants', 'contraindicated'],
    ['doxorubicin', 'trastuzumab', 'anthracyclines--trastuzumab-products', 'major'],
    ['tetrabenazine', 'paroxetine', 'vmat2-inhibitors--strong-cyp2d6-inhibitors', 'moderate'],
    // Wave 13g: the carbidopa/levodopa label does not recommend dopamine-depleting drugs (major) for levodopa itself;
    // the class rule still answers the dopamine agonists.
    ['tetrabenazine', 'levodopa', 'wave13g-levodopa--monoamine-depleting-drugs', 'major'],
    ['tetrabenazine', 'ropinirole', 'dopaminergic-antiparkinson-agents--vmat2-inhibitors', 'moderate'],
    // Drugs reviewed from their labels after being known by name only (wave 7).
    ['desmopressin', 'furosemide', 'desmopressin--desmopressin-label-contraindicated-drugs', 'major'],
    ['Nocdurna', 'sertraline', 'desmopressin--desmopressin-label-hyponatremia-drugs', 'moderate'],
    ['Lysteda', 'ethinyl estradiol', 'tranexamic-acid--estrogen-contraceptives', 'major'],
    ['dihydrocodeine', 'alprazolam', 'opioids--benzodiazepines', 'major'],
    ['orlistat', 'levothyroxine', 'orlistat--thyroid-hormones', 'moderate'],
    ['Belsomra', 'ketoconazole', 'suvorexant--strong-cyp3a4-inhibitors', 'major'],
    ['Ubrelvy', 'clarithromycin', 'ubrogepant--strong-cyp3a4-inhibitors', 'contraindicated'],
    ['tasimelteon', 'fluvoxamine', 'tasimelteon--strong-cyp1a2-inhibitors', 'major'],
    ['pirfenidone', 'fluvoxamine', 'pirfenidone--fluvoxamine', 'major'],
    ['pirfenidone', 'ciprofloxacin', 'pirfenidone--cyp1a2-inhibitors', 'moderate'],
    ['lofexidine', 'methadone', 'additive:qt', 'moderate'],
    ['macitentan', 'fluconazole', 'macitentan--macitentan-label-dual-inhibitors', 'major'],
    ['Opsumit', 'rifampin', 'macitentan--strong-cyp3a4-inducers', 'major'],
    ['penicillamine', 'hydroxychloroquine', 'penicillamine--penicillamine-label-avoided-drugs', 'major'],
    ['Bridion', 'norethindrone', 'sugammadex--hormonal-contraceptives', 'major'],
    ['flumazenil', 'amitriptyline', 'flumazenil--tcas', 'major'],
    ['chloramphenicol', 'clozapine', 'chloramphenicol--chloramphenicol-label-marrow-suppressants', 'major'],
    ['prilocaine', 'dapsone', 'prilocaine--prilocaine-label-oxidising-drugs', 'moderate'],
    ['Varubi', 'thioridazine', 'rolapitant--rolapitant-label-contraindicated-cyp2d6-substrates', 'contraindicated'],
    ['netupitant', 'rifampin', 'nk1-antagonists-wave7--strong-cyp3a4-inducers', 'major'],
    ['Viberzi', 'oxycodone', 'eluxadoline--opioids', 'major'],
    ['Symproic', 'naltrexone', 'naldemedine--naldemedine-label-opioid-antagonists', 'major'],
    ['Nubeqa', 'rosuvastatin', 'darolutamide--rosuvastatin', 'major'],
    ['Rukobia', 'rifampin', 'fostemsavir--strong-cyp3a4-inducers', 'contraindicated'],
    ['relugolix', 'verapamil', 'relugolix--pgp-inhibitors', 'major'],
    ['atracurium', 'gentamicin', 'neuromuscular-blockers--aminoglycosides', 'moderate'],
    ['vitamin A', 'isotretinoin', 'vitamin-a--oral-retinoids', 'major'],
    ['Tabrecta', 'efavirenz', 'wave7-kinase-inhibitors--moderate-cyp3a4-inducers', 'major'],
    ['pemigatinib', 'itraconazole', 'inhibitor-avoid-kinase-inhibitors--strong-cyp3a4-inhibitors', 'major'],
    ['Koselugo', 'fluconazole', 'wave7-kinase-inhibitors--moderate-cyp3a4-inhibitors', 'major'],
    ['pralsetinib', 'rifampin', 'inducer-avoid-kinase-inhibitors--strong-cyp3a4-inducers', 'major'],
    ['Ofev', 'rifampin', 'nintedanib--combined-pgp-cyp3a4-inducers', 'major'],
    ['nintedanib esylate', 'ketoconazole', 'nintedanib--combined-pgp-cyp3a4-inhibitors', 'moderate'],
    ['pretomanid', 'efavirenz', 'pretomanid--cyp3a4-inducers', 'major'],
    ['olsalazine', 'azathioprine', 'olsalazine--thiopurines', 'moderate'],
    ['avatrombopag', 'fluconazole', 'avatrombopag--dual-cyp2c9-cyp3a4-inhibitors', 'moderate'],
    ['voxelotor', 'efavirenz', 'voxelotor--cyp3a4-inducers', 'major'],
    // A biosimilar named by its suffixed name is the same TNF blocker as its reference product.
    ['adalimumab-adaz', 'Humira', 'duplicate:targeted-immunomodulators', 'major'],
    ['infliximab-dyyb', 'methotrexate', 'biologic-immunomodulators--conventional-immunosuppressants', 'moderate'],
    ['Qelbree', 'tizanidine', 'viloxazine--viloxazine-label-cyp1a2-substrates', 'contraindicated'],
    ['Sunosi', 'selegiline', 'solriamfetol--maois', 'contraindicated'],
    ['Evista', 'cholestyramine', 'raloxifene--bile-acid-sequestrants', 'major'],
    ['Fycompa', 'levonorgestrel', 'perampanel--progestin-contraceptives', 'major'],
    ['Quviviq', 'ketoconazole', 'daridorexant--strong-cyp3a4-inhibitors', 'major'],
    ['cabotegravir', 'rifampin', 'cabotegravir--cabotegravir-label-contraindicated-inducers', 'contraindicated'],
    ['tafenoquine', 'metformin', 'tafenoquine--tafenoquine-label-oct2-mate-substrates', 'major'],
    ['vonoprazan', 'rilpivirine', 'vonoprazan--rilpivirine', 'contraindicated'],
    ['dexmedetomidine', 'fentanyl', 'additive:cns-depression', 'moderate'],
    ['Epidiolex', 'valproate', 'cannabidiol--valproate', 'moderate'],
    ['Daliresp', 'rifampin', 'roflumilast--strong-cyp3a4-inducers', 'major'],
    ['oritavancin', 'heparin', 'oritavancin--heparin', 'contraindicated'],
    ['tigecycline', 'isotretinoin', 'intravenous-tetracycline-class--oral-retinoids', 'major'],
    ['ursodiol', 'cholestyramine', 'ursodiol--bile-acid-sequestrants', 'moderate'],
    ['griseofulvin, microsize', 'norethindrone', 'griseofulvin-forms--hormonal-contraceptives', 'major'],
    ['Cancidas', 'rifampin', 'caspofungin--caspofungin-label-inducers', 'moderate'],
    ['Lumakras', 'omeprazole', 'sotorasib--ppis', 'major'],
    ['Vonjo', 'clarithromycin', 'pacritinib--strong-cyp3a4-inhibitors', 'contraindicated'],
    ['Tepmetko', 'rifampin', 'tepotinib--combined-pgp-strong-cyp3a4-inducers', 'major'],
    ['Welireg', 'norethindrone', 'belzutifan--hormonal-contraceptives', 'major'],
    ['Vimpat', 'metoprolol', 'lacosamide--lacosamide-label-conduction-drugs', 'moderate'],
    ['cycloserine', 'ethanol', 'cycloserine--ethanol', 'major'],
    // Nebivolol's label asks only for caution with CYP2D6 inhibitors (poor metabolisers take the usual dose).
    ['nebivolol', 'fluoxetine', 'nebivolol--cyp2d6-inhibitors', 'moderate'],
    ['Vosevi', 'rifampin', 'voxilaprevir--rifampin', 'contraindicated'],
    ['Vosevi', 'rosuvastatin', 'voxilaprevir--rosuvastatin', 'major'],
    ['Vosevi', 'methotrexate', 'voxilaprevir--bcrp-substrates-not-with-vosevi', 'major'],
    ['Vosevi', 'pravastatin', 'voxilaprevir--pravastatin', 'moderate'],
    // A possible-risk QT drug beside an established one (CredibleMeds), never two possible-risk drugs alone.
    ['hydroxychloroquine', 'sertraline', 'additive:qt', 'moderate'],
    ['citalopram', 'promethazine', 'additive:qt', 'moderate'],
    ['hydrochlorothiazide', 'bumetanide', 'additive:hypokalemia', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    const r = engine.check(curated, [a, b]);
    expect(r.interactions.map((f) => [f.ruleId, f.severity])).toContainEqual([ruleId, severity]);
  });

  it.each([
    ['Vosevi'],
    ['ibrutinib'],
    ['osimertinib'],
    ['Coartem'],
    ['fingolimod'],
    ['iohexol'],
    ['docetaxel'],
    ['natalizumab'],
    ['tetrabenazine'],
    ['leuprolide'],
    ['desmopressin'],
    ['Belsomra'],
    ['Ubrelvy'],
    ['orlistat'],
    ['vasopressin'],
    ['Bridion'],
    ['mannitol'],
    ['Nourianz'],
    ['mivacurium'],
    ['relugolix'],
    ['Alecensa'],
    ['binimetinib'],
    ['Xpovio'],
    ['adalimumab-atto'],
    ['Doptelet'],
    ['Chantix'],
    ['Briviact'],
    ['Qulipta'],
    ['Eraxis'],
    ['Xifaxan'],
    ['Fotivda'],
    ['Baraclude'],
  ])('%s is reviewed: a check with it is complete', (drug) => {
    expect(engine.check(curated, [drug, 'simvastatin']).summary.complete).toBe(true);
  });

  it.each<[string, string]>([
    ['sertraline', 'venlafaxine'],
    ['tramadol', 'promethazine'],
    ['solifenacin', 'tizanidine'],
  ])('%s + %s: two possible-risk QT drugs alone give no QT finding', (a, b) => {
    expect(engine.check(curated, [a, b]).interactions.filter((f) => f.ruleId === 'additive:qt')).toEqual([]);
  });

  // The partial D2 agonists lower prolactin (the rule suggests aripiprazole); eye-drop beta-blockers are monitored, not avoided.
  it.each<[string, string]>([
    ['cabergoline', 'aripiprazole'],
    ['cabergoline', 'brexpiprazole'],
    ['timolol', 'nifedipine'],
    ['prochlorperazine', 'rasagiline'],
    // Plain bismuth (subcitrate, as in Pylera) is not a salicylate.
    ['bismuth subcitrate potassium', 'warfarin'],
    ['atenolol', 'insulin lispro'],
    ['propranolol', 'metformin'],
    // Vasopressin's label describes only expected effects with the catecholamines it is given with in shock.
    ['vasopressin', 'norepinephrine'],
    // Sugammadex reverses rocuronium by design.
    ['Bridion', 'rocuronium'],
    // Naldemedine is taken with opioids by design: it is not one of the systemic opioid antagonists.
    ['Symproic', 'oxycodone'],
    // Selumetinib's label names fluconazole, not CYP2C19 inhibitors in general.
    ['Koselugo', 'omeprazole'],
    // Peripheral opioid antagonists are taken with opioids by design.
    ['Relistor', 'morphine'],
    // Eye products that cannot reach systemic levels (local-use.yaml): left out of the check, reported instead.
    ['erythromycin eye ointment', 'simvastatin'],
    ['Tobrex', 'furosemide'],
    ['gentamicin eye drops', 'furosemide'],
  ])('%s + %s: no major finding', (a, b) => {
    const r = engine.check(curated, [a, b]);
    expect(r.interactions.filter((f) => f.severity === 'major' || f.severity === 'contraindicated')).toEqual([]);
  });
});

describe('curated knowledge base: everyday label interactions (wave 8)', () => {
  const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });

  it.each<[string, string, string, string]>([
    // Beta-2 agonist labels, section 7: non-potassium-sparing diuretics.
    ['Ventolin', 'Lasix', 'beta2-agonists--non-potassium-sparing-diuretics', 'moderate'],
    ['Advair', 'hydrochlorothiazide', 'beta2-agonists--non-potassium-sparing-diuretics', 'moderate'],
    ['formoterol', 'chlorthalidone', 'beta2-agonists--non-potassium-sparing-diuretics', 'moderate'],
    // Opioid class labeling, section 7: anticholinergic drugs (moderate), diuretics (minor).
    ['Percocet', 'Ditropan', 'opioids--opioid-label-anticholinergic-drugs', 'moderate'],
    ['morphine', 'benztropine', 'opioids--opioid-label-anticholinergic-drugs', 'moderate'],
    ['codeine', 'dicyclomine', 'opioids--opioid-label-anticholinergic-drugs', 'moderate'],
    ['Norco', 'furosemide', 'opioids--opioid-label-diuretics', 'minor'],
    // Thyroid hormone labels, section 7 (rifampin with levothyroxine keeps its own pair rule).
    ['Synthroid', 'Tegretol', 'thyroid-hormones--thyroid-label-enzyme-inducers', 'moderate'],
    ['Cytomel', 'phenytoin', 'thyroid-hormones--thyroid-label-enzyme-inducers', 'moderate'],
    ['liothyronine', 'rifampin', 'thyroid-hormones--thyroid-label-enzyme-inducers', 'moderate'],
    ['levothyroxine', 'rifampin', 'levothyroxine--rifampin', 'moderate'],
    ['levothyroxine', 'Yaz', 'thyroid-hormones--estrogens', 'moderate'],
    ['levothyroxine', 'estradiol', 'thyroid-hormones--estrogens', 'moderate'],
    ['levothyroxine', 'amiodarone', 'thyroid-hormones--amiodarone', 'moderate'],
    ['levothyroxine', 'digoxin', 'thyroid-hormones--digoxin', 'moderate'],
    ['levothyroxine', 'orlistat', 'orlistat--thyroid-hormones', 'moderate'],
    ['levothyroxine', 'metformin', 'thyroid-hormones--glucose-lowering-drugs', 'minor'],
    ['levothyroxine', 'amitriptyline', 'thyroid-hormones--tcas', 'moderate'], // raised from minor (wave14c: amitriptyline label, close supervision with thyroid medication)
    ['levothyroxine', 'phentermine', 'thyroid-hormones--thyroid-label-sympathomimetics', 'minor'],
    // Second-generation antipsychotic labels, section 5 (hyperglycaemia): routine glucose monitoring, minor.
    ['Zyprexa', 'metformin', 'hyperglycemia-label-antipsychotics--glucose-lowering-drugs', 'minor'],
    ['quetiapine', 'insulin glargine', 'hyperglycemia-label-antipsychotics--glucose-lowering-drugs', 'minor'],
    // SGLT2 inhibitor labels, sections 5 and 7: volume depletion with loop diuretics.
    ['Jardiance', 'Lasix', 'sglt2-inhibitors--loop-diuretics', 'moderate'],
    ['dapagliflozin', 'bumetanide', 'sglt2-inhibitors--loop-diuretics', 'moderate'],
    // Insulin and secretagogue labels, section 7: drugs that change glycaemic control.
    ['metformin', 'hydrochlorothiazide', 'thiazide-diuretics--glucose-lowering-drugs', 'moderate'], // raised in wave 13e (label: adjust the antidiabetic dose)
    ['insulin glargine', 'albuterol', 'insulin-secretagogues-and-insulins--insulin-label-glucose-raising-drugs', 'minor'],
    ['glipizide', 'ethinyl estradiol', 'insulin-secretagogues-and-insulins--insulin-label-glucose-raising-drugs', 'minor'],
    ['insulin lispro', 'enalapril', 'insulin-secretagogues-and-insulins--insulin-label-glucose-lowering-enhancers', 'minor'], // lisinopril answers its own label's rule since wave 13e
    ['glimepiride', 'fenofibrate', 'insulin-secretagogues-and-insulins--insulin-label-glucose-lowering-enhancers', 'minor'],
    ['orlistat', 'cyclosporine', 'orlistat--cyclosporine', 'moderate'],
    // Antidepressant labels, section 5 (bleeding: aspirin and other antiplatelet drugs); the class rule replaces the additive finding.
    ['escitalopram', 'clopidogrel', 'bleeding-label-antidepressants--antiplatelets', 'moderate'],
    ['sertraline', 'aspirin', 'bleeding-label-antidepressants--antiplatelets', 'moderate'],
    ['trazodone', 'ticagrelor', 'bleeding-label-antidepressants--antiplatelets', 'moderate'],
    // NSAID labels, section 7: beta-blockers (blunted blood-pressure effect).
    ['celecoxib', 'metoprolol', 'nsaids--systemic-beta-blockers', 'moderate'], // raised from minor (session 21)
    // P2Y12 inhibitor labels, section 7: opioids delay their absorption.
    ['morphine', 'clopidogrel', 'opioids--oral-p2y12-inhibitors', 'moderate'],
    ['hydrocodone', 'ticagrelor', 'opioids--oral-p2y12-inhibitors', 'moderate'],
    // Fluoroquinolone labels, sections 5 and 7: NSAIDs (CNS stimulation) and antidiabetic agents (insulin and
    // secretagogues keep their moderate rule); sulfonylurea labels: NSAIDs among the highly protein-bound drugs.
    ['ciprofloxacin', 'ibuprofen', 'fluoroquinolones--nsaids', 'minor'],
    ['levofloxacin', 'metformin', 'fluoroquinolones--non-secretagogue-glucose-lowering-drugs', 'minor'],
    ['ciprofloxacin', 'glipizide', 'fluoroquinolones--insulin-secretagogues-and-insulins', 'moderate'],
    ['glimepiride', 'naproxen', 'sulfonylureas--nsaids', 'minor'],
    // More levothyroxine label partners: PPIs (the omeprazole pair rule stays), ketamine, ion-exchange resin, epinephrine.
    ['levothyroxine', 'pantoprazole', 'levothyroxine--ppis', 'minor'],
    ['levothyroxine', 'omeprazole', 'levothyroxine--omeprazole', 'minor'],
    ['levothyroxine', 'ketamine', 'thyroid-hormones--ketamine', 'moderate'],
    ['levothyroxine', 'sodium polystyrene sulfonate', 'thyroid-hormones--sodium-polystyrene-sulfonate', 'moderate'],
    ['levothyroxine', 'epinephrine', 'thyroid-hormones--thyroid-label-sympathomimetics', 'minor'],
    ['levothyroxine', 'sertraline', 'thyroid-hormones--ssris', 'minor'],
    ['levothyroxine', 'imatinib', 'thyroid-hormones--imatinib', 'moderate'],
    // Trazodone, vilazodone and vortioxetine labels: the same bleeding warning as the SSRIs and SNRIs.
    ['trazodone', 'ibuprofen', 'other-bleeding-label-antidepressants--nsaids', 'moderate'],
    ['trazodone', 'warfarin', 'other-bleeding-label-antidepressants--anticoagulants', 'moderate'],
    ['vortioxetine', 'apixaban', 'other-bleeding-label-antidepressants--anticoagulants', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    const r = engine.check(curated, [a, b]);
    expect(r.interactions.map((f) => [f.ruleId, f.severity])).toContainEqual([ruleId, severity]);
  });

  // Left out on purpose: potassium-sparing diuretics do not add to beta-2 agonist hypokalaemia; inhaled antimuscarinics
  // and paroxetine are not in the opioid labels' anticholinergic class (paroxetine + oxycodone answers only the
  // serotonergic row of the opioid labels: curated-wave12.spec.ts); no antiarrhythmic but amiodarone changes thyroid
  // function; pimavanserin's label has no hyperglycaemia warning.
  it.each<[string, string]>([
    ['albuterol', 'spironolactone'],
    ['tiotropium', 'morphine'],
    ['levothyroxine', 'flecainide'],
    ['pimavanserin', 'metformin'],
    // Mirtazapine's label has no bleeding warning.
    ['mirtazapine', 'aspirin'],
    ['mirtazapine', 'ibuprofen'],
  ])('%s + %s: no finding', (a, b) => {
    expect(engine.check(curated, [a, b]).interactions).toEqual([]);
  });
});
