import type { DrugRoute, LocalUse, Severity } from '@vigil/contracts';

/** One drug of a check: free text, or an object with a name and/or a code, plus an optional client id. */
export type DrugInput = string | DrugInputObject;

export interface DrugInputObject {
  /** Client-supplied id, echoed back in the resolution. */
  id?: string;
  name?: string;
  rxcui?: string;
  atc?: string;
  ndc?: string;
  /** A new order screened against the current list (prospective screening). */
  proposed?: boolean;
  /** Date the drug was stopped (`YYYY-MM-DD`, or a date-time whose date part is used): checked only within its washout. */
  stoppedOn?: string;
  /** Where it is applied; default read from the name ("cream", "eye drops", "otic"…), else systemic. */
  route?: DrugRoute;
}

/** Optional text fields of a finding that a client may leave out. */
export type FindingTextField = 'evidence' | 'mechanism' | 'management';

export interface CheckOptions {
  /** Only findings at least this severe are returned (`unknown` keeps everything). */
  minSeverity?: Severity;
  /** Optional fields to return; default all. */
  include?: readonly FindingTextField[];
  /** Overrides the knowledge base's source precedence for the headline severity. */
  sourcePrecedence?: readonly string[];
  /** Severity of the "same ingredient entered twice" finding (default `moderate`). */
  duplicateIngredientSeverity?: Severity;
  /**
   * Input indexes of new orders (prospective screening): when any is given, only findings involving at least one of
   * them are returned, and the others are counted. `check` takes them from the inputs' `proposed` flags.
   */
  proposed?: readonly number[];
  /** Input index → date it was stopped (`YYYY-MM-DD`). `check` takes them from the inputs' `stoppedOn`. */
  stopped?: ReadonlyMap<number, string>;
  /** Input index → local route (skin, eye, ear) and where it came from. `check` takes them from `route` or the name. */
  routes?: ReadonlyMap<number, { route: DrugRoute; from: LocalUse['from'] }>;
  /** Today's date (`YYYY-MM-DD`, UTC) for washouts; default the clock's. Pass it to make a result reproducible. */
  today?: string;
}
