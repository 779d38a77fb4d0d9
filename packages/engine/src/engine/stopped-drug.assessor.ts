import { DEFAULT_WASHOUT_DAYS, type DrugResolution, type StoppedDrug } from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';

const DAY_MS = 86_400_000;

/** Days from one `YYYY-MM-DD` (or date-time, date part used) to another, in UTC calendar days. */
export function daysBetween(from: string, to: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** Today's UTC date as `YYYY-MM-DD`. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether a stopped drug is still checked: it is while fewer days have passed than its washout, the longest of its
 * ingredients' curated washouts (or the default for an ingredient without one).
 */
export class StoppedDrugAssessor {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly today: string,
  ) {}

  assess(resolution: DrugResolution, stoppedOn: string): StoppedDrug {
    const on = stoppedOn.slice(0, 10);
    const daysAgo = Math.max(0, daysBetween(on, this.today));
    let days = 0;
    let basis: StoppedDrug['washoutBasis'] = 'default';
    let note = `No curated washout: Vigil assumes ${DEFAULT_WASHOUT_DAYS} days. Check the drug's half-life and any depot or long-acting form.`;
    let citations: StoppedDrug['citations'] = [];
    for (const ing of resolution.ingredients) {
      const w = this.kb.washoutOf(ing.id);
      const d = w ? w.days : DEFAULT_WASHOUT_DAYS;
      if (d > days || (d === days && w && basis === 'default')) {
        days = d;
        basis = w ? 'curated' : 'default';
        if (w) {
          note = w.summary;
          citations = w.citations.map((c) => ({ ...c }));
        } else {
          note = `No curated washout for ${ing.name}: Vigil assumes ${DEFAULT_WASHOUT_DAYS} days. Check its half-life and any depot or long-acting form.`;
          citations = [];
        }
      }
    }
    return { on, daysAgo, washoutDays: days, washoutBasis: basis, checked: daysAgo < days, note, citations };
  }
}
