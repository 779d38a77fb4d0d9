import type { EvidenceLevel, LocalRoute, Severity, UsMarketStatus } from '@vigil/contracts';
import type { DoseSite, Enzyme, EnzymeRoleKind, ModulatorStrength, SubstrateStrength } from './kb-vocabulary';

/** Format tag of the compiled JSON document. */
export const COMPILED_KB_FORMAT = 'vigil-kb/1';

export interface KbSource {
  id: string;
  title: string;
  license: string;
  url?: string;
}

export interface KbCitation {
  source: string;
  title: string;
  section?: string;
  url?: string;
}

export interface KbEnzymeRole {
  enzyme: Enzyme;
  role: EnzymeRoleKind;
  strength: SubstrateStrength | ModulatorStrength;
}

export interface KbIngredient {
  id: string;
  name: string;
  rxcui?: string;
  atc: string[];
  synonyms: string[];
  salts: string[];
  brands: string[];
  roles: KbEnzymeRole[];
  risks: string[];
  /**
   * Domains the drug joins only conditionally (a possible or conditional risk, e.g. QT prolongation seen in
   * overdose or post-marketing only): it counts only beside a full member of the domain, and all such drugs in one
   * list add one to the count together. Absent = none.
   */
  conditionalRisks?: string[];
  /**
   * False when the knowledge base knows the drug by name only (no rule, class, role or risk domain reviewed for it):
   * a check that contains it says so. Absent = reviewed (documents written before the flag existed).
   */
  reviewed?: false;
  /**
   * Set when the drug is no longer marketed in the US (`market-status.yaml`): withdrawn for safety, or discontinued
   * for commercial reasons. A check naming it still checks it, and warns. Absent = marketed, or not recorded.
   */
  usMarket?: KbUsMarket;
  /**
   * Brands of this ingredient sold only for one non-systemic site (`siteBrands:` in its YAML), e.g. Nasacort (nasal
   * triamcinolone): a check entry naming one is used at that site. Absent = none.
   */
  siteBrands?: Partial<Record<DoseSite, string[]>>;
  /**
   * Sites where its enzyme and transporter roles do not apply (`pathwaysNotAt:`): neither the generic pathway
   * templates nor label statements answer for an entry used there. The levonorgestrel IUD acts in the uterus: an
   * inducer lowering its blood levels does not make it fail as it does the pill. Absent = every site.
   */
  pathwaysNotAt?: DoseSite[];
  /**
   * The ingredient the body turns this one into, when this one is given only as its prodrug (`prodrugOf:`):
   * fosphenytoin → phenytoin, lisdexamfetamine → dextroamphetamine. The two are one active drug to the pathway layer
   * (no enzyme finding between them) and to risk-domain counts. Absent = not a prodrug.
   */
  prodrugOf?: string;
  /** Among the commonly prescribed drugs (the curated pack's `ingredients/top300-*.yaml`): drug search ranks it first. */
  common?: true;
  /** Knowledge source that defined the ingredient. */
  sourceId: string;
}

/** An ingredient's US market status (`market-status.yaml`), with the FDA record that says so. */
export interface KbUsMarket {
  status: UsMarketStatus;
  /** Year of the withdrawal or of the last US marketing; absent for a discontinued drug whose year no cited record gives. */
  year?: number;
  /** Why it was withdrawn (safety reason), in our words; optional for a discontinued drug. */
  reason?: string;
  citations: KbCitation[];
}

export interface KbClass {
  id: string;
  name: string;
  /** Members listed directly. */
  directMembers: string[];
  /** Classes whose members are included. */
  includes: string[];
  /** Resolved member set (direct + included, transitively), sorted. */
  members: string[];
  duplicateTherapy: boolean;
  severityForDuplicate: Severity;
  /**
   * Members that count only for an entry used systemically (`systemicOnly: true` on this class, or on an included
   * class they come from): an entry applied to the skin, eye or ear, sprayed in the nose or inhaled is not a member
   * for this class's rules and duplicates. Sorted; absent = none.
   */
  systemicOnlyMembers?: string[];
  /**
   * Members left out of this class at some sites only (`notAt: [eye]` on this class, or on an included class they come
   * from): ketorolac eye drops are not an NSAID for the NSAID class rules. Per site, sorted; absent = none.
   */
  notAtMembers?: Partial<Record<DoseSite, string[]>>;
  sourceId: string;
}

export interface KbProduct {
  /** Kebab-case of the name; unique. */
  id: string;
  name: string;
  ingredients: string[];
  /** The one non-systemic site the product is sold for (`site: eye`): an entry naming it is used there. Absent = systemic. */
  site?: DoseSite;
  sourceId: string;
}

export type KbRuleSide = { ingredient: string } | { class: string };

export interface KbRule {
  id: string;
  /** Knowledge source that asserts the rule (`vigil-curated` for the YAML knowledge base). */
  sourceId: string;
  a: KbRuleSide;
  b: KbRuleSide;
  severity: Severity;
  risks: string[];
  summary: string;
  consequence: string;
  mechanism: string;
  management: string;
  evidence: { level: EvidenceLevel | 'unknown' };
  onc?: number;
  /**
   * Why this rule gives its members a different answer than their therapeutic siblings get for the same partner
   * (e.g. only the non-selective beta-blockers block β2 receptors). The eval's sibling check counts a class
   * difference as explained only when a rule behind it carries this note.
   */
  siblingNote?: string;
  /**
   * Sites where the rule does not apply (`notAt: [eye]` in the YAML): an entry used there (its route, its name, or a
   * brand in its `siteBrands`) does not take part. Ketorolac eye drops are not the tablets the ketorolac rules are
   * about, while Sprix (nasal ketorolac) is absorbed like them. Absent = every site.
   */
  notAt?: DoseSite[];
  citations: KbCitation[];
}

