import type { Severity } from '@vigil/contracts';
import { SiblingCheck, type SiblingVerdict } from './sibling.check';

/** member|partner → verdict; anything not listed has no finding. */
function judgeFrom(table: Record<string, [Severity | null, string[]?, boolean?]>) {
  return (m: string, p: string): SiblingVerdict => {
    const [severity, notes, fromProperties] = table[`${m}|${p}`] ?? [null, []];
    return { severity, notes: notes ?? [], fromProperties };
  };
}

const BETA = { id: 'beta-blockers', name: 'Beta-adrenergic blockers', members: ['propranolol', 'metoprolol', 'carvedilol'] };

describe('SiblingCheck', () => {
  it.each<[string, Record<string, [Severity | null, string[]?, boolean?]>, { explained: boolean }[]]>([
    ['same severity for every member: no difference', { 'propranolol|albuterol': ['major'], 'metoprolol|albuterol': ['major'], 'carvedilol|albuterol': ['major'] }, []],
    ['minor and no finding are the same answer below the floor', { 'propranolol|albuterol': ['minor'] }, []],
    ['one member major, the others nothing, no note: unexplained', { 'propranolol|albuterol': ['major'] }, [{ explained: false }]],
    ['one member major with a note on its rule: explained', { 'propranolol|albuterol': ['major', ['non-selective: blocks β2']] }, [{ explained: true }]],
    ['the worst member gets it from its own enzyme role: explained', { 'propranolol|albuterol': ['major', [], true], 'metoprolol|albuterol': ['moderate'] }, [{ explained: true }]],
    [
      'one of two worst members gets it from a pair rule: unexplained',
      { 'propranolol|albuterol': ['major', [], true], 'metoprolol|albuterol': ['major', [], false] },
      [{ explained: false }],
    ],
    [
      'major vs moderate is a difference',
      { 'propranolol|albuterol': ['major'], 'metoprolol|albuterol': ['moderate'], 'carvedilol|albuterol': ['moderate'] },
      [{ explained: false }],
    ],
  ])('%s', (_title, table, expected) => {
    const diffs = new SiblingCheck(judgeFrom(table)).run([BETA], ['albuterol']);
    expect(diffs.map((d) => ({ explained: d.explained }))).toEqual(expected);
  });

  it('reports each member’s answer and skips partners that are members and classes with one member', () => {
    const judge = judgeFrom({ 'propranolol|albuterol': ['major'], 'propranolol|metoprolol': ['moderate'] });
    const diffs = new SiblingCheck(judge).run([BETA, { id: 'solo', name: 'Solo', members: ['propranolol'] }], ['albuterol', 'metoprolol']);
    expect(diffs).toEqual([
      {
        classId: 'beta-blockers',
        className: 'Beta-adrenergic blockers',
        partner: 'albuterol',
        bySeverity: { propranolol: 'major', metoprolol: null, carvedilol: null },
        explained: false,
        notes: [],
      },
    ]);
  });
});
