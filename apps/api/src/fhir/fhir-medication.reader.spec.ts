import { FhirMedicationReader, RXNORM_SYSTEM } from './fhir-medication.reader';

const rx = (code: string, display?: string) => ({ system: RXNORM_SYSTEM, code, ...(display ? { display } : {}) });

describe('FhirMedicationReader', () => {
  const reader = new FhirMedicationReader([
    { resource: { resourceType: 'Medication', id: 'm-bundled', code: { coding: [rx('11289', 'warfarin')] } } },
    { resource: { resourceType: 'Medication', id: 'x' }, fullUrl: 'urn:uuid:1234' },
  ]);

  it.each([
    [
      'RxNorm codes first, then displays, then text',
      {
        resourceType: 'MedicationRequest',
        id: 'a',
        status: 'draft',
        medicationCodeableConcept: { text: 'Coumadin 5 mg', coding: [rx('855332', 'Warfarin Sodium 5 MG Oral Tablet'), { system: 'urn:x', code: 'y', display: 'Coumadin' }] },
      },
      'draft',
      ['rx:855332', 'Warfarin Sodium 5 MG Oral Tablet', 'Coumadin', 'Coumadin 5 mg'],
      'Coumadin 5 mg',
    ],
    [
      'a non-RxNorm code is never used as an RxCUI',
      { resourceType: 'MedicationStatement', id: 'b', status: 'active', medicationCodeableConcept: { coding: [{ system: 'urn:oid:2.16.840.1.113883.6.69', code: '0056-0172' }] } },
      'current',
      [],
      'MedicationStatement/b',
    ],
    [
      'a contained Medication',
      {
        resourceType: 'MedicationRequest',
        id: 'c',
        status: 'draft',
        contained: [{ resourceType: 'Medication', id: 'm1', code: { text: 'Zocor 40 mg' } }],
        medicationReference: { reference: '#m1' },
      },
      'draft',
      ['Zocor 40 mg'],
      'Zocor 40 mg',
    ],
    [
      'a Medication elsewhere in the request',
      { resourceType: 'MedicationRequest', id: 'd', status: 'active', medicationReference: { reference: 'Medication/m-bundled' } },
      'current',
      ['rx:11289', 'warfarin'],
      'warfarin',
    ],
    [
      'a reference that resolves nowhere falls back to its display',
      { resourceType: 'MedicationRequest', id: 'e', status: 'active', medicationReference: { reference: 'Medication/none', display: 'aspirin 81 mg' } },
      'current',
      ['aspirin 81 mg'],
      'aspirin 81 mg',
    ],
    [
      'no id: the text is the label (the reference is positional)',
      { resourceType: 'MedicationRequest', status: 'draft', medicationCodeableConcept: { text: 'ibuprofen' } },
      'draft',
      ['ibuprofen'],
      'ibuprofen',
    ],
  ])('%s', (_label, resource, origin, candidates, label) => {
    const read = reader.read(resource, origin as 'draft' | 'current', '#pos');
    expect('reason' in read).toBe(false);
    if ('reason' in read) return;
    expect(read.candidates.map((c) => (typeof c === 'string' ? c : `rx:${c.rxcui}`))).toEqual(candidates);
    expect(read.label).toBe(label);
  });

  it.each([
    ['draft', 'entered-in-error', true],
    ['draft', 'cancelled', true],
    ['draft', 'draft', false],
    ['draft', 'active', false],
    ['current', 'active', false],
    ['current', 'on-hold', false],
    ['current', 'intended', false],
    ['current', 'stopped', true], // no end date: nothing says when, so it is left out (and said so)
    ['current', 'completed', true],
    ['current', 'entered-in-error', true],
    ['current', 'not-taken', true],
  ])('a %s resource with status %s is ignored: %s', (origin, status, ignored) => {
    const read = reader.read({ resourceType: 'MedicationRequest', id: 'z', status, medicationCodeableConcept: { text: 'warfarin' } }, origin as 'draft' | 'current', '#p');
    expect('reason' in read).toBe(ignored);
  });

  it('reads bundle entries (with full URLs) and accepts a single resource in place of a bundle', () => {
    expect(FhirMedicationReader.entries({ resourceType: 'Bundle', entry: [{ fullUrl: 'u1', resource: { resourceType: 'MedicationRequest' } }, {}] })).toEqual([
      { resource: { resourceType: 'MedicationRequest' }, fullUrl: 'u1', index: 0 },
    ]);
    expect(FhirMedicationReader.entries({ resourceType: 'MedicationStatement', id: 's' })).toEqual([{ resource: { resourceType: 'MedicationStatement', id: 's' } }]);
    expect(FhirMedicationReader.entries(null)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    [
      'a stopped statement with effectivePeriod.end',
      { resourceType: 'MedicationStatement', status: 'stopped', effectivePeriod: { start: '2026-01-01', end: '2026-11-20' } },
      '2026-11-20',
    ],
    ['a completed statement with effectiveDateTime', { resourceType: 'MedicationStatement', status: 'completed', effectiveDateTime: '2026-11-18T09:30:00Z' }, '2026-11-18'],
    [
      'a stopped request with its validity period end',
      { resourceType: 'MedicationRequest', status: 'stopped', dispenseRequest: { validityPeriod: { end: '2026-10-01' } } },
      '2026-10-01',
    ],
    ['an end date still ahead counts from today', { resourceType: 'MedicationStatement', status: 'stopped', effectivePeriod: { end: '2027-01-01' } }, '2026-11-25'],
    ['a malformed end date is no date', { resourceType: 'MedicationStatement', status: 'stopped', effectivePeriod: { end: 'last week' } }, undefined],
  ])('%s → stoppedOn %s', (_label, resource, stoppedOn) => {
    const read = reader.read({ id: 's1', medicationCodeableConcept: { text: 'phenelzine' }, ...resource }, 'current', '#p', '2026-11-25');
    if (stoppedOn === undefined) {
      expect(read).toEqual({ ref: `${String(resource.resourceType)}/s1`, reason: expect.stringMatching(/with no end date$/) });
      return;
    }
    expect(read).toMatchObject({ stoppedOn, label: `phenelzine (stopped ${stoppedOn})`, candidates: ['phenelzine'] });
  });

  it.each<[string, string, string | undefined]>([
    ['6064005', 'Topical route', 'skin'],
    ['54485002', 'Ophthalmic route', 'eye'],
    ['10547007', 'Otic route', 'ear'],
    ['46713006', 'Nasal route', 'nasal'],
    ['447694001', 'Respiratory tract route', 'inhaled'],
    ['62226000', 'Intrauterine route', 'intrauterine'],
    ['26643006', 'Oral route', 'systemic'],
    ['78421000', 'Intramuscular route', 'systemic'],
  ])('dosage route %s (%s) → %s', (code, display, route) => {
    const resource = {
      resourceType: 'MedicationRequest',
      id: 'r1',
      status: 'draft',
      medicationCodeableConcept: { text: 'triamcinolone' },
      dosageInstruction: [{ route: { coding: [{ system: 'http://snomed.info/sct', code, display }] } }],
    };
    expect(reader.read(resource, 'draft', '#r')).toMatchObject({ route });
  });
});
