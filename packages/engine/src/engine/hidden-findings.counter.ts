import type { Severity } from '@vigil/contracts';
import { severityRank } from '../model/kb-vocabulary';

/**
 * Counting of the findings below `minSeverity` (counted, never built: a bulk source makes many). When no ingredient
 * occurs twice in the list (the usual case) every ingredient pair is checked once and every hidden finding is
 * distinct, so a tally is exact. Otherwise one finding can come from several input pairs, and keys dedupe them:
 * candidate keys, and for single-rule pairs the pair key (an ingredient pair with one rule has exactly one possible
 * finding and always takes the same route, so its pair key identifies it without a key string). A key whose finding
 * was also built above the threshold by another input pair is not counted.
 */
export class HiddenFindingsCounter {
  private tally = 0;
  private keys: Set<string> | null = null;
  private pairs: Set<number> | null = null;
  /** `severityRank` of `minSeverity`: findings ranked above it are hidden (none without a threshold). */
  private readonly maxRank: number;

  constructor(readonly minSeverity?: Severity) {
    this.maxRank = minSeverity === undefined ? Number.POSITIVE_INFINITY : severityRank(minSeverity);
  }

  /** Before a run: `repeatsIngredient` = some ingredient occurs in two units, so hidden findings need deduping. */
  start(repeatsIngredient: boolean): void {
    if (this.minSeverity !== undefined && repeatsIngredient) {
      this.keys = new Set();
      this.pairs = new Set();
    }
  }

  /** True when a finding of this severity is hidden. */
  below(severity: Severity): boolean {
    return severityRank(severity) > this.maxRank;
  }

  /** True when a packed rule's severity rank is hidden. */
  belowRank(rank: number): boolean {
    return rank > this.maxRank;
  }

  /** The hidden finding of a single-rule ingredient pair. */
  hidePair(pairKey: number): void {
    if (this.pairs) this.pairs.add(pairKey);
    else this.tally++;
  }

  /** A hidden finding identified by its candidate key; null stands for the draft that was not built. */
  hide(candidateKey: string): null {
    if (this.keys) this.keys.add(candidateKey);
    else this.tally++;
    return null;
  }

  /** Hidden findings, leaving out keys whose finding was built (`built` = the drafts by candidate key). */
  count(built: ReadonlyMap<string, unknown>): number {
    let n = this.tally + (this.pairs?.size ?? 0);
    if (this.keys) for (const key of this.keys) if (!built.has(key)) n++;
    return n;
  }
}
