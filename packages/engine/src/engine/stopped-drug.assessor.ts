import { DEFAULT_WASHOUT_DAYS, type DrugResolution, type StoppedDrug } from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { KbWashout } from '../model/compiled-kb.model';

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

  /** `resolution` has at least one ingredient (the engine assesses resolved entries only). */
  assess(resolution: DrugResolution, stoppedOn: string): StoppedDrug {
    const on = stoppedOn.slice(0, 10);
    const daysAgo = Math.max(0, daysBetween(on, this.today));
    // The ingredient with the longest washout decides; on a tie a curated washout beats the default.
    let longest: { name: string; washout: KbWashout | undefined; days: number } | undefined;
    for (const ing of resolution.ingredients) {
      const washout = this.kb.washoutOf(ing.id);
      const days = washout ? washout.days : DEFAULT_WASHOUT_DAYS;
      if (!longest || days > longest.days || (days === longest.days && washout && !longest.washout)) longest = { name: ing.name, washout, days };
    }
    const { name, washout, days } = longest!;
    return {
      on,
      daysAgo,
      washoutDays: days,
      washoutBasis: washout ? 'curated' : 'default',
      checked: daysAgo < days,
      note: washout ? washout.summary : `No curated washout for ${name}: Vigil assumes ${DEFAULT_WASHOUT_DAYS} days. Check its half-life and any depot or long-acting form.`,
      citations: washout ? washout.citations.map((c) => ({ ...c })) : [],
    };
  }
}
