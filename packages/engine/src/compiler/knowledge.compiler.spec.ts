import { FIXTURE_DIR } from '../../test-fixtures/fixture-kb';
import { formatIssue } from './kb-compile-issue';
import { KnowledgeCompiler } from './knowledge.compiler';
import { YamlSourceReader, type KnowledgeFileText } from './yaml-source.reader';

const base = new YamlSourceReader().readDirectory(FIXTURE_DIR);
const compiler = new KnowledgeCompiler();

/** The fixture with `text` appended to `path` (or the file created). */
function withAppended(path: string, text: string): KnowledgeFileText[] {
  const files = base.map((f) => ({ ...f }));
  const f = files.find((x) => x.path === path);
  if (f) f.text = `${f.text.trimEnd()}\n${text}\n`;
  else files.push({ path, text });
  return files;
}

const rule = (id: string, extra: string) => `- id: ${id}
  a: { ingredient: warfarin }
  b: { ingredient: naproxen }
  severity: major
  risks: [bleeding]
  summary: s
  consequence: c
  mechanism: m
  management: g
  evidence: { level: established }
  citations: [ { source: fda-label, title: t } ]
${extra}`;

const washout = (id: string, body = '  ingredients: [warfarin]\n  days: 5') => `- id: ${id}
${body}
  summary: s
  citations: [ { source: fda-label, title: t, section: "2 Dosage" } ]
`;

const localUse = (id: string, body = '  ingredients: [warfarin]\n  routes: [skin]') => `- id: ${id}
${body}
  summary: s
  citations: [ { source: fda-label, title: t, section: "12.3 Pharmacokinetics" } ]
`;

const market = (body: string) => `- ingredient: warfarin
${body}
  citations: [ { source: fda-label, title: t, section: "Marketing status" } ]
`;

const label = (id: string, extra = '', substrates = '[oxycodone]', perpetrator = '{ role: inhibitor, strength: [strong, moderate] }') => `- id: ${id}
  enzyme: CYP3A4
  substrates: ${substrates}
  perpetrator: ${perpetrator}
  severity: major
  summary: s
  consequence: c
  mechanism: m
  management: g
  evidence: { level: established }
  citations: [ { source: fda-label, title: t, section: "Boxed Warning" } ]
${extra ? `${extra}\n` : ''}`;