export interface KbPathway {
  id: string;
  sourceId: string;
  enzyme: Enzyme;
  perpetrator: { role: 'inhibitor' | 'inducer'; strength: ModulatorStrength[] };
  victim: { strength: SubstrateStrength[] };
  severity: Severity;
  summary: string;
  consequence: string;
  mechanism: string;
  management: string;
  evidence: { level: EvidenceLevel | 'unknown' };
  citations: KbCitation[];
}

/** A perpetrator condition of a label statement: the ingredient has this role on this enzyme at one of these strengths. */
export interface KbModulatorCondition {
  enzyme: Enzyme;
  role: 'inhibitor' | 'inducer';
  strength: ModulatorStrength[];
}

/**
 * What a substrate's own label says about inhibitors or inducers of one enzyme or transporter (layer 3,
 * `labels.yaml`). It replaces the generic pathway templates of that enzyme and direction for its substrates.
 */
export interface KbLabelStatement {
  id: string;
  sourceId: string;
  enzyme: Enzyme;
  /** The substrates the statement is about: ingredients listed directly plus members of `substrateClasses`, sorted. */
  substrates: string[];
  /** Classes named in the YAML (their members are already in `substrates`). */
  substrateClasses: string[];
  perpetrator: {
    role: 'inhibitor' | 'inducer';
    strength: ModulatorStrength[];
    /** Further roles the perpetrator must also have (e.g. P-gp inhibition for "combined P-gp and strong CYP3A4 inhibitors"). */
    also: KbModulatorCondition[];
    /** Perpetrators the label explicitly exempts (e.g. clarithromycin in the apixaban label). */
    except: string[];
  };
  severity: Severity;
  summary: string;
  consequence: string;
  mechanism: string;
  management: string;
  evidence: { level: EvidenceLevel | 'unknown' };
  citations: KbCitation[];
}

export interface KbDomain {
  id: string;
  name: string;
  /** Drug count (as a string key, ≥ 2) → severity; counts above the highest key use the highest key's value. */
  severityByCount: Record<string, Severity>;
  summary: string;
  consequence: string;
  mechanism: string;
  management: string;
  evidence: { level: EvidenceLevel | 'unknown' };
  citations: KbCitation[];
  /** Present when drugs may join the domain conditionally (`conditionalRisks`): what is said when one takes part. */
  conditional?: { note: string; citations: KbCitation[] };
  /**
   * Members count only for an entry used systemically (`systemicOnly: true`): a drug applied to the skin, eye or ear,
   * sprayed in the nose or inhaled does not join (dexamethasone eye drops do not lower potassium). Absent = any use.
   */
  systemicOnly?: true;
  /** Sites where members do not join (`notAt: [eye, ear]`): gentamicin ear drops do not injure the kidney. Absent = none. */
  notAt?: DoseSite[];
  sourceId: string;
}

/**
 * How long a stopped drug still interacts (`washouts.yaml`): an ingredient stopped fewer than `days` days ago is
 * still checked. Classes are expanded to their members when compiled.
 */
export interface KbWashout {
  id: string;
  ingredients: string[];
  days: number;
  summary: string;
  citations: KbCitation[];
}

/**
 * Drugs whose systemic exposure is negligible when applied by a local route (`local-use.yaml`): an entry applied by
 * one of `routes` is left out of the check and reported. Classes are expanded to their members when compiled.
 */
export interface KbLocalUse {
  id: string;
  ingredients: string[];
  routes: LocalRoute[];
  /** Brand names that are only ever this local product ("Restasis", "Ciloxan"): an input matching one is local too. */
  brands?: string[];
  summary: string;
  citations: KbCitation[];
}

/** One compiled knowledge base: the output of the YAML compiler, or of an importer of another source. */
export interface CompiledKnowledgeBase {
  format: typeof COMPILED_KB_FORMAT;
  /** `curated-<YYYY.MM.DD>-<8 hex of sha256 of the content>`. */
  version: string;
  /** ISO-8601 timestamp. */
  releasedAt: string;
  sources: KbSource[];
  ingredients: KbIngredient[];
  classes: KbClass[];
  products: KbProduct[];
  rules: KbRule[];
  pathways: KbPathway[];
  /** Substrate label statements (layer 3); absent in documents made before they existed and in most imports. */
  labels?: KbLabelStatement[];
  domains: KbDomain[];
  /** Washouts of stopped drugs; absent in documents made before they existed and in imports (default applies). */
  washouts?: KbWashout[];
  /** Local routes with negligible systemic exposure; absent in documents made before they existed and in imports. */
  localUse?: KbLocalUse[];
  /**
   * Normalised names of real drugs that are NOT in this knowledge base. The resolver never spell-corrects one of
   * them into a knowledge-base drug (e.g. "prednisolone" must not become "prednisone").
   */
  otherNames?: string[];
}
