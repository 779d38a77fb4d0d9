// Types only from @vigil/contracts: its runtime entry carries the zod schemas, which the build-time compiler and this
// pure package do not need. The lists below are checked against the contract types.
import type { DoseSite as ContractDoseSite, DrugRoute, EvidenceLevel, LocalRoute, Severity } from '@vigil/contracts';

export type { EvidenceLevel, Severity };

/** Severities, worst first (same order as the contract's SEVERITIES). */
export const SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'] as const satisfies readonly Severity[];
export const EVIDENCE_LEVELS = ['established', 'probable', 'suspected', 'theoretical'] as const satisfies readonly EvidenceLevel[];
// Compile-time exhaustiveness: fails to build if the contract gains a value these lists lack.
const severitiesComplete: Record<Severity, true> = { contraindicated: true, major: true, moderate: true, minor: true, unknown: true };
const evidenceComplete: Record<EvidenceLevel, true> = { established: true, probable: true, suspected: true, theoretical: true };
void severitiesComplete;
void evidenceComplete;

/** Source id of the hand-written knowledge base; its rules come first in the default source precedence. */
export const CURATED_SOURCE_ID = 'vigil-curated';

export const ENZYMES = ['CYP1A2', 'CYP2B6', 'CYP2C8', 'CYP2C9', 'CYP2C19', 'CYP2D6', 'CYP3A4', 'P-gp', 'OATP1B1', 'BCRP'] as const;
export type Enzyme = (typeof ENZYMES)[number];

export const ENZYME_ROLES = ['substrate', 'inhibitor', 'inducer'] as const;
export type EnzymeRoleKind = (typeof ENZYME_ROLES)[number];

export const SUBSTRATE_STRENGTHS = ['sensitive', 'moderate'] as const;
export const MODULATOR_STRENGTHS = ['strong', 'moderate', 'weak'] as const;
export type SubstrateStrength = (typeof SUBSTRATE_STRENGTHS)[number];
export type ModulatorStrength = (typeof MODULATOR_STRENGTHS)[number];

/**
 * Where a product is applied when it is not taken by mouth or injected (the contract's `DOSE_SITES`): the local routes
 * (skin, eye, ear), the nose and lungs, and the uterus (a hormonal IUD). A member of a `systemicOnly` class used at one
 * of these sites is not a member for that check (a hydrocortisone cream is not a systemic corticosteroid).
 */
export const DOSE_SITES = ['skin', 'eye', 'ear', 'nasal', 'inhaled', 'intrauterine'] as const satisfies readonly ContractDoseSite[];
/** The sites that are the contract's local routes (skin, eye, ear): where `local-use.yaml` may record negligible absorption. */
export function isLocalRoute(route: DrugRoute | DoseSite | undefined): route is LocalRoute {
  return route === 'skin' || route === 'eye' || route === 'ear';
}
export type DoseSite = (typeof DOSE_SITES)[number];
// Every site of the contract is a site here (fails to build if the contract gains one).
const sitesComplete: Record<ContractDoseSite, true> = { skin: true, eye: true, ear: true, nasal: true, inhaled: true, intrauterine: true };
void sitesComplete;

/** Risk domains documented in knowledge/SCHEMA.md (domains.yaml may define more). */
export const DOCUMENTED_RISK_DOMAINS = [
  'qt',
  'serotonergic',
  'cns-depression',
  'bleeding',
  'hyperkalemia',
  'nephrotoxicity',
  'anticholinergic',
  'hypotension',
  'hypoglycemia',
  'seizure-threshold',
  'hypokalemia',
] as const;

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { contraindicated: 0, major: 1, moderate: 2, minor: 3, unknown: 4 };

/** 0 for contraindicated … 4 for unknown: lower is worse. */
export function severityRank(severity: Severity): number {
  return SEVERITY_RANK[severity];
}

/** The worse of two severities. */
export function worseSeverity(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[a] <= SEVERITY_RANK[b] ? a : b;
}

/** True when `severity` is at least as bad as `threshold` (`unknown` only passes an `unknown` threshold). */
export function meetsSeverity(severity: Severity, threshold: Severity): boolean {
  return SEVERITY_RANK[severity] <= SEVERITY_RANK[threshold];
}

export function isSeverity(value: unknown): value is Severity {
  return typeof value === 'string' && value in SEVERITY_RANK;
}

/** The pathway risk tag of an enzyme: `pk-cyp3a4`, `pk-pgp`, `pk-oatp1b1`. */
export function pathwayRiskTag(enzyme: string): string {
  return `pk-${enzyme.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}
