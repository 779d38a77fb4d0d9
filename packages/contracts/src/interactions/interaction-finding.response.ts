import type { EvidenceLevel, Severity } from './severity';

/** Which engine layer produced a finding. */
export type FindingKind = 'drug-drug' | 'class' | 'pathway' | 'duplicate-therapy' | 'additive';

export interface FindingParticipant {
  /** Index of the drug in the request's list. */
  index: number;
  /** Ingredient display name. */
  ingredient: string;
  /** Knowledge-base ingredient id. */
  ingredientId: string;
  /** Pathway findings: which drug changes the exposure of which. */
  role?: 'perpetrator' | 'victim';
}

export interface FindingCitation {
  /** Id of the cited source (see `kb.sources`). */
  source: string;
  title: string;
  section?: string;
  url?: string;
  /** Knowledge sources (e.g. `vigil-curated`) whose assertion rests on this citation. */
  sources: string[];
}

export interface FindingEvidence {
  level: EvidenceLevel | 'unknown';
  citations: FindingCitation[];
}

export interface InteractionFinding {
  /** Deterministic: derived from `ruleId` and the participants. */
  id: string;
  /** The rule, pathway rule, class or risk domain that produced the finding. */
  ruleId: string;
  kind: FindingKind;
  /** Headline severity: the value of the highest-precedence source that asserts this finding. */
  severity: Severity;
  /** Severity asserted by each knowledge source (source id → severity). */
  severityBySource: Record<string, Severity>;
  /** Knowledge sources asserting this finding, headline source first. */
  sources: string[];
  participants: FindingParticipant[];
  /** Participant names joined, e.g. `warfarin + ibuprofen`. */
  title: string;
  summary: string;
  consequence: string;
  mechanism?: string;
  management?: string;
  evidence?: FindingEvidence;
  /** Risk tags (`bleeding`, `pk-cyp3a4`, `serotonin-syndrome`…). */
  risks: string[];
  /** ONC high-priority group this rule encodes, when any. */
  oncGroup?: number;
}
