import type { Bundle, BundleEntry, DetectedIssue, OperationOutcome, OperationOutcomeIssue, Reference } from '@medplum/fhirtypes';
import type { CheckInteractionsResult, InteractionFinding, Severity } from '@vigil/contracts';
import type { ScreenedMedication, UncheckedMedication } from './medication-screening.service';
import { nameBasedUuid } from './name-based-uuid';

export const V3_ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
export const VIGIL_RULE_SYSTEM = 'https://vigil.dev/fhir/rule';
export const VIGIL_SEVERITY_EXTENSION = 'https://vigil.dev/fhir/StructureDefinition/interaction-severity';
export const VIGIL_CHECK_WARNING_SYSTEM = 'https://vigil.dev/fhir/check-warning';

/** DetectedIssue.severity per Vigil severity (documented in the README). */
export const FHIR_SEVERITY: Readonly<Record<Severity, NonNullable<DetectedIssue['severity']>>> = Object.freeze({
  contraindicated: 'high',
  major: 'high',
  moderate: 'moderate',
  minor: 'low',
  unknown: 'low',
});

/** A medication of the operation's input: where it sits (FHIRPath) and how other resources may refer to it. */
export interface FhirInputMedication extends ScreenedMedication {
  /** FHIRPath of the resource in the request, e.g. `Bundle.entry[2].resource`. */
  expression: string;
  /** `MedicationRequest/123` or the entry's `fullUrl`; absent when the resource has neither. */
  reference?: string;
  /** The patient the resource is about (`subject.reference`), when it says. */
  subject?: string;
}

/** A resource of the input that was not screened, and why. */
export interface SkippedResource {
  expression: string;
  /** `not-supported`: not a medication resource; `informational`: a status that takes it off the list. */
  code: 'not-supported' | 'informational';
  diagnostics: string;
}

const UNCHECKED_CODE: Record<UncheckedMedication['kind'], OperationOutcomeIssue['code']> = {
  unreadable: 'incomplete',
  unresolved: 'not-found',
  ambiguous: 'multiple-matches',
  'not-reviewed': 'incomplete',
};

/** What the answer is built from: the check (none when there was nothing to check), its inputs and what it left out. */
export interface IssueBundleInput {
  result?: CheckInteractionsResult;
  byIndex: ReadonlyMap<number, FhirInputMedication>;
  unchecked: readonly UncheckedMedication[];
  skipped: readonly SkippedResource[];
}

/** Check warnings that ask the reader to confirm an entry (issue severity `warning`); the others are information. */
const CONFIRM_ENTRY = new Set(['fuzzy_match', 'no_longer_marketed']);

/** Warnings of the check already said by the not-checked issues. */
const SAID_ELSEWHERE = new Set(['incomplete_check', 'not_reviewed']);

/**
 * Turns a check of FHIR medications into the FHIR R4 answer: one `DetectedIssue` per finding (worst first) and one
 * `OperationOutcome` saying what was not checked, what was skipped, and the disclaimer. Pure: no Nest, no I/O.
 */
export class DetectedIssueBuilder {
  constructor(
    private readonly kbVersion: string,
    private readonly disclaimer: string,
    /** When the check ran (`identifiedDateTime`, `Bundle.timestamp`). */
    private readonly at: string,
  ) {}

  bundle(input: IssueBundleInput): Bundle {
    const { result, byIndex } = input;
    const patient = commonSubject([...byIndex.values()]);
    const entries: BundleEntry[] = (result?.interactions ?? []).map((f) => this.entry(f, byIndex, patient));
    entries.push({ fullUrl: `urn:uuid:${nameBasedUuid('vigil-fhir-outcome', `${this.at}\u0000${entries.length}`)}`, resource: this.outcome(input) });
    return { resourceType: 'Bundle', type: 'collection', timestamp: this.at, entry: entries };
  }

