import { join } from 'node:path';
import { DEFAULT_WASHOUT_DAYS } from '@vigil/contracts';
import { loadCuratedKb } from '../kb/kb.loader';
import { InteractionEngine } from './interaction.engine';
import { StoppedDrugAssessor, daysBetween, utcToday } from './stopped-drug.assessor';

const curated = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });
const engine = new InteractionEngine();
const TODAY = '2026-11-25';
const resolve = (name: string) => engine.resolverFor(curated).resolve(name);

describe('daysBetween and utcToday', () => {
  it.each<[string, string, number]>([
    ['2026-11-25', '2026-11-25', 0],
    ['2026-11-24', '2026-11-25', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-11-25', '2026-11-25', 365],
    ['2026-11-24T23:30:00-05:00', '2026-11-25', 1],
  ])('%s → %s = %i days', (from, to, days) => expect(daysBetween(from, to)).toBe(days));

  it('reads the UTC date', () => expect(utcToday(new Date('2026-11-25T23:59:59Z'))).toBe('2026-11-25'));
});

describe('StoppedDrugAssessor', () => {
  const assessor = new StoppedDrugAssessor(curated, TODAY);

  it.each<[string, string, number, number, 'curated' | 'default', boolean]>([
    // drug, stopped on, days ago, washout, basis, still checked
    ['fluoxetine', '2026-10-22', 34, 35, 'curated', true],
    ['fluoxetine', '2026-10-21', 35, 35, 'curated', false],
    ['phenelzine', '2026-11-12', 13, 14, 'curated', true],
    ['phenelzine', '2026-11-11', 14, 14, 'curated', false],
    ['duloxetine', '2026-11-19', 6, 5, 'curated', false],
    ['rifampin', '2026-11-01', 24, 28, 'curated', true],
    ['amiodarone', '2026-08-01', 116, 180, 'curated', true],
    ['warfarin', '2026-11-25', 0, 5, 'curated', true],
    ['tramadol', '2026-11-12', 13, DEFAULT_WASHOUT_DAYS, 'default', true],
    ['tramadol', '2026-11-11', 14, DEFAULT_WASHOUT_DAYS, 'default', false],
  ])('%s stopped %s: %i days ago, washout %i (%s), checked %s', (name, on, daysAgo, washoutDays, basis, checked) => {
    const s = assessor.assess(resolve(name), on);
    expect(s).toMatchObject({ on: on.slice(0, 10), daysAgo, washoutDays, washoutBasis: basis, checked });
    if (basis === 'curated') expect(s.citations.length).toBeGreaterThan(0);
    else expect(s.citations).toEqual([]);
    expect(s.note.length).toBeGreaterThan(20);
  });

  it('gives a combination product its longest ingredient washout (curated beats an equal default)', () => {
    const r = resolve('sertraline');
    const combo = { ...r, ingredients: [...resolve('warfarin').ingredients, ...r.ingredients] };
    expect(assessor.assess(combo, '2026-11-20')).toMatchObject({ washoutDays: 14, washoutBasis: 'curated' });
    const withDefault = { ...r, ingredients: [...resolve('warfarin').ingredients, ...resolve('tramadol').ingredients] };
    expect(assessor.assess(withDefault, '2026-11-20')).toMatchObject({ washoutDays: DEFAULT_WASHOUT_DAYS, washoutBasis: 'default' });
  });
});

describe('InteractionEngine with stopped drugs', () => {
  const check = (drugs: Parameters<InteractionEngine['check']>[1]) => engine.check(curated, drugs, { today: TODAY });

  it('checks a stopped drug within its washout and says so', () => {
    const r = check([
      { name: 'fluoxetine', stoppedOn: '2026-11-01' },
      { name: 'phenelzine', proposed: true },
    ]);
    expect(r.interactions.map((f) => f.severity)).toContain('contraindicated');
    expect(r.summary.pairsChecked).toBe(1);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'stopped_within_washout', indexes: [0] }));
    expect(r.resolutions[0].stopped).toMatchObject({ checked: true, washoutDays: 35 });
  });

  it('leaves a drug stopped beyond its washout out of every pair, reports it, and keeps the check complete', () => {
    const r = check([{ name: 'fluoxetine', stoppedOn: '2026-09-01' }, 'phenelzine', 'warfarin']);
    expect(r.interactions.filter((f) => f.participants.some((p) => p.index === 0))).toEqual([]);
    expect(r.summary.pairsChecked).toBe(1);
    expect(r.summary.complete).toBe(true);
    expect(r.resolutions[0].stopped).toMatchObject({ checked: false, daysAgo: 85 });
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'stopped_beyond_washout', indexes: [0] }));
  });

  it('gives the same result without stoppedOn as before (no stopped field, no warning)', () => {
    const r = check(['fluoxetine', 'phenelzine']);
    expect(r.resolutions.every((x) => x.stopped === undefined)).toBe(true);
    expect(r.warnings.map((w) => w.code)).not.toContain('stopped_within_washout');
  });

  it('ignores stoppedOn on an unresolved entry (it stays unresolved and the check incomplete)', () => {
    const r = check([{ name: 'zzqx unknown', stoppedOn: '2026-11-01' }, 'warfarin']);
    expect(r.resolutions[0].stopped).toBeUndefined();
    expect(r.summary.complete).toBe(false);
  });
});
