import { US_MARKET_STATUSES } from '@vigil/contracts';
import type { KbIngredient, KbUsMarket } from '../model/compiled-kb.model';
import { KEYS, didYouMean, where } from './compile.helpers';
import type { CheckOf } from './entry.check';
import { readCitations } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/** Earliest year a US withdrawal or discontinuation may be dated (before it, a typo). */
export const MIN_MARKET_YEAR = 1938;

/**
 * `market-status.yaml`: ingredients no longer marketed in the US. Each entry names one ingredient, `withdrawn`
 * (removed for safety: a year and a reason are required) or `discontinued` (commercial: the year only when a cited
 * record gives it), with citations. The fact is set on the ingredient (`usMarket`); the entries are not kept otherwise.
 */
export class MarketStatusSectionCompiler {
  compile(
    entries: readonly LocatedEntry[],
    checkOf: CheckOf,
    refs: { ingredients: readonly KbIngredient[]; sourceIds: ReadonlyMap<string, LocatedEntry>; thisYear?: number },
  ): Map<string, KbUsMarket> {
    const out = new Map<string, KbUsMarket>();
    const seen = new Map<string, LocatedEntry>();
    const ids = new Set(refs.ingredients.map((i) => i.id));
    const thisYear = refs.thisYear ?? new Date().getUTCFullYear();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.marketStatus);
      const ingredient = c.str('ingredient', true);
      if (ingredient !== undefined && !ids.has(ingredient)) c.error('ingredient', `unknown ingredient "${ingredient}"${didYouMean(ingredient, ids)}`);
      if (ingredient !== undefined && seen.has(ingredient)) c.error('ingredient', `listed twice (first at ${where(seen.get(ingredient)!)})`);
      if (ingredient !== undefined) seen.set(ingredient, e);
      const status = c.oneOf('status', US_MARKET_STATUSES, true);
      const year = c.obj.year;
      if (year === undefined) {
        if (status === 'withdrawn') c.error('year', 'is required for a withdrawal');
      } else if (typeof year !== 'number' || !Number.isInteger(year) || year < MIN_MARKET_YEAR || year > thisYear) {
        c.error('year', `must be a year from ${MIN_MARKET_YEAR} to ${thisYear}`);
      }
      const reason = c.str('reason', false);
      if (status === 'withdrawn' && reason === undefined) c.error('reason', 'is required for a withdrawal: the safety reason, in our own words');
      const citations = readCitations(c, refs.sourceIds);
      if (c.errors === 0 && ingredient !== undefined && status !== undefined) {
        out.set(ingredient, {
          status,
          ...(typeof year === 'number' ? { year } : {}),
          ...(reason !== undefined ? { reason: reason.replace(/\s+/g, ' ') } : {}),
          citations,
        });
      }
    }
    return out;
  }
}
