import type { DrugResolution, UnresolvedDrug } from './drug-resolution.response';
import type { InteractionFinding } from './interaction-finding.response';
import type { Severity } from './severity';

export interface KbSourceInfo {
  id: string;
  title: string;
  license: string;
  url?: string;
}

/** Which knowledge base answered: every response names it, so a result can be reproduced. */
export interface KbInfo {
  version: string;
  releasedAt: string;
  sources: KbSourceInfo[];
}

export interface CheckSummary {
  /** Worst severity among the returned findings; null when none was returned. */
  maxSeverity: Severity | null;
  /** Findings returned, per severity. */
  counts: Record<Severity, number>;
  /**
   * False when at least one input was unresolved or ambiguous, or resolved to a drug the knowledge base knows by name
   * only (`coverage: names-only`): then "no finding" does not mean "no interaction".
   */
  complete: boolean;
  /** Distinct pairs of resolved inputs that were checked. */
  pairsChecked: number;
  /** Findings left out by the `minSeverity` filter. */
  hiddenBySeverityFilter: number;
}

export type CheckWarningCode = 'incomplete_check' | 'not_reviewed' | 'fuzzy_match' | 'too_few_drugs' | 'split_combination';

export interface CheckWarning {
  code: CheckWarningCode;
  message: string;
  /** Indexes of the inputs the warning is about. */
  indexes?: number[];
}

export interface CheckInteractionsResponse {
  requestId: string;
  kb: KbInfo;
  summary: CheckSummary;
  resolutions: DrugResolution[];
  interactions: InteractionFinding[];
  unresolved: UnresolvedDrug[];
  warnings: CheckWarning[];
  disclaimer: string;
}

/** What the engine returns: the response without the request id (added by the API). */
export type CheckInteractionsResult = Omit<CheckInteractionsResponse, 'requestId'>;
