import type { Bundle, DetectedIssue, OperationOutcome } from '@medplum/fhirtypes';
import type { CheckInteractionsResult, InteractionFinding, Severity } from '@vigil/contracts';
import { FhirR4Validator } from '../../test/support/fhir-r4.validator';
import { DetectedIssueBuilder, type FhirInputMedication } from './detected-issue.builder';

const finding = (severity: Severity, kind: InteractionFinding['kind'] = 'drug-drug'): InteractionFinding => ({
  id: 'f1',
  ruleId: 'warfarin--ketorolac',
  kind,
  severity,
  severityBySource: { 'vigil-curated': severity },
  sources: ['vigil-curated'],
  participants: [
    { index: 0, ingredient: 'ketorolac', ingredientId: 'ketorolac' },
    { index: 1, ingredient: 'warfarin', ingredientId: 'warfarin' },
  ],
  title: 'ketorolac + warfarin',
  summary: 'Ketorolac with warfarin raises the risk of serious bleeding.',
  consequence: 'Serious bleeding.',
  mechanism: 'Antiplatelet effect plus anticoagulation.',
  management: 'Avoid.',
  evidence: { level: 'established', citations: [{ source: 'fda-label', title: 'Ketorolac label', section: '5.3', url: 'https://example.org/k', sources: ['vigil-curated'] }] },
  risks: ['bleeding'],
});

const med = (ref: string, label: string, extra: Partial<FhirInputMedication> = {}): FhirInputMedication => ({
  ref,
  label,
  origin: 'current',
  candidates: [label],
  proposed: false,
  expression: `Bundle.entry[${ref.length}].resource`,
  ...extra,
});

const result = (interactions: InteractionFinding[], extra: Partial<CheckInteractionsResult> = {}): CheckInteractionsResult =>
  ({ interactions, warnings: [], summary: { prospective: null }, ...extra }) as unknown as CheckInteractionsResult;