  entry(f: InteractionFinding, byIndex: ReadonlyMap<number, FhirInputMedication>, patient?: string): BundleEntry<DetectedIssue> {
    const meds = f.participants.map((p) => ({ p, m: byIndex.get(p.index) }));
    const implicated: Reference[] = meds.map(({ p, m }) => ({
      ...(m?.reference ? { reference: m.reference } : {}),
      display: !m || m.label.toLowerCase() === p.ingredient.toLowerCase() ? p.ingredient : `${m.label} (${p.ingredient})`,
    }));
    const detail = [`${f.summary.replace(/\.\s*$/, '')}. ${f.consequence}`];
    if (f.mechanism) detail.push(`Mechanism: ${f.mechanism}`);
    if (f.management) detail.push(`Management: ${f.management}`);
    detail.push(`Vigil rule ${f.ruleId}, knowledge base ${this.kbVersion}.`);
    const citations = f.evidence?.citations ?? [];
    const url = citations.find((c) => c.url)?.url;
    const issue: DetectedIssue = {
      resourceType: 'DetectedIssue',
      extension: [{ url: VIGIL_SEVERITY_EXTENSION, valueCode: f.severity }],
      identifier: [{ system: VIGIL_RULE_SYSTEM, value: f.ruleId }],
      status: 'final',
      code: {
        coding: [
          f.kind === 'duplicate-therapy'
            ? { system: V3_ACT_CODE, code: 'DUPTHPY', display: 'Duplicate Therapy Alert' }
            : { system: V3_ACT_CODE, code: 'DRG', display: 'Drug Interaction Alert' },
        ],
        text: f.title,
      },
      severity: FHIR_SEVERITY[f.severity],
      ...(patient ? { patient: { reference: patient } } : {}),
      identifiedDateTime: this.at,
      author: { display: 'Vigil drug interaction check' },
      implicated,
      detail: detail.join('\n\n'),
      ...(url ? { reference: url } : {}),
      ...(f.evidence
        ? {
            evidence: [
              {
                code: [{ text: `Evidence level: ${f.evidence.level}` }],
                ...(citations.length ? { detail: citations.slice(0, 5).map((c) => ({ display: `${c.title}${c.section ? `, ${c.section}` : ''}` })) } : {}),
              },
            ],
          }
        : {}),
    };
    const key = `${f.ruleId}\u0000${meds.map(({ p, m }) => m?.ref ?? p.index).join('\u0000')}`;
    return { fullUrl: `urn:uuid:${nameBasedUuid('vigil-fhir-issue', key)}`, resource: issue };
  }

  outcome({ result, byIndex, unchecked, skipped }: IssueBundleInput): OperationOutcome {
    const issues: OperationOutcomeIssue[] = [];
    if (unchecked.length > 0) {
      issues.push({
        severity: 'warning',
        code: 'incomplete',
        details: { coding: [{ system: VIGIL_CHECK_WARNING_SYSTEM, code: 'incomplete_check' }] },
        diagnostics: `The check is incomplete: ${unchecked.length} medication${unchecked.length === 1 ? ' was' : 's were'} not checked. No DetectedIssue for ${unchecked.length === 1 ? 'it' : 'them'} does not mean no interaction.`,
      });
    }
    for (const u of unchecked) {
      const m = u.medication as FhirInputMedication;
      issues.push({
        severity: 'warning',
        code: UNCHECKED_CODE[u.kind],
        details: { coding: [{ system: VIGIL_CHECK_WARNING_SYSTEM, code: u.kind === 'not-reviewed' ? 'not_reviewed' : 'incomplete_check' }], text: `Not checked: ${m.label}` },
        diagnostics: `Not checked for interactions: ${m.label} (${m.ref}): ${u.reason}.`,
        ...(m.expression ? { expression: [m.expression] } : {}),
      });
    }
    for (const w of result?.warnings ?? []) {
      if (SAID_ELSEWHERE.has(w.code)) continue;
      const expression = (w.indexes ?? []).map((i) => byIndex.get(i)?.expression).filter((e): e is string => e !== undefined);
      issues.push({
        severity: CONFIRM_ENTRY.has(w.code) ? 'warning' : 'information',
        code: 'informational',
        details: { coding: [{ system: VIGIL_CHECK_WARNING_SYSTEM, code: w.code }] },
        diagnostics: w.message,
        ...(expression.length ? { expression } : {}),
      });
    }
    for (const s of skipped) {
      issues.push({ severity: s.code === 'not-supported' ? 'warning' : 'information', code: s.code, diagnostics: s.diagnostics, expression: [s.expression] });
    }
    const prospective = result?.summary.prospective;
    if (prospective) {
      issues.push({
        severity: 'information',
        code: 'informational',
        diagnostics: `Prospective screening of ${prospective.proposed.length} new order${prospective.proposed.length === 1 ? '' : 's'} (MedicationRequest with status draft): only issues involving a new order are listed; ${prospective.currentListFindingsOmitted} among the current medications only ${prospective.currentListFindingsOmitted === 1 ? 'is' : 'are'} left out.`,
      });
    }
    issues.push({ severity: 'information', code: 'informational', diagnostics: `Knowledge base ${this.kbVersion}. ${this.disclaimer}` });
    return { resourceType: 'OperationOutcome', issue: issues };
  }
}

/** The one patient every medication names as its subject, if they agree. */
function commonSubject(meds: readonly FhirInputMedication[]): string | undefined {
  const subjects = new Set(meds.map((m) => m.subject).filter((s): s is string => s !== undefined));
  return subjects.size === 1 ? [...subjects][0] : undefined;
}
