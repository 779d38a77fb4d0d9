/** Limits on the name-resolution work one request may cause (see `ResolutionBudget`). */
export interface ResolutionLimits {
  /** Index scans (spelling correction, suggestions) for one input, whatever its number of combination parts. */
  scansPerInput: number;
  /** Index scans for a whole request (every input together). */
  scansPerRequest: number;
  /** Parts of a free-text combination ("a/b/c") read at all; more parts is not a product anyone prescribes. */
  combinationParts: number;
  /** Parts of a free-text combination that may need spelling correction; more means it is not a drug list. */
  correctedParts: number;
  /** Longest name (letters and digits) worth a spelling correction: the longest name in the index is under 40. */
  correctableLength: number;
}

export const DEFAULT_RESOLUTION_LIMITS: Readonly<ResolutionLimits> = {
  scansPerInput: 8,
  scansPerRequest: 16,
  combinationParts: 8,
  correctedParts: 2,
  correctableLength: 48,
};

/**
 * Work budget of name resolution. Exact look-ups cost nothing; what costs is a scan of the name index (a spelling
 * correction or a suggestion list: ~0.3–0.5 ms each on the curated pack). Random text joined by "/" or "+" once
 * made one request scan thousands of times and block the event loop for seconds. Past the budget an input is
 * unresolved with a reason that says so: never slow, never a guess.
 */
export class ResolutionBudget {
  private requestScans = 0;
  private inputScans = 0;
  /** Set when a scan was refused: the result then depends on the budget and must not be memoised. */
  private refused = false;

  constructor(readonly limits: Readonly<ResolutionLimits> = DEFAULT_RESOLUTION_LIMITS) {}

  /** Starts the next input of the request. */
  startInput(): void {
    this.inputScans = 0;
    this.refused = false;
  }

  /**
   * Takes one index scan for `key` from the budget; false (and nothing taken) when the input's or the request's is
   * spent, or when `key` is too long to be a misspelt drug name.
   */
  trySpendScan(key: string): boolean {
    if (key.length > this.limits.correctableLength) {
      this.refused = true;
      return false;
    }
    if (this.inputScans >= this.limits.scansPerInput || this.requestScans >= this.limits.scansPerRequest) {
      this.refused = true;
      return false;
    }
    this.inputScans++;
    this.requestScans++;
    return true;
  }

  /** True when the current input was refused a scan. */
  get refusedThisInput(): boolean {
    return this.refused;
  }

  /** True when the request's budget (not only this input's) is spent. */
  get requestSpent(): boolean {
    return this.requestScans >= this.limits.scansPerRequest;
  }

  get scansUsed(): number {
    return this.requestScans;
  }
}
