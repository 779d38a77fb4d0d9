/** Interaction severities, worst first. The order is part of the public contract. */
export const SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'] as const;

export type Severity = (typeof SEVERITIES)[number];

/** Evidence levels of a finding, strongest first. */
export const EVIDENCE_LEVELS = ['established', 'probable', 'suspected', 'theoretical'] as const;

export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];
