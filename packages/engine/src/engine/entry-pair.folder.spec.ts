import type { Severity } from '@vigil/contracts';
import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { EntryPairFolder } from './entry-pair.folder';

/** A unit of entry `index` in `group` (only index and group matter to the folder). */
const unit = (index: number, group: number): CheckUnit => ({ index, group, ing: index, ingredient: { id: `i${index}`, name: `i${index}` } as CheckUnit['ingredient'] });

/** A draft of `ruleId`; `risks` and `parts` ("0:x 1:z": entry index and ingredient id) are space-separated. */
function draft(ruleId: string, severity: Severity, layer: FindingDraft['layer'], risks: string, parts: string): FindingDraft {
  return {
    ruleId,
    kind: 'drug-drug',
    layer,
    severity,
    severityBySource: { curated: severity },
    sources: ['curated'],
    participants: parts.split(' ').map((p) => {
      const [index, id] = p.split(':');
      return { index: Number(index), ingredient: id, ingredientId: id };
    }),
    summary: ruleId,
    consequence: '',
    mechanism: '',
    management: '',
    evidenceLevel: 'established',
    citations: [{ source: 'fda-label', title: `${ruleId} label`, sources: ['curated'] }],
    risks: risks.split(' '),
    placeholders: {},
  };
}

// Entry 0 is a two-ingredient product (x, y), entry 1 a single drug (z), entry 2 another single drug (w).
const COMBO = [unit(0, 0), unit(0, 0), unit(1, 1), unit(2, 2)];
const SINGLES = [unit(0, 0), unit(1, 1), unit(2, 2)];

describe('EntryPairFolder', () => {
  const folder = new EntryPairFolder();

  it.each<[string, CheckUnit[], FindingDraft[], string[]]>([
    [
      'two ingredients of one product, one partner, a shared clinical risk: one finding',
      COMBO,
      [draft('x--z', 'major', 1, 'bradycardia', '0:x 1:z'), draft('y--z', 'major', 2, 'bradycardia', '0:y 1:z')],
      ['x--z'],
    ],
    [
      'the worse finding keeps the text, whatever the order',
      COMBO,
      [draft('x--z', 'moderate', 1, 'reduced-efficacy', '0:x 1:z'), draft('y--z', 'major', 2, 'reduced-efficacy', '0:y 1:z')],
      ['y--z'],
    ],
    [
      'equal severity: the more specific layer keeps the text',
      COMBO,
      [draft('y--z', 'major', 3, 'reduced-efficacy', '0:y 1:z'), draft('x--z', 'major', 1, 'reduced-efficacy', '0:x 1:z')],
      ['x--z'],
    ],
    [
      'only a shared pk- tag: two effects, two findings',
      COMBO,
      [draft('x--z', 'major', 1, 'myopathy pk-cyp3a4', '0:x 1:z'), draft('y--z', 'moderate', 1, 'hypotension pk-cyp3a4', '0:y 1:z')],
      ['x--z', 'y--z'],
    ],
    [
      'different partners (entries 1 and 2): not folded',
      COMBO,
      [draft('x--z', 'major', 1, 'bleeding', '0:x 1:z'), draft('y--w', 'major', 1, 'bleeding', '0:y 2:w')],
      ['x--z', 'y--w'],
    ],
    [
      'no combination product in the list: nothing is folded',
      SINGLES,
      [draft('x--z', 'major', 1, 'bleeding', '0:x 1:z'), draft('qt', 'major', 5, 'bleeding', '0:x 1:z')],
      ['x--z', 'qt'],
    ],
    [
      'the same ingredient pair twice (decided by the pair layer): not folded',
      COMBO,
      [draft('x--z', 'major', 1, 'qt', '0:x 1:z'), draft('x--z-pathway', 'moderate', 3, 'qt', '0:x 1:z')],
      ['x--z', 'x--z-pathway'],
    ],
    [
      'the same label statement for two ingredients of one product, text naming no victim: one finding',
      COMBO,
      [draft('statement', 'major', 3, 'pk-cyp3a4', '0:x 1:z'), draft('statement', 'major', 3, 'pk-cyp3a4', '0:y 1:z')],
      ['statement'],
    ],
    [
      'the same generic template naming two different victims: two findings',
      COMBO,
      [
        { ...draft('template', 'major', 3, 'pk-cyp3a4', '0:x 1:z'), summary: '{victim} exposure rises', placeholders: { victim: 'x' } },
        { ...draft('template', 'major', 3, 'pk-cyp3a4', '0:y 1:z'), summary: '{victim} exposure rises', placeholders: { victim: 'y' } },
      ],
      ['template', 'template'],
    ],
    [
      'a finding over three entries is left alone',
      COMBO,
      [draft('x--z', 'major', 1, 'bleeding', '0:x 1:z 2:w'), draft('y--z', 'major', 1, 'bleeding', '0:y 1:z')],
      ['x--z', 'y--z'],
    ],
  ])('%s', (_name, units, drafts, expected) => {
    expect(folder.fold(drafts, units).map((d) => d.ruleId)).toEqual(expected);
  });

  it('the kept finding takes the folded one’s participants, sources, severities, citations and risks', () => {
    const host = draft('x--z', 'major', 1, 'reduced-efficacy', '0:x 1:z');
    const other = draft('y--z', 'moderate', 3, 'reduced-efficacy pk-pgp', '0:y 1:z');
    other.sources = ['curated', 'ddinter'];
    other.severityBySource = { curated: 'moderate', ddinter: 'major' };
    const [kept] = folder.fold([host, other], COMBO);
    expect(kept.participants.map((p) => `${p.index}:${p.ingredientId}`)).toEqual(['0:x', '1:z', '0:y']);
    expect(kept.sources).toEqual(['curated', 'ddinter']);
    expect(kept.severityBySource).toEqual({ curated: 'major', ddinter: 'major' });
    expect(kept.citations.map((c) => c.title)).toEqual(['x--z label', 'y--z label']);
    expect(kept.risks).toEqual(['reduced-efficacy', 'pk-pgp']);
  });
});

describe('one finding per two entries and clinical effect, on the curated pack', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string[], [string, string[]][]]>([
    // Velpatasvir and sofosbuvir both lose exposure to rifampin's P-gp induction: one finding names both.
    [['Epclusa', 'rifampin'], [['rifampin--sofosbuvir', ['rifampin', 'sofosbuvir', 'velpatasvir']]]],
    [['Paxlovid', 'rifampin'], [['nirmatrelvir--rifampin', ['nirmatrelvir', 'rifampin', 'ritonavir']]]],
    // Atorvastatin (myopathy) and amlodipine (hypotension) with clarithromycin: two effects, two findings.
    [
      ['Caduet', 'clarithromycin'],
      [
        ['atorvastatin--clarithromycin', ['atorvastatin', 'clarithromycin']],
        ['amlodipine--clarithromycin', ['amlodipine', 'clarithromycin']],
      ],
    ],
    // The same ingredients as separate entries are separate pairs of entries: one finding each.
    [
      ['velpatasvir', 'sofosbuvir', 'rifampin'],
      [
        ['rifampin--sofosbuvir', ['rifampin', 'sofosbuvir']],
        ['sofosbuvir-label-inducers--hcv-ns5a-inhibitors-with-sofosbuvir', ['rifampin', 'velpatasvir']],
      ],
    ],
  ])('%j', (list, expected) => {
    const r = curated.check(list);
    const got = r.interactions.map((f) => [f.ruleId, f.participants.map((p) => p.ingredientId).sort()]);
    expect(got).toEqual(expect.arrayContaining(expected));
    expect(got).toHaveLength(expected.length);
  });
});
