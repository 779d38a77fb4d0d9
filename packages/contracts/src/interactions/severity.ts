import { z } from 'zod';

/** Interaction severities, worst first. The order is part of the public contract. */
export const SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'] as const;

export const SeveritySchema = z.enum(SEVERITIES).meta({
  id: 'Severity',
  description: 'Interaction severity, worst first: `contraindicated`, `major`, `moderate`, `minor`, `unknown`.',
});

export type Severity = z.infer<typeof SeveritySchema>;

/** Evidence levels of a finding, strongest first. */
export const EVIDENCE_LEVELS = ['established', 'probable', 'suspected', 'theoretical'] as const;

export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];
