import { writeFileSync } from 'node:fs';
import type { Bundle, DetectedIssue, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedKey } from '@vigil/testing';
import { FhirR4Validator } from './support/fhir-r4.validator';
import { type RunningApi, startApi } from './support/start-api';

type Json = Record<string, any>;

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const request = (id: string, status: string, concept: Json, extra: Json = {}) => ({
  resourceType: 'MedicationRequest',
  id,
  status,
  intent: 'order',
  subject: { reference: 'Patient/p1' },
  medicationCodeableConcept: concept,
  ...extra,
});

describe('FHIR R4 $check-interactions', () => {
  let db: TestDatabase;
  let api: RunningApi;
  let key: string;
  let validator: FhirR4Validator;
  /** Every resource the API emitted in this suite, for the validator report. */
  const emitted: { name: string; resource: Resource }[] = [];

  beforeAll(async () => {
    validator = new FhirR4Validator();
    db = await createTestDatabase();
    api = await startApi({ REDIS_URL: '' }, db);
    key = (await seedKey(db.url)).key;
  });
  afterAll(async () => {
    // The validator's verdict on everything the API emitted here (the closing note quotes it).
    const report = emitted.map(({ name, resource }) => `${name}: ${resource.resourceType}, ${validator.errors(resource).length} errors`);
    if (process.env.FHIR_VALIDATOR_REPORT) writeFileSync(process.env.FHIR_VALIDATOR_REPORT, `${report.join('\n')}\n`);
    await api.close();
    await db.drop();
  });

  const post = async (name: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}/fhir/r4/$check-interactions`, {
      method: 'POST',
      // An empty value leaves the header out.
      headers: Object.fromEntries(Object.entries({ 'content-type': 'application/fhir+json', 'x-api-key': key, ...headers }).filter(([, v]) => v !== '')),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const json = /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined;
    if (json?.resourceType) emitted.push({ name, resource: json });
    return { res, body: json };
  };
  const issues = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource).filter((r): r is DetectedIssue => r?.resourceType === 'DetectedIssue');
  const outcomeOf = (bundle: Bundle) => bundle.entry!.at(-1)!.resource as OperationOutcome;

  it('screens a draft order against the current list: a DetectedIssue per finding, valid FHIR R4', async () => {
    const { res, body } = await post('prospective bundle', {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: 'https://ehr.example/fhir/MedicationRequest/w1', resource: request('w1', 'active', { coding: [{ system: RXNORM, code: '11289', display: 'warfarin' }] }) },
        { resource: request('s1', 'active', { text: 'simvastatin 40 mg tablet' }) },
        { resource: request('c1', 'active', { text: 'clarithromycin 500 mg' }) },
        { resource: request('new-1', 'draft', { text: 'Ibuprofen 400 MG Oral Tablet' }) },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(body).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validator.errors(body)).toEqual([]);
    const found = issues(body);
    // Only findings involving the new order: simvastatin × clarithromycin (current list only) is left out and counted.
    expect(found.length).toBeGreaterThan(0);
    for (const issue of found) expect(issue.implicated!.map((r) => r.reference)).toContain('MedicationRequest/new-1');
    const warfarin = found.find((i) => i.implicated!.some((r) => r.reference === 'MedicationRequest/w1'))!;
    expect(warfarin).toMatchObject({
      status: 'final',
      severity: 'high',
      code: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'DRG' }] },
      patient: { reference: 'Patient/p1' },
      identifier: [{ system: 'https://vigil.dev/fhir/rule' }],
    });
    expect(warfarin.detail).toMatch(/Management:/);
    expect(warfarin.reference).toMatch(/^https?:\/\//);
    expect(warfarin.evidence![0].code![0].text).toMatch(/^Evidence level: /);
    expect(warfarin.extension).toEqual([{ url: 'https://vigil.dev/fhir/StructureDefinition/interaction-severity', valueCode: expect.stringMatching(/^(major|contraindicated)$/) }]);
    expect(found.some((i) => i.implicated!.some((r) => r.reference === 'MedicationRequest/s1') && i.implicated!.some((r) => r.reference === 'MedicationRequest/c1'))).toBe(false);
    const outcome = outcomeOf(body);
    expect(outcome.issue.map((i) => i.diagnostics).join('\n')).toMatch(/Prospective screening of 1 new order.*[1-9]\d* among the current medications only/s);
    expect(outcome.issue.at(-1)).toMatchObject({ severity: 'information', code: 'informational', diagnostics: expect.stringMatching(/^Knowledge base .*not a substitute/) });
    // Stable ids: the same call gives the same fullUrls.
    const again = await post('prospective bundle (again)', {
      resourceType: 'Bundle',
      entry: [{ resource: request('w1', 'active', { coding: [{ system: RXNORM, code: '11289' }] }) }, { resource: request('new-1', 'draft', { text: 'ibuprofen' }) }],
    });
    expect(issues(again.body).map((i) => i.identifier)).toEqual([warfarin.identifier]);
  });

  it('reads Parameters, contained and bare Medications, and names everything it did not check', async () => {
    const { res, body } = await post('parameters with unchecked', {
      resourceType: 'Parameters',
      parameter: [
        {
          name: 'medication',
          resource: {
            resourceType: 'MedicationStatement',
            id: 'ms1',
            status: 'active',
            subject: { reference: 'Patient/p1' },
            medicationReference: { reference: '#m' },
            contained: [{ resourceType: 'Medication', id: 'm', code: { coding: [{ system: 'http://snomed.info/sct', code: '372756006', display: 'Warfarin' }] } }],
          },
        },
        { name: 'medication', resource: { resourceType: 'Medication', id: 'aspirin', code: { text: 'aspirin 81 mg' } } },
        { name: 'medication', resource: { resourceType: 'MedicationStatement', id: 'ms2', status: 'completed', medicationCodeableConcept: { text: 'fluconazole' } } },
        { name: 'medication', resource: { resourceType: 'MedicationStatement', id: 'ms3', status: 'active', medicationCodeableConcept: { text: 'Xyzzyplex 10 mg' } } },
        { name: 'medication', resource: { resourceType: 'Patient', id: 'p1' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(validator.errors(body)).toEqual([]);
    const found = issues(body);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0].implicated!.map((r) => r.reference).sort()).toEqual(['Medication/aspirin', 'MedicationStatement/ms1']);
    expect(found.every((i) => !JSON.stringify(i).includes('fluconazole'))).toBe(true);
    const outcome = outcomeOf(body);
    expect(outcome.issue[0]).toMatchObject({ severity: 'warning', code: 'incomplete', diagnostics: expect.stringMatching(/1 medication was not checked/) });
    expect(outcome.issue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'warning', code: 'not-found', expression: ['Parameters.parameter[3].resource'], diagnostics: expect.stringMatching(/Xyzzyplex/) }),
        expect.objectContaining({
          severity: 'information',
          code: 'informational',
          expression: ['Parameters.parameter[2].resource'],
          diagnostics: expect.stringMatching(/status completed/),
        }),
        expect.objectContaining({
          severity: 'warning',
          code: 'not-supported',
          expression: ['Parameters.parameter[4].resource'],
          diagnostics: expect.stringMatching(/Patient is not a medication/),
        }),
      ]),
    );
    expect(outcome.issue.some((i) => /Prospective/.test(i.diagnostics ?? ''))).toBe(false);
  });

  it('keeps a recently stopped drug within its washout and reports one stopped longer ago (MAOI → new SSRI)', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const maoi = (end: string) => ({
      resourceType: 'MedicationStatement',
      id: 'maoi',
      status: 'stopped',
      subject: { reference: 'Patient/p1' },
      effectivePeriod: { start: '2026-01-01', end },
      medicationCodeableConcept: { text: 'phenelzine 15 mg' },
    });
    const newSsri = request('ssri', 'draft', { text: 'sertraline 50 mg tablet' });
    const recent = await post('stopped within washout', { resourceType: 'Bundle', entry: [{ resource: maoi(daysAgo(5)) }, { resource: newSsri }] });
    expect(recent.res.status).toBe(200);
    expect(validator.errors(recent.body)).toEqual([]);
    const found = issues(recent.body);
    expect(found.map((i) => i.severity)).toContain('high');
    expect(found[0].implicated).toEqual(
      expect.arrayContaining([{ reference: 'MedicationStatement/maoi', display: expect.stringMatching(/^phenelzine 15 mg \(stopped \d{4}-\d{2}-\d{2}\) \(phenelzine\)$/) }]),
    );
    expect(outcomeOf(recent.body).issue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ details: { coding: [expect.objectContaining({ code: 'stopped_within_washout' })] }, expression: ['Bundle.entry[0].resource'] }),
      ]),
    );
    const old = await post('stopped beyond washout', { resourceType: 'Bundle', entry: [{ resource: maoi(daysAgo(60)) }, { resource: newSsri }] });
    expect(issues(old.body).filter((i) => i.implicated!.some((r) => r.reference === 'MedicationStatement/maoi'))).toEqual([]);
    expect(outcomeOf(old.body).issue).toEqual(
      expect.arrayContaining([expect.objectContaining({ details: { coding: [expect.objectContaining({ code: 'stopped_beyond_washout' })] } })]),
    );
    expect(validator.errors(old.body)).toEqual([]);
  });

  it('reads the dosage route (SNOMED CT): a topical or ophthalmic product of a negligibly absorbed drug is reported, not checked', async () => {
    const route = (code: string, display: string) => ({ dosageInstruction: [{ route: { coding: [{ system: 'http://snomed.info/sct', code, display }] } }] });
    const statin = request('statin', 'active', { text: 'simvastatin 40 mg tablet' });
    const topical = request('keto', 'draft', { text: 'ketoconazole 2%' }, route('6064005', 'Topical route'));
    const local = await post('topical route', { resourceType: 'Bundle', entry: [{ resource: statin }, { resource: topical }] });
    expect(local.res.status).toBe(200);
    expect(validator.errors(local.body)).toEqual([]);
    expect(issues(local.body)).toEqual([]);
    expect(outcomeOf(local.body).issue).toEqual(
      expect.arrayContaining([expect.objectContaining({ details: { coding: [expect.objectContaining({ code: 'local_use_not_checked' })] } })]),
    );
    // The same drug with an oral route code is checked (contraindicated with simvastatin).
    const oral = request('keto', 'draft', { text: 'ketoconazole 2%' }, route('26643006', 'Oral route'));
    const systemic = await post('oral route', { resourceType: 'Bundle', entry: [{ resource: statin }, { resource: oral }] });
    expect(issues(systemic.body).map((i) => i.severity)).toContain('high');
    expect(validator.errors(systemic.body)).toEqual([]);
  });

  it('reads nasal and inhaled route codes: a nasal triamcinolone is not a systemic corticosteroid', async () => {
    const route = (code: string, display: string) => ({ dosageInstruction: [{ route: { coding: [{ system: 'http://snomed.info/sct', code, display }] } }] });
    const nsaid = request('nsaid', 'active', { text: 'ibuprofen 400 mg tablet' });
    const nasal = request('steroid', 'draft', { text: 'triamcinolone acetonide' }, route('46713006', 'Nasal route'));
    const sprayed = await post('nasal route', { resourceType: 'Bundle', entry: [{ resource: nsaid }, { resource: nasal }] });
    expect(sprayed.res.status).toBe(200);
    expect(issues(sprayed.body)).toEqual([]);
    expect(validator.errors(sprayed.body)).toEqual([]);
    // Injected (intramuscular route code), it is one: the corticosteroid + NSAID finding.
    const injected = request('steroid', 'draft', { text: 'triamcinolone acetonide' }, route('78421000', 'Intramuscular route'));
    const im = await post('intramuscular route', { resourceType: 'Bundle', entry: [{ resource: nsaid }, { resource: injected }] });
    expect(issues(im.body).map((i) => i.severity)).toEqual(['moderate']);
    expect(validator.errors(im.body)).toEqual([]);
  });

  it('accepts application/json too, and a bundle with no medications answers an outcome only', async () => {
    const { res, body } = await post('empty bundle', { resourceType: 'Bundle', type: 'collection' }, { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect(body.entry).toHaveLength(1);
    expect(body.entry[0].resource.resourceType).toBe('OperationOutcome');
    expect(validator.errors(body)).toEqual([]);
  });

  it.each([
    ['no key', { 'x-api-key': '' }, { resourceType: 'Bundle' }, 401, 'login', 'api_key_missing'],
    ['an unknown key', { 'x-api-key': 'vgl_live_000000000000000000000000000000000000000000' }, { resourceType: 'Bundle' }, 401, 'login', undefined],
    ['a resource that is not Bundle or Parameters', undefined, { resourceType: 'Patient' }, 400, 'invalid', 'validation_failed'],
    [
      'a Parameters with an unknown parameter',
      undefined,
      { resourceType: 'Parameters', parameter: [{ name: 'patient', resource: { resourceType: 'Patient' } }] },
      400,
      'invalid',
      'validation_failed',
    ],
  ])('refuses %s with an OperationOutcome', async (name, headers, body, status, issueType, code) => {
    const res = await post(`refusal: ${name}`, body, headers ?? {});
    expect(res.res.status).toBe(status);
    expect(res.res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(res.res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0]).toMatchObject({ severity: 'error', code: issueType });
    expect(res.body.issue[0].details.coding[0].system).toBe('https://vigil.dev/problems/');
    if (code) expect(res.body.issue[0].details.coding[0].code).toBe(code);
    expect(validator.errors(res.body)).toEqual([]);
    if (name.startsWith('a Parameters')) expect(res.body.issue[1]).toMatchObject({ code: 'invalid', expression: ['Parameters.parameter[0].name'] });
  });

  it('refuses a key without the interactions:check scope with 403 forbidden', async () => {
    const narrow = (await seedKey(db.url, { scopes: ['drugs:read'] })).key;
    const { res, body } = await post('refusal: scope', { resourceType: 'Bundle' }, { 'x-api-key': narrow });
    expect(res.status).toBe(403);
    expect(body.issue[0]).toMatchObject({ code: 'forbidden', details: { coding: [{ code: 'insufficient_scope' }] } });
    expect(validator.errors(body)).toEqual([]);
  });

  it('bounds its work: a body over the route limit is 413 before parsing, more than 500 medications is a 400', async () => {
    const small = await startApi({ REDIS_URL: '', API_CDS_BODY_LIMIT: '4096' }, db);
    try {
      const res = await fetch(`${small.url}/fhir/r4/$check-interactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/fhir+json', 'x-api-key': key },
        body: JSON.stringify({ resourceType: 'Bundle', entry: Array.from({ length: 100 }, (_, i) => ({ resource: request(`m${i}`, 'active', { text: 'warfarin' }) })) }),
      });
      expect([res.status, (await res.json()).code]).toEqual([413, 'payload_too_large']);
    } finally {
      await small.close();
    }
    const many = await post('too many medications', {
      resourceType: 'Bundle',
      entry: Array.from({ length: 501 }, (_, i) => ({ resource: request(`m${i}`, 'active', { text: 'aspirin' }) })),
    });
    expect(many.res.status).toBe(400);
    expect(many.body.issue[0]).toMatchObject({ code: 'invalid', details: { coding: [expect.objectContaining({ code: 'validation_failed' })] } });
    expect(many.body.issue[1].diagnostics).toMatch(/at most 500 medications/);
  });

  it('the validator is real: it finds errors in broken resources', () => {
    const broken = { resourceType: 'DetectedIssue', status: 'final', severity: 'severe', implicated: [{}], bogus: true } as unknown as Resource;
    const errors = validator.errors(broken);
    expect(errors.join('\n')).toMatch(/bogus/);
    expect(errors.join('\n')).toMatch(/severity/);
    expect(
      validator.errors({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'OperationOutcome', issue: [] } }] } as unknown as Resource),
    ).not.toEqual([]);
  });
});