describe('DetectedIssueBuilder', () => {
  const validator = new FhirR4Validator();
  const builder = new DetectedIssueBuilder('2026.11.25', 'Decision support only.', '2026-11-25T10:00:00.000Z');
  const byIndex = new Map([
    [0, med('MedicationRequest/new', 'Ketorolac 10 MG', { reference: 'MedicationRequest/new', proposed: true, origin: 'draft', subject: 'Patient/1' })],
    [1, med('#entry1', 'warfarin', { subject: 'Patient/1' })],
  ]);

  it.each([
    ['contraindicated', 'drug-drug', 'high', 'DRG'],
    ['major', 'class', 'high', 'DRG'],
    ['moderate', 'pathway', 'moderate', 'DRG'],
    ['minor', 'additive', 'low', 'DRG'],
    ['unknown', 'drug-drug', 'low', 'DRG'],
    ['moderate', 'duplicate-therapy', 'moderate', 'DUPTHPY'],
  ] as const)('%s %s finding → severity %s, code %s, valid FHIR R4', (severity, kind, fhirSeverity, code) => {
    const bundle = builder.bundle({ result: result([finding(severity, kind)]), byIndex, unchecked: [], skipped: [] });
    const issue = bundle.entry![0].resource as DetectedIssue;
    expect(issue.severity).toBe(fhirSeverity);
    expect(issue.code!.coding![0].code).toBe(code);
    expect(issue.extension).toEqual([{ url: 'https://vigil.dev/fhir/StructureDefinition/interaction-severity', valueCode: severity }]);
    expect(validator.errors(bundle)).toEqual([]);
  });

  it('implicates inputs by reference when they have one, by name otherwise; the patient only when every input agrees', () => {
    const issue = builder.entry(finding('major'), byIndex, 'Patient/1').resource!;
    expect(issue.implicated).toEqual([{ reference: 'MedicationRequest/new', display: 'Ketorolac 10 MG (ketorolac)' }, { display: 'warfarin' }]);
    expect(issue.patient).toEqual({ reference: 'Patient/1' });
    expect(issue.detail).toBe(
      'Ketorolac with warfarin raises the risk of serious bleeding. Serious bleeding.\n\nMechanism: Antiplatelet effect plus anticoagulation.\n\nManagement: Avoid.\n\nVigil rule warfarin--ketorolac, knowledge base 2026.11.25.',
    );
    expect(issue.reference).toBe('https://example.org/k');
    expect(issue.evidence).toEqual([{ code: [{ text: 'Evidence level: established' }], detail: [{ display: 'Ketorolac label, 5.3' }] }]);
    const mixed = new Map([...byIndex, [1, med('#entry1', 'warfarin', { subject: 'Patient/2' })]]);
    const bundle = builder.bundle({ result: result([finding('major')]), byIndex: mixed, unchecked: [], skipped: [] });
    expect((bundle.entry![0].resource as DetectedIssue).patient).toBeUndefined();
  });

  it('gives the same finding between the same inputs the same fullUrl, and different inputs a different one', () => {
    const a = builder.entry(finding('major'), byIndex).fullUrl;
    expect(builder.entry(finding('major'), byIndex).fullUrl).toBe(a);
    expect(a).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const other = new Map([...byIndex, [1, med('MedicationRequest/w2', 'warfarin')]]);
    expect(builder.entry(finding('major'), other).fullUrl).not.toBe(a);
  });

  it.each([
    ['unreadable', 'incomplete', 'incomplete_check'],
    ['unresolved', 'not-found', 'incomplete_check'],
    ['ambiguous', 'multiple-matches', 'incomplete_check'],
    ['not-reviewed', 'incomplete', 'not_reviewed'],
  ] as const)('a medication not checked (%s) is a warning issue %s with its FHIRPath', (kind, issueType, warning) => {
    const unchecked = [{ medication: med('MedicationStatement/x', 'Xyzzy', { expression: 'Parameters.parameter[3].resource' }), kind, reason: 'because' }];
    const bundle: Bundle = builder.bundle({ result: undefined, byIndex: new Map(), unchecked, skipped: [] });
    const outcome = bundle.entry!.at(-1)!.resource as OperationOutcome;
    expect(outcome.issue[0]).toMatchObject({
      severity: 'warning',
      code: 'incomplete',
      diagnostics: expect.stringMatching(/^The check is incomplete: 1 medication was not checked/),
    });
    expect(outcome.issue[1]).toEqual({
      severity: 'warning',
      code: issueType,
      details: { coding: [{ system: 'https://vigil.dev/fhir/check-warning', code: warning }], text: 'Not checked: Xyzzy' },
      diagnostics: 'Not checked for interactions: Xyzzy (MedicationStatement/x): because.',
      expression: ['Parameters.parameter[3].resource'],
    });
    expect(outcome.issue.at(-1)).toEqual({ severity: 'information', code: 'informational', diagnostics: 'Knowledge base 2026.11.25. Decision support only.' });
    expect(validator.errors(bundle)).toEqual([]);
  });

  it('passes on the check’s own warnings (not those the not-checked issues already say), with the inputs’ FHIRPaths', () => {
    const warnings = [
      { code: 'fuzzy_match', message: '"warfrin" was read as warfarin', indexes: [1] },
      { code: 'incomplete_check', message: 'said elsewhere' },
      { code: 'split_combination', message: 'a combination was split', indexes: [0] },
      { code: 'no_longer_marketed', message: 'No longer marketed in the US: "Propulsid" (#0, cisapride: withdrawn 2000)', indexes: [0] },
    ] as CheckInteractionsResult['warnings'];
    const outcome = builder.outcome({ result: result([], { warnings }), byIndex, unchecked: [], skipped: [] });
    expect(outcome.issue.map((i) => [i.severity, i.details?.coding?.[0].code, i.expression])).toEqual([
      ['warning', 'fuzzy_match', ['Bundle.entry[7].resource']],
      ['information', 'split_combination', ['Bundle.entry[21].resource']],
      // A drug off the US market asks the reader to confirm the entry, like a spelling correction.
      ['warning', 'no_longer_marketed', ['Bundle.entry[21].resource']],
      ['information', undefined, undefined],
    ]);
  });
});
