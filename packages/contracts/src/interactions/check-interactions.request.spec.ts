import { validateWith } from '../validation/validate-with';
import { CheckInteractionsRequestSchema } from './check-interactions.request';

/** Every problem of a check body with its JSON pointer (empty = valid), as the API reports them. */
const validateCheckRequest = (body: unknown) => {
  const r = validateWith(CheckInteractionsRequestSchema, body);
  return r.success ? [] : r.errors;
};

describe('validateCheckRequest', () => {
  it.each([
    [{ drugs: ['warfarin', 'ibuprofen'] }],
    [{ drugs: ['Coumadin 5 mg', { name: 'tramadol' }, { rxcui: '1191' }, { atc: 'N06AB06' }, { id: 'x', ndc: '0093-0311-01' }] }],
    [{ drugs: ['a', 'b'], options: { minSeverity: 'minor', include: ['evidence', 'mechanism', 'management'] } }],
    [{ drugs: Array(100).fill('aspirin') }],
    [{ drugs: ['tramadol + sertraline'] }],
    [{ drugs: ['warfarin', { name: 'clarithromycin', proposed: true }, { rxcui: '36567', proposed: false }] }],
    [{ drugs: ['phenelzine', { name: 'fluoxetine', stoppedOn: '2026-10-01' }, { rxcui: '36567', stoppedOn: '2026-10-01T09:30:00-05:00' }] }],
    [{ drugs: [{ name: 'fluoxetine', stoppedOn: '2024-02-29' }] }],
    [{ drugs: [{ name: 'fluoxetine', stoppedOn: new Date().toISOString().slice(0, 10) }] }],
  ])('accepts %j', (body) => expect(validateCheckRequest(body)).toEqual([]));

  it.each([
    [null, '', 'type'],
    [[], '', 'type'],
    [{}, '/drugs', 'type'],
    [{ drugs: [] }, '/drugs', 'min_items'],
    [{ drugs: ['a', { name: 'b', proposed: 'yes' }] }, '/drugs/1/proposed', 'type'],
    [{ drugs: Array(101).fill('x') }, '/drugs', 'max_items'],
    [{ drugs: ['a', { name: 'b', stoppedOn: '01/10/2026' }] }, '/drugs/1/stoppedOn', 'format'],
    [{ drugs: ['a', { name: 'b', stoppedOn: '2026-02-30' }] }, '/drugs/1/stoppedOn', 'format'],
    [{ drugs: ['a', { name: 'b', stoppedOn: 20261001 }] }, '/drugs/1/stoppedOn', 'type'],
    [{ drugs: ['a', { name: 'b', stoppedOn: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) }] }, '/drugs/1/stoppedOn', 'future_date'],
    [{ drugs: ['a', { name: 'b', proposed: true, stoppedOn: '2026-10-01' }] }, '/drugs/1/stoppedOn', 'conflict'],
    [{ drugs: ['a', ''] }, '/drugs/1', 'empty'],
    [{ drugs: ['a', '   '] }, '/drugs/1', 'empty'],
    [{ drugs: ['a', 5] }, '/drugs/1', 'type'],
    [{ drugs: ['a', null] }, '/drugs/1', 'type'],
    [{ drugs: ['a', {}] }, '/drugs/1', 'one_identifier'],
    [{ drugs: ['a', { name: 'x', rxcui: '1' }] }, '/drugs/1', 'one_identifier'],
    [{ drugs: ['a', { rxcui: 'abc' }] }, '/drugs/1/rxcui', 'format'],
    [{ drugs: ['a', { rxcui: 1191 }] }, '/drugs/1/rxcui', 'type'],
    [{ drugs: ['a', { atc: 'ZZZ' }] }, '/drugs/1/atc', 'format'],
    [{ drugs: ['a', { name: 'x', dose: '5mg' }] }, '/drugs/1/dose', 'unknown_field'],
    [{ drugs: ['a', 'b'], extra: 1 }, '/extra', 'unknown_field'],
    [{ drugs: ['a', 'b'], options: { minSeverity: 'severe' } }, '/options/minSeverity', 'enum'],
    [{ drugs: ['a', 'b'], options: { include: ['everything'] } }, '/options/include/0', 'enum'],
    [{ drugs: ['a', 'b'], options: { verbose: true } }, '/options/verbose', 'unknown_option'],
    [{ drugs: ['a', 'b'], options: [] }, '/options', 'type'],
    [{ drugs: ['a', 'x'.repeat(201)] }, '/drugs/1', 'max_length'],
  ])('rejects %j at %s (%s)', (body, pointer, code) => {
    expect(validateCheckRequest(body)).toContainEqual(expect.objectContaining({ pointer, code }));
  });
});
