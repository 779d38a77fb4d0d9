import type { FindingCitation, FindingKind, FindingParticipant, Severity } from '@vigil/contracts';
import type { KbIngredient } from '../model/compiled-kb.model';
import type { DoseSite } from '../model/kb-vocabulary';

/** One ingredient of one input, as the layers see it. */
export interface CheckUnit {
  /** Input index. */
  index: number;
  /** Dense ingredient index in the knowledge base. */
  ing: number;
  ingredient: KbIngredient;
  /**
   * Units of the same group are never checked against each other: the ingredients of one combination product.
   * A free-text combination that is not a known product gives each ingredient its own group.
   */
  group: number;
  /**
   * Where the entry is applied when that is not systemic (skin, eye, ear, nose, lungs), set only when some class or
   * risk domain counts this ingredient only when used systemically (`KnowledgeBase.isSiteSensitive`): such a unit is
   * not a member of those classes and domains for this check.
   */
  site?: DoseSite;
}

/** A finding under construction: participants accumulate across input pairs with the same ingredients. */
export interface FindingDraft {
  ruleId: string;
  kind: FindingKind;
  layer: 1 | 2 | 3 | 4 | 5;
  severity: Severity;
  severityBySource: Record<string, Severity>;
  sources: string[];
  participants: FindingParticipant[];
  summary: string;
  consequence: string;
  mechanism: string;
  management: string;
  evidenceLevel: string;
  citations: FindingCitation[];
  risks: string[];
  oncGroup?: number;
  /** Values for `{a}`, `{b}`, `{perpetrator}`, `{victim}`, `{enzyme}`, `{drugs}`, `{count}`, `{class}` in texts. */
  placeholders: Record<string, string>;
}
