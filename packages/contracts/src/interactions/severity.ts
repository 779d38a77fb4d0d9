import { z } from 'zod';

/** Interaction severities, worst first. The order is part of the public contract. */
export const SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'] as const;

/**
 * What each severity means: the grade the drugs' own labels give the combination (the curated pack's rubric), so an
 * integrator can map it onto an alert tier. Part of the public contract, like the order.
 */
export const SEVERITY_MEANINGS: Readonly<Record<(typeof SEVERITIES)[number], string>> = {
  contraindicated:
    'a current label (US prescribing information, or the EU summary of product characteristics where the US label is silent) contraindicates the combination: do not combine',
  major:
    'a label says to avoid the combination, calls it not recommended, or carries a boxed warning about it, or the combination can cause serious or lasting harm unless the prescriber acts: choose an alternative, or combine only with the monitoring the finding gives',
  moderate: 'the combination needs an action: a dose change, a limit, monitoring, spacing the doses or counselling; it can usually be given',
  minor: 'a small or uncertain effect; usually no action beyond knowing it',
  unknown: 'a source states an interaction without grading it (an imported source): read the finding',
};

export const SeveritySchema = z.enum(SEVERITIES).meta({
  id: 'Severity',
  description: `Interaction severity, worst first. ${SEVERITIES.map((s) => `\`${s}\`: ${SEVERITY_MEANINGS[s]}.`).join(' ')}`,
});

export type Severity = z.infer<typeof SeveritySchema>;

/** Evidence levels of a finding, strongest first. */
export const EVIDENCE_LEVELS = ['established', 'probable', 'suspected', 'theoretical'] as const;

export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];