describe('KnowledgeCompiler', () => {
  it('compiles the fixture without errors or warnings', () => {
    const r = compiler.compileFiles(base);
    expect(r.issues.map(formatIssue)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.kb.version).toMatch(/^curated-2025\.01\.15-[0-9a-f]{8}$/);
    expect(r.kb.releasedAt).toBe('2025-01-15T00:00:00.000Z');
    expect(r.kb.rules.every((x) => x.sourceId === 'vigil-curated')).toBe(true);
  });

  it('is deterministic: same content, same version; any change, another version', () => {
    const a = compiler.compileFiles(base).kb;
    const b = compiler.compileFiles([...base].reverse()).kb;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = compiler.compileFiles(withAppended('rules/pairs-fixture.yaml', rule('warfarin--naproxen', ''))).kb;
    expect(c.version).not.toBe(a.version);
  });

  it('resolves class includes into member sets', () => {
    const kb = compiler.compileFiles(base).kb;
    const cls = kb.classes.find((c) => c.id === 'serotonergic-drugs')!;
    expect(cls.members).toEqual(['citalopram', 'fluoxetine', 'ondansetron', 'sertraline', 'tramadol']);
    expect(cls.directMembers).toEqual(['ondansetron', 'tramadol']);
    expect(cls.includes).toEqual(['ssris']);
  });

  it('carries systemicOnly members into including classes, except those an including class lists itself', () => {
    const kb = compiler.compileFiles(
      withAppended(
        'classes.yaml',
        [
          '- id: steroid-like\n  name: S\n  members: [sertraline, fluoxetine]\n  systemicOnly: true',
          '- id: wider\n  name: W\n  includes: [steroid-like]\n  members: [fluoxetine, tramadol]',
          '- id: widest\n  name: X\n  includes: [wider]',
        ].join('\n'),
      ),
    ).kb;
    const byId = (id: string) => kb.classes.find((c) => c.id === id)!;
    expect(byId('steroid-like').systemicOnlyMembers).toEqual(['fluoxetine', 'sertraline']);
    // fluoxetine is listed directly in "wider": a member there wherever it is used.
    expect(byId('wider').systemicOnlyMembers).toEqual(['sertraline']);
    expect(byId('widest').systemicOnlyMembers).toEqual(['sertraline']);
    expect(byId('ssris').systemicOnlyMembers).toBeUndefined();
  });

  it('carries notAt members per site into including classes, except those listed there or systemic-only there', () => {
    const kb = compiler.compileFiles(
      withAppended(
        'classes.yaml',
        [
          '- id: eye-left-out\n  name: E\n  members: [sertraline, fluoxetine]\n  notAt: [eye]',
          '- id: skin-left-out\n  name: K\n  members: [fluoxetine]\n  notAt: [skin, eye]',
          '- id: both\n  name: B\n  includes: [eye-left-out, skin-left-out]\n  members: [tramadol]',
          '- id: lists-one\n  name: L\n  includes: [eye-left-out]\n  members: [sertraline]',
        ].join('\n'),
      ),
    ).kb;
    const byId = (id: string) => kb.classes.find((c) => c.id === id)!;
    expect(byId('eye-left-out').notAtMembers).toEqual({ eye: ['fluoxetine', 'sertraline'] });
    expect(byId('both').notAtMembers).toEqual({ skin: ['fluoxetine'], eye: ['fluoxetine', 'sertraline'] });
    expect(byId('lists-one').notAtMembers).toEqual({ eye: ['fluoxetine'] });
    expect(byId('both').systemicOnlyMembers).toBeUndefined();
  });

  it.each<[string, string, string, RegExp | null]>([
    ['a rule', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen-site', '  notAt: [eye, skin]'), null],
    ['a rule, unknown site', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen-site', '  notAt: [mouth]'), /unknown site "mouth"/],
    ['a rule, empty list', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen-site', '  notAt: []'), /at least one site/],
    ['a rule, a site twice', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen-site', '  notAt: [eye, eye]'), /listed twice/],
    ['a class with systemicOnly too', 'classes.yaml', '- id: both-flags\n  name: B\n  members: [sertraline]\n  systemicOnly: true\n  notAt: [eye]', /give one of the two/],
  ])('notAt on %s', (_label, path, yaml, message) => {
    const { kb, issues } = compiler.compileFiles(withAppended(path, yaml));
    const errors = issues.filter((i) => i.level === 'error').map((i) => formatIssue(i));
    if (message === null) {
      expect(errors).toEqual([]);
      expect(kb.rules.find((r) => r.id === 'warfarin--naproxen-site')!.notAt).toEqual(['eye', 'skin']);
    } else expect(errors.join('\n')).toMatch(message);
  });

  it.each<[string, string, RegExp | null]>([
    ['a site', '  site: eye', null],
    ['an unknown site', '  site: mouth', /"mouth" is not one of skin \| eye \| ear \| nasal \| inhaled \| intrauterine/],
  ])('a combination product with %s', (_label, yaml, message) => {
    const { kb, issues } = compiler.compileFiles(withAppended('products.yaml', `- name: Eyedropco\n  ingredients: [warfarin, naproxen]\n${yaml}`));
    const errors = issues.filter((i) => i.level === 'error').map((i) => formatIssue(i));
    if (message === null) {
      expect(errors).toEqual([]);
      expect(kb.products.find((p) => p.name === 'Eyedropco')!.site).toBe('eye');
    } else expect(errors.join('\n')).toMatch(message);
  });

  it.each<[string, string, RegExp | null]>([
    ['a site', '  pathwaysNotAt: [intrauterine]', null],
    ['an unknown site', '  pathwaysNotAt: [uterus]', /unknown site "uterus"/],
    ['an empty list', '  pathwaysNotAt: []', /at least one site/],
  ])('pathwaysNotAt with %s', (_label, yaml, message) => {
    const files = base.map((f) => ({ ...f }));
    const f = files.find((x) => x.text.includes('brands: [Coumadin, Jantoven]'))!;
    f.text = f.text.replace('brands: [Coumadin, Jantoven]', `brands: [Coumadin, Jantoven]\n${yaml}`);
    const { kb, issues } = compiler.compileFiles(files);
    const errors = issues.filter((i) => i.level === 'error').map((i) => formatIssue(i));
    if (message === null) {
      expect(errors).toEqual([]);
      expect(kb.ingredients.find((i) => i.id === 'warfarin')!.pathwaysNotAt).toEqual(['intrauterine']);
    } else expect(errors.join('\n')).toMatch(message);
  });

  it('refuses pathwaysNotAt on a drug without enzyme roles', () => {
    const { issues } = compiler.compileFiles(withAppended('ingredients/fixture.yaml', '- id: roleless\n  name: roleless\n  pathwaysNotAt: [intrauterine]'));
    expect(
      issues
        .filter((i) => i.level === 'error')
        .map((i) => formatIssue(i))
        .join('\n'),
    ).toMatch(/no enzyme or transporter roles/);
  });

  it('compiles siteBrands onto the ingredient', () => {
    const files = base.map((f) => ({ ...f }));
    const f = files.find((x) => x.text.includes('brands: [Coumadin, Jantoven]'))!;
    f.text = f.text.replace('brands: [Coumadin, Jantoven]', 'brands: [Coumadin, Jantoven]\n  siteBrands: { skin: [jantoven] }');
    const { kb, issues } = compiler.compileFiles(files);
    expect(issues.filter((i) => i.level === 'error')).toEqual([]);
    expect(kb.ingredients.find((i) => i.id === 'warfarin')!.siteBrands).toEqual({ skin: ['jantoven'] });
  });

  it.each<[string, string, RegExp | null]>([
    ['a known drug', 'prodrugOf: naproxen', null],
    ['an unknown drug', 'prodrugOf: naproxine', /unknown ingredient "naproxine"/],
    ['itself', 'prodrugOf: warfarin', /not a prodrug of itself/],
  ])('prodrugOf naming %s', (_label, yaml, message) => {
    const files = base.map((f) => ({ ...f }));
    const f = files.find((x) => x.text.includes('brands: [Coumadin, Jantoven]'))!;
    f.text = f.text.replace('brands: [Coumadin, Jantoven]', `brands: [Coumadin, Jantoven]\n  ${yaml}`);
    const { kb, issues } = compiler.compileFiles(files);
    const errors = issues.filter((i) => i.level === 'error').map((i) => formatIssue(i));
    if (message === null) {
      expect(errors).toEqual([]);
      expect(kb.ingredients.find((i) => i.id === 'warfarin')!.prodrugOf).toBe('naproxen');
    } else expect(errors.join('\n')).toMatch(message);
  });

  it('refuses a prodrug of a prodrug', () => {
    const files = base.map((f) => ({ ...f }));
    const f = files.find((x) => x.text.includes('brands: [Coumadin, Jantoven]'))!;
    f.text = f.text
      .replace('brands: [Coumadin, Jantoven]', 'brands: [Coumadin, Jantoven]\n  prodrugOf: naproxen')
      .replace('- id: naproxen\n  name: naproxen', '- id: naproxen\n  name: naproxen\n  prodrugOf: ibuprofen');
    const errors = compiler.compileFiles(files).issues.filter((i) => i.level === 'error');
    expect(errors.map((i) => formatIssue(i)).join('\n')).toMatch(/"naproxen" is itself a prodrug/);
  });

  it.each<[string, string, RegExp]>([
    ['a brand the drug does not have', 'siteBrands: { eye: [Maxidex] }', /"Maxidex" is not among this drug's brands/],
    ['an unknown site', 'siteBrands: { mouth: [Coumadin] }', /unknown site "mouth"/],
    ['a brand given two sites', 'siteBrands: { eye: [Coumadin], skin: [Coumadin] }', /"Coumadin" is given more than one site/],
    ['not a map', 'siteBrands: [Coumadin]', /must map a site/],
  ])('refuses siteBrands with %s', (_label, yaml, message) => {
    const files = base.map((f) => ({ ...f }));
    const f = files.find((x) => x.text.includes('brands: [Coumadin, Jantoven]'))!;
    f.text = f.text.replace('brands: [Coumadin, Jantoven]', `brands: [Coumadin, Jantoven]\n  ${yaml}`);
    const errors = compiler.compileFiles(files).issues.filter((i) => i.level === 'error');
    expect(errors.map((i) => formatIssue(i)).join('\n')).toMatch(message);
  });

  it.each<[string, string, string, Partial<{ entry: string; field: string; line: number }>, RegExp]>([
    [
      'dangling ingredient in a rule',
      'rules/pairs-fixture.yaml',
      rule('warfarin--flucanazole', '').replace('naproxen', 'flucanazole'),
      { entry: 'warfarin--flucanazole', field: 'b.ingredient' },
      /unknown ingredient "flucanazole" \(did you mean "fluconazole"\?\)/,
    ],
    [
      'dangling class in a rule',
      'rules/classes-fixture.yaml',
      rule('nsaidz--x', '').replace('{ ingredient: warfarin }', '{ class: nsaidz }'),
      { entry: 'nsaidz--x', field: 'a.class' },
      /unknown class "nsaidz" \(did you mean "nsaids"\?\)/,
    ],
    [
      'ingredient used as class',
      'rules/classes-fixture.yaml',
      rule('warfarin-class', '').replace('{ ingredient: warfarin }', '{ class: warfarin }'),
      { field: 'a.class' },
      /is an ingredient: use \{ ingredient: warfarin \}/,
    ],
    [
      'duplicate rule id',
      'rules/pairs-fixture.yaml',
      rule('warfarin--fluconazole', ''),
      { entry: 'warfarin--fluconazole', field: 'id' },
      /duplicate rule id \(first at rules\/pairs-fixture\.yaml:1\)/,
    ],
    [
      'missing mechanism',
      'rules/pairs-fixture.yaml',
      rule('warfarin--naproxen', '').replace('  mechanism: m\n', ''),
      { entry: 'warfarin--naproxen', field: 'mechanism' },
      /is required/,
    ],
    ['missing management', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen', '').replace('  management: g\n', ''), { field: 'management' }, /is required/],
    [
      'missing citations',
      'rules/pairs-fixture.yaml',
      rule('warfarin--naproxen', '').replace('  citations: [ { source: fda-label, title: t } ]\n', ''),
      { field: 'citations' },
      /at least one citation/,
    ],
    [
      'unknown citation source',
      'rules/pairs-fixture.yaml',
      rule('warfarin--naproxen', '').replace('fda-label', 'fda-labels'),
      { field: 'citations[0].source' },
      /unknown source id "fda-labels" \(did you mean "fda-label"\?\)/,
    ],
    [
      'unknown severity',
      'rules/pairs-fixture.yaml',
      rule('warfarin--naproxen', '').replace('severity: major', 'severity: severe'),
      { field: 'severity' },
      /"severe" is not one of contraindicated \| major/,
    ],
    [
      'unknown evidence level',
      'rules/pairs-fixture.yaml',
      rule('warfarin--naproxen', '').replace('level: established', 'level: strong'),
      { field: 'evidence.level' },
      /"strong" is not one of established/,
    ],
    ['misspelt field', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen', '  managment: x'), { field: 'managment' }, /unknown field \(did you mean "management"\?\)/],
    ['bad ONC group', 'rules/pairs-fixture.yaml', rule('warfarin--naproxen', '  onc: 25'), { field: 'onc' }, /ONC high-priority group number 1-15/],
    ['self pair', 'rules/pairs-fixture.yaml', rule('warfarin--warfarin', '').replace('naproxen', 'warfarin'), { field: 'b' }, /cannot pair an ingredient with itself/],
    [
      'unknown enzyme',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  roles:\n    - { enzyme: CYP3A5, role: inhibitor, strength: strong }\n',
      { entry: 'newdrug', field: 'roles[0].enzyme', line: 4 },
      /"CYP3A5" is not one of CYP1A2/,
    ],
    [
      'substrate strength on an inhibitor',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  roles:\n    - { enzyme: CYP3A4, role: inhibitor, strength: sensitive }\n',
      { field: 'roles[0].strength' },
      /"sensitive" is not one of strong \| moderate \| weak/,
    ],
    [
      'unknown risk domain',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  risks: [bleding]\n',
      { entry: 'newdrug', field: 'risks[0]' },
      /unknown risk domain "bleding" \(did you mean "bleeding"\?\)/,
    ],
    [
      'conditional risk in a domain that takes no conditional members',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  conditionalRisks: [bleeding]\n',
      { entry: 'newdrug', field: 'conditionalRisks[0]' },
      /domain "bleeding" takes no conditional members \(domains that do: qt\)/,
    ],
    [
      'conditional risk that is also a full risk',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  risks: [qt]\n  conditionalRisks: [qt]\n',
      { entry: 'newdrug', field: 'conditionalRisks[0]' },
      /"qt" is already a full risk of this drug/,
    ],
    [
      'duplicate ingredient id',
      'ingredients/more.yaml',
      '- id: warfarin\n  name: warfarin\n',
      { entry: 'warfarin', field: 'id', line: 1 },
      /duplicate ingredient id \(first at ingredients\/fixture\.yaml:1\)/,
    ],
    [
      'brand naming two ingredients',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  brands: [COUMADIN]\n',
      { entry: 'newdrug', field: 'brands[0]', line: 3 },
      /brand "COUMADIN" of ingredient "newdrug" is already the brand of ingredient "warfarin"/,
    ],
    [
      'synonym naming two ingredients',
      'ingredients/more.yaml',
      '- id: newdrug\n  name: newdrug\n  synonyms: [Para-cetamol]\n',
      { field: 'synonyms[0]' },
      /already the synonym of ingredient "acetaminophen"/,
    ],
    [
      'product name clashing with a brand',
      'products.yaml',
      '- name: Advil\n  ingredients: [ibuprofen, acetaminophen]\n',
      { entry: 'advil' },
      /product "Advil" of product "advil" is already the brand of ingredient "ibuprofen"/,
    ],
    [
      'dangling product ingredient',
      'products.yaml',
      '- name: Zosyn\n  ingredients: [piperacillin, tazobactam]\n',
      { entry: 'zosyn', field: 'ingredients[0]' },
      /unknown ingredient "piperacillin"/,
    ],
    ['single-ingredient product', 'products.yaml', '- name: Solo\n  ingredients: [warfarin]\n', { entry: 'solo', field: 'ingredients' }, /at least two ingredients/],
    [
      'generated product named like a hand-written one',
      'products/generated.yaml',
      '- name: NORCO\n  ingredients: [hydrocodone, acetaminophen]\n',
      { entry: 'norco', field: 'name', line: 1 },
      /duplicate product "NORCO" \(first at products\.yaml:3\)/,
    ],
    [
      'generated product listed twice',
      'products/generated.yaml',
      '- name: Treanda Duo\n  ingredients: [warfarin, aspirin]\n- name: Treanda Duo\n  ingredients: [warfarin, aspirin]\n',
      { entry: 'treanda-duo', field: 'name', line: 3 },
      /duplicate product "Treanda Duo" \(first at products\/generated\.yaml:1\)/,
    ],
    [
      'generated product named like a brand',
      'products/generated.yaml',
      '- name: Motrin\n  ingredients: [ibuprofen, acetaminophen]\n',
      { entry: 'motrin', field: 'name' },
      /product "Motrin" of product "motrin" is already the brand of ingredient "ibuprofen"/,
    ],
    [
      'generated product named like an ingredient',
      'products/generated.yaml',
      '- name: Trimethoprim\n  ingredients: [sulfamethoxazole, trimethoprim]\n',
      { entry: 'trimethoprim', field: 'name' },
      /product "Trimethoprim" of product "trimethoprim" is already the name of ingredient "trimethoprim"/,
    ],
    [
      'generated product with an unknown ingredient',
      'products/generated.yaml',
      '- name: Biktarvy\n  ingredients: [bictegravir, emtricitabine]\n',
      { entry: 'biktarvy', field: 'ingredients[0]' },
      /unknown ingredient "bictegravir"/,
    ],
    [
      'generated single-ingredient product',
      'products/generated.yaml',
      '- name: Solo\n  ingredients: [warfarin, warfarin]\n',
      { entry: 'solo', field: 'ingredients' },
      /at least two ingredients/,
    ],
    ['products file outside products/', 'products-fda.yaml', '- name: Solo\n  ingredients: [warfarin, aspirin]\n', {}, /unrecognised knowledge file/],
    [
      'dangling class member',
      'classes.yaml',
      '- id: azoles\n  name: Azoles\n  members: [fluconazole, ketoconazole]\n',
      { entry: 'azoles', field: 'members[1]' },
      /unknown ingredient "ketoconazole"/,
    ],
    [
      'class include cycle',
      'classes.yaml',
      '- id: loop-a\n  name: A\n  includes: [loop-b]\n- id: loop-b\n  name: B\n  includes: [loop-a]\n',
      { field: 'includes' },
      /include cycle/,
    ],
    [
      'bad pathway strength',
      'pathways.yaml',
      '- id: bad-pathway\n  enzyme: CYP3A4\n  perpetrator: { role: inhibitor, strength: [sensitive] }\n  victim: { strength: [sensitive] }\n  severity: major\n  summary: s\n  mechanism: m\n  management: g\n  consequence: c\n  evidence: { level: probable }\n  citations: [ { source: fda-cyp-table, title: t } ]\n',
      { entry: 'bad-pathway', field: 'perpetrator.strength[0]' },
      /"sensitive" is not one of strong/,
    ],
    [
      'bad domain count',
      'domains.yaml',
      '- id: newdomain\n  name: N\n  severityByCount: { "1": major }\n  summary: s\n  consequence: c\n  mechanism: m\n  management: g\n  citations: [ { source: fda-label, title: t } ]\n',
      { entry: 'newdomain', field: 'severityByCount.1' },
      /drug count of 2 or more/,
    ],
    [
      'domain conditional block without citations',
      'domains.yaml',
      '- id: newdomain\n  name: N\n  severityByCount: { "2": major }\n  summary: s\n  consequence: c\n  mechanism: m\n  management: g\n  citations: [ { source: fda-label, title: t } ]\n  conditional: { note: n }\n',
      { entry: 'newdomain', field: 'conditional.citations' },
      /at least one citation is required/,
    ],
    [
      'dangling label substrate',
      'labels.yaml',
      label('l1', '', '[oxycodon]'),
      { entry: 'l1', field: 'substrates[0]' },
      /unknown ingredient "oxycodon" \(did you mean "oxycodone"\?\)/,
    ],
    [
      'dangling label substrate class',
      'labels.yaml',
      label('l1', '  substrateClasses: [opiods]', '[]'),
      { entry: 'l1', field: 'substrateClasses[0]' },
      /unknown class "opiods" \(did you mean "opioids"\?\)/,
    ],
    ['label without substrates', 'labels.yaml', label('l1', '', '[]'), { field: 'substrates' }, /needs substrates or substrateClasses/],
    ['label citation without section', 'labels.yaml', label('l1').replace(', section: "Boxed Warning"', ''), { field: 'citations[0].section' }, /cites the label section/],
    [
      'label without citations',
      'labels.yaml',
      label('l1').replace('  citations: [ { source: fda-label, title: t, section: "Boxed Warning" } ]\n', ''),
      { field: 'citations' },
      /at least one citation/,
    ],
    ['label with an unknown severity', 'labels.yaml', label('l1').replace('severity: major', 'severity: high'), { field: 'severity' }, /"high" is not one of contraindicated/],
    [
      'label with a substrate as perpetrator role',
      'labels.yaml',
      label('l1', '', '[oxycodone]', '{ role: substrate, strength: [strong] }'),
      { field: 'perpetrator.role' },
      /"substrate" is not one of inhibitor \| inducer/,
    ],
    [
      'label with a substrate strength',
      'labels.yaml',
      label('l1', '', '[oxycodone]', '{ role: inhibitor, strength: [sensitive] }'),
      { field: 'perpetrator.strength[0]' },
      /"sensitive" is not one of strong/,
    ],
    [
      'label with an unknown perpetrator field',
      'labels.yaml',
      label('l1', '', '[oxycodone]', '{ role: inhibitor, strength: [strong], exept: [fluconazole] }'),
      { field: 'perpetrator.exept' },
      /unknown field; allowed: role, strength, also, except/,
    ],
    [
      'label exempting an unknown perpetrator',
      'labels.yaml',
      label('l1', '', '[oxycodone]', '{ role: inhibitor, strength: [strong], except: [flucanazole] }'),
      { field: 'perpetrator.except[0]' },
      /unknown ingredient "flucanazole"/,
    ],
    [
      'label whose also-role repeats its own enzyme',
      'labels.yaml',
      label('l1', '', '[oxycodone]', '{ role: inhibitor, strength: [strong], also: [{ enzyme: CYP3A4, role: inhibitor, strength: [moderate] }] }'),
      { field: 'perpetrator.also[0].enzyme' },
      /statement's own enzyme/,
    ],
    [
      'label with an unknown also-enzyme',
      'labels.yaml',
      label('l1', '', '[oxycodone]', '{ role: inhibitor, strength: [strong], also: [{ enzyme: PGP, role: inhibitor, strength: [strong] }] }'),
      { field: 'perpetrator.also[0].enzyme' },
      /"PGP" is not one of/,
    ],
    [
      'two label statements for the same substrate, enzyme, role and strength',
      'labels.yaml',
      `${label('l1')}${label('l2', '', '[oxycodone, atorvastatin]', '{ role: inhibitor, strength: [moderate] }')}`,
      { entry: 'l2', field: 'substrates' },
      /"oxycodone" already has a label statement for moderate CYP3A4 inhibitors \("l1"\)/,
    ],
    ['label id clashing with a pathway id', 'labels.yaml', label('cyp3a4-strong-inhibitor--sensitive-substrate'), { field: 'id' }, /duplicate rule id/],
    ['misspelt label field', 'labels.yaml', label('l1', '  substrate: [oxycodone]'), { field: 'substrate' }, /unknown field \(did you mean "substrates"\?\)/],
    [
      'washout naming an unknown ingredient',
      'washouts.yaml',
      washout('w1', '  ingredients: [warfarine]\n  days: 5'),
      { entry: 'w1', field: 'ingredients[0]' },
      /unknown ingredient "warfarine" \(did you mean "warfarin"\?\)/,
    ],
    [
      'washout naming an unknown class',
      'washouts.yaml',
      washout('w1', '  classes: [maoi]\n  days: 14'),
      { field: 'classes[0]' },
      /unknown class "maoi" \(did you mean "maois"\?\)/,
    ],
    ['washout of zero days', 'washouts.yaml', washout('w1', '  ingredients: [warfarin]\n  days: 0'), { field: 'days' }, /whole number of days from 1 to 3650/],
    ['washout of a fractional day', 'washouts.yaml', washout('w1', '  ingredients: [warfarin]\n  days: 2.5'), { field: 'days' }, /whole number of days/],
    ['washout without days', 'washouts.yaml', washout('w1', '  ingredients: [warfarin]'), { field: 'days' }, /is required/],
    ['washout naming nothing', 'washouts.yaml', washout('w1', '  days: 5'), { entry: 'w1' }, /needs ingredients or classes/],
    ['washout without citations', 'washouts.yaml', washout('w1').replace(/ {2}citations:.*\n/, ''), { field: 'citations' }, /at least one citation/],
    ['duplicate washout id', 'washouts.yaml', `${washout('w1')}${washout('w1')}`, { field: 'id' }, /duplicate washout id/],
    [
      'local use naming an unknown ingredient',
      'local-use.yaml',
      localUse('u1', '  ingredients: [warfarine]\n  routes: [skin]'),
      { entry: 'u1', field: 'ingredients[0]' },
      /unknown ingredient "warfarine" \(did you mean "warfarin"\?\)/,
    ],
    [
      'local use with an unknown route',
      'local-use.yaml',
      localUse('u1', '  ingredients: [warfarin]\n  routes: [nose]'),
      { field: 'routes[0]' },
      /unknown route "nose"; routes: skin, eye, ear/,
    ],
    [
      'local-use brands on an entry with two routes',
      'local-use.yaml',
      localUse('u1', '  ingredients: [warfarin]\n  routes: [eye, ear]\n  brands: [Coumadin]'),
      { field: 'brands' },
      /single route/,
    ],
    ['local use without routes', 'local-use.yaml', localUse('u1', '  ingredients: [warfarin]'), { field: 'routes' }, /is required/],
    ['local use without citations', 'local-use.yaml', localUse('u1').replace(/ {2}citations:.*\n/, ''), { field: 'citations' }, /at least one citation/],
    ['duplicate local-use id', 'local-use.yaml', `${localUse('u1')}${localUse('u1')}`, { field: 'id' }, /duplicate local-use id/],
    [
      'market status of an unknown ingredient',
      'market-status.yaml',
      market('  status: discontinued').replace('warfarin', 'warfarine'),
      { field: 'ingredient' },
      /unknown ingredient "warfarine" \(did you mean "warfarin"\?\)/,
    ],
    ['market status that is not a status', 'market-status.yaml', market('  status: recalled'), { field: 'status' }, /"recalled" is not one of withdrawn \| discontinued/],
    ['withdrawal without a year', 'market-status.yaml', market('  status: withdrawn\n  reason: r'), { field: 'year' }, /is required for a withdrawal/],
    ['withdrawal without a reason', 'market-status.yaml', market('  status: withdrawn\n  year: 2004'), { field: 'reason' }, /is required for a withdrawal/],
    ['market status in an impossible year', 'market-status.yaml', market('  status: discontinued\n  year: 1850'), { field: 'year' }, /must be a year from 1938/],
    ['market status without citations', 'market-status.yaml', market('  status: discontinued').replace(/ {2}citations:.*\n/, ''), { field: 'citations' }, /at least one citation/],
    [
      'an ingredient listed twice for market status',
      'market-status.yaml',
      `${market('  status: discontinued')}${market('  status: discontinued')}`,
      { field: 'ingredient' },
      /listed twice/,
    ],
    ['unknown file', 'notes.yaml', '- a: 1\n', {}, /unrecognised knowledge file/],
    ['YAML syntax error', 'rules/broken.yaml', '- id: x\n  a: [warfarin\n  b: ]\n', {}, /YAML syntax/],
    ['duplicate YAML key', 'ingredients/more.yaml', '- id: newdrug\n  name: a\n  name: b\n', {}, /YAML syntax: Map keys must be unique/],
  ])('reports %s', (_label, path, text, where, message) => {
    const r = compiler.compileFiles(withAppended(path, text));
    expect(r.ok).toBe(false);
    const hit = r.issues.find((i) => i.level === 'error' && message.test(i.message));
    expect({ found: !!hit, issues: r.issues.map(formatIssue) }).toMatchObject({ found: true });
    expect(hit).toMatchObject({ file: path, ...where });
  });

  it.each([
    ['a withdrawal', '  status: withdrawn\n  year: 2004\n  reason: heart  attacks\n    and strokes', { status: 'withdrawn', year: 2004, reason: 'heart attacks and strokes' }],
    ['a discontinuation without a year', '  status: discontinued', { status: 'discontinued' }],
  ])('compiles %s onto the ingredient', (_title, body, expected) => {
    const r = compiler.compileFiles(withAppended('market-status.yaml', market(body)));
    expect(r.issues.map(formatIssue)).toEqual([]);
    expect(r.kb.ingredients.find((i) => i.id === 'warfarin')!.usMarket).toEqual({ ...expected, citations: [{ source: 'fda-label', title: 't', section: 'Marketing status' }] });
    expect(r.kb.ingredients.filter((i) => i.usMarket).map((i) => i.id)).toEqual(['warfarin']);
  });

  it('compiles generated products from products/*.yaml with the hand-written ones', () => {
    const r = compiler.compileFiles(withAppended('products/generated.yaml', '- name: Coumadin Plus\n  ingredients: [warfarin, aspirin]\n'));
    expect(r.issues.map(formatIssue)).toEqual([]);
    expect(r.files).toContainEqual({ path: 'products/generated.yaml', kind: 'products' });
    expect(r.kb.products.find((p) => p.id === 'coumadin-plus')).toEqual({
      id: 'coumadin-plus',
      name: 'Coumadin Plus',
      ingredients: ['warfarin', 'aspirin'],
      sourceId: 'vigil-curated',
    });
    expect(r.kb.products.map((p) => p.id)).toEqual(expect.arrayContaining(['vicodin', 'norco', 'percocet', 'augmentin', 'bactrim', 'zestoretic']));
  });

  it('compiles local-use entries', () => {
    const r = compiler.compileFiles(withAppended('local-use.yaml', localUse('u-keto', '  ingredients: [warfarin]\n  routes: [skin, eye]')));
    expect(r.issues.map(formatIssue)).toEqual([]);
    expect(r.kb.localUse).toContainEqual({
      id: 'u-keto',
      ingredients: ['warfarin'],
      routes: ['eye', 'skin'],
      summary: 's',
      citations: [{ source: 'fda-label', title: 't', section: '12.3 Pharmacokinetics' }],
    });
  });

  it('compiles washouts, expanding classes to their members', () => {
    const r = compiler.compileFiles(withAppended('washouts.yaml', `${washout('w-warfarin')}${washout('w-maois', '  classes: [maois]\n  days: 14')}`));
    expect(r.issues.map(formatIssue)).toEqual([]);
    const maois = r.kb.classes.find((c) => c.id === 'maois')!.members;
    expect(r.kb.washouts).toEqual([
      { id: 'w-maois', ingredients: [...maois].sort(), days: 14, summary: 's', citations: [{ source: 'fda-label', title: 't', section: '2 Dosage' }] },
      { id: 'w-warfarin', ingredients: ['warfarin'], days: 5, summary: 's', citations: [{ source: 'fda-label', title: 't', section: '2 Dosage' }] },
    ]);
    expect(compiler.compileFiles(base).kb.washouts).toBeUndefined();
  });

  it('reports every error, not just the first', () => {
    const r = compiler.compileFiles(
      withAppended(
        'rules/pairs-fixture.yaml',
        `${rule('a--b', '').replace('naproxen', 'nope').replace('severity: major', 'severity: bad')}\n${rule('c--d', '').replace('fda-label', 'nowhere')}`,
      ),
    );
    expect(r.errorCount).toBe(3);
    expect(r.issues.filter((i) => i.level === 'error').map((i) => i.entry)).toEqual(['a--b', 'a--b', 'c--d']);
  });

  it('leaves erroneous entries out of the (lenient) output and keeps references consistent', () => {
    const r = compiler.compileFiles(withAppended('ingredients/more.yaml', '- id: newdrug\n  name: newdrug\n  risks: [nope]\n'));
    expect(r.ok).toBe(false);
    expect(r.kb.ingredients.some((i) => i.id === 'newdrug')).toBe(false);
  });

  it('warns, not fails, about a pk- tag naming no pathway enzyme, and formats issues with file:line [entry] field', () => {
    const r = compiler.compileFiles(withAppended('rules/pairs-fixture.yaml', rule('warfarin--naproxen', '').replace('risks: [bleeding]', 'risks: [bleeding, pk-ugt]')));
    expect(r.ok).toBe(true);
    const w = r.issues.find((i) => i.field === 'risks[1]')!;
    expect(formatIssue(w)).toMatch(/^warning rules\/pairs-fixture\.yaml:\d+ \[warfarin--naproxen\] risks\[1\]: "pk-ugt" matches no pathway enzyme/);
  });

  it('compiles label statements: class members resolved, defaults filled, sorted by id', () => {
    const r = compiler.compileFiles(
      withAppended('labels.yaml', `${label('z-statins', '  substrateClasses: [statins]', '[oxycodone]', '{ role: inducer, strength: [strong] }')}${label('a-opioid')}`),
    );
    expect(r.issues.filter((i) => i.level === 'error').map(formatIssue)).toEqual([]);
    expect(r.kb.labels!.map((l) => [l.id, l.substrates, l.substrateClasses, l.perpetrator])).toEqual([
      ['a-opioid', ['oxycodone'], [], { role: 'inhibitor', strength: ['strong', 'moderate'], also: [], except: [] }],
      ['z-statins', ['atorvastatin', 'oxycodone', 'simvastatin'], ['statins'], { role: 'inducer', strength: ['strong'], also: [], except: [] }],
    ]);
    expect(r.kb.labels![0].citations).toEqual([{ source: 'fda-label', title: 't', section: 'Boxed Warning' }]);
  });

  it.each<[string, string, RegExp]>([
    [
      'a statement less severe than a generic template it replaces',
      label('l1', '', '[alprazolam]', '{ role: inhibitor, strength: [strong] }').replace('severity: major', 'severity: moderate'),
      /for "alprazolam" it replaces the more severe generic template "cyp3a4-strong-inhibitor--sensitive-substrate" \(major\)/,
    ],
    ['a substrate without a substrate role on the enzyme', label('l1', '', '[tramadol]'), /"tramadol" has no CYP3A4 substrate role/],
  ])('warns, not fails, about %s', (_label, text, message) => {
    const r = compiler.compileFiles(withAppended('labels.yaml', text));
    expect(r.ok).toBe(true);
    expect(r.issues.filter((i) => i.level === 'warning').map((i) => i.message)).toEqual([expect.stringMatching(message)]);
  });

  it('takes the release date from release.yaml, else from the options, with a warning', () => {
    const files = base.filter((f) => f.path !== 'release.yaml');
    const r = compiler.compileFiles(files, { releasedAt: '2024-02-03T04:05:06Z' });
    expect(r.kb.version).toMatch(/^curated-2024\.02\.03-/);
    expect(r.issues.some((i) => i.file === 'release.yaml' && i.level === 'warning')).toBe(true);
  });

  it('keeps an optional list of other drug names (fuzzy-match guard)', () => {
    const r = compiler.compileFiles(base, { otherNames: ['prednisolone', ' prednisolone ', 'saxagliptin'] });
    expect(r.kb.otherNames).toEqual(['prednisolone', 'saxagliptin']);
  });

  describe('reviewed: what the pack says about an ingredient', () => {
    const extra = `- id: plainol
  name: plainol
- id: lookedol
  name: lookedol
  reviewed: true
- id: forcedol
  name: forcedol
  reviewed: false
- id: rolol
  name: rolol
  roles:
    - { enzyme: CYP3A4, role: substrate, strength: moderate }`;
    const r = compiler.compileFiles(withAppended('ingredients/fixture.yaml', extra));
    const flag = (id: string) => r.kb.ingredients.find((i) => i.id === id)?.reviewed;

    it.each<[string, false | undefined]>([
      ['plainol', false],
      ['lookedol', undefined],
      ['forcedol', false],
      ['rolol', undefined],
      ['warfarin', undefined],
    ])('%s → reviewed %s (only false is written)', (id, expected) => {
      expect(r.issues.filter((x) => x.level === 'error').map(formatIssue)).toEqual([]);
      expect(flag(id)).toBe(expected);
    });

    it('refuses a reviewed value that is not a boolean', () => {
      const bad = compiler.compileFiles(withAppended('ingredients/fixture.yaml', '- id: oddol\n  name: oddol\n  reviewed: maybe'));
      expect(bad.issues.map(formatIssue).join('\n')).toMatch(/reviewed: must be true or false/);
    });
  });
});
