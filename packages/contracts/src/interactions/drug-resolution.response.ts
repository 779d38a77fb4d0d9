/** How one input of a check was turned into ingredients. */
export type ResolutionStatus = 'resolved' | 'ambiguous' | 'unresolved';

/**
 * How the name was matched: `exact` generic name, `synonym` (INN/BAN/abbreviation), `salt` (salt or ester form),
 * `brand` (brand or combination-product name), `code` (RxCUI, ATC, NDC), `fuzzy` (spelling correction, confidence < 1).
 */
export type ResolutionMethod = 'exact' | 'synonym' | 'salt' | 'brand' | 'code' | 'fuzzy';

export interface ResolvedIngredient {
  /** Knowledge-base ingredient id (e.g. `insulin-glargine`). */
  id: string;
  /** Display name (lower-case generic). */
  name: string;
  rxcui?: string;
}

export interface DrugSuggestion {
  /** Display name of the suggested drug or product. */
  name: string;
  /** Similarity 0–1 (1 = identical after normalisation). */
  score: number;
  /** The name form that matched (a brand, synonym…), when it differs from `name`. */
  matched?: string;
  ingredientIds?: string[];
}

export interface DrugResolution {
  /** Position of the drug in the request's list. */
  index: number;
  /** Client-supplied id of the drug, echoed back. */
  id?: string;
  /** The input as text (a name, or `rxcui:…`, `atc:…`, `ndc:…`). */
  input: string;
  status: ResolutionStatus;
  method?: ResolutionMethod;
  /** 1 for deterministic matches; below 1 for spelling corrections. */
  confidence?: number;
  /** Empty unless `status` is `resolved`. Several for combination products. */
  ingredients: ResolvedIngredient[];
  /** The name form that matched (brand, salt, synonym, product) or the corrected spelling. */
  matched?: string;
  /** Name of the combination product, when the input is one. */
  product?: string;
  /**
   * True when a free-text combination ("warfarin/aspirin") that is not a known product was split into
   * ingredients: those ingredients are then also checked against each other.
   */
  split?: boolean;
  suggestions?: DrugSuggestion[];
  /** Why the input could not be resolved (human readable). */
  reason?: string;
  /**
   * Resolved inputs only: `reviewed` when the knowledge base has reviewed the drug's interactions; `names-only` when
   * it knows the name but nothing about its interactions (then "no finding" means "not checked", and the check is
   * incomplete). A combination is `names-only` when any of its ingredients is.
   */
  coverage?: DrugCoverage;
}

export type DrugCoverage = 'reviewed' | 'names-only';

/** An input that was not resolved to ingredients (status `unresolved` or `ambiguous`). */
export interface UnresolvedDrug {
  index: number;
  id?: string;
  input: string;
  status: Exclude<ResolutionStatus, 'resolved'>;
  suggestions: DrugSuggestion[];
  reason?: string;
}
