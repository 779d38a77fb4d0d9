import type { CheckInteractionsResult } from '@vigil/contracts';
import { InteractionEngine, loadCuratedKb } from '@vigil/engine';
import { CheckResponseSerializer } from './check-response.serializer';

describe('CheckResponseSerializer', () => {
  const kb = loadCuratedKb();
  const engine = new InteractionEngine();

  it.each<[string, unknown[], object]>([
    ['interactions and every optional field', ['Coumadin 5 mg', 'ibuprofen', 'tramadol', 'sertraline', 'clarithromycin', 'simvastatin'], {}],
    ['an unresolved input and a fuzzy match', ['warfarn', 'aspirin', 'notadrugatall'], {}],
    ['a severity filter and fewer fields', ['warfarin', 'aspirin', 'omeprazole', 'clopidogrel'], { minSeverity: 'major', include: ['evidence'] }],
    ['no interactions', ['metformin', 'lisinopril'], {}],
    ['a text that needs escaping', ['"quoted" \\ drug\n', 'aspirin'], {}],
  ])('writes the same bytes as JSON.stringify: %s', (_name, drugs, options) => {
    const result = engine.check(kb, drugs as never, options);
    const serializer = new CheckResponseSerializer();
    for (const id of ['req-1', 'req "2"']) expect(serializer.serialize(id, result)).toBe(JSON.stringify({ requestId: id, ...result }));
  });

  it('encodes the kb block per release, not once for all', () => {
    const serializer = new CheckResponseSerializer();
    const result = engine.check(kb, ['warfarin', 'aspirin']);
    const other: CheckInteractionsResult = { ...result, kb: { ...result.kb, version: 'kb-other' }, disclaimer: 'Another text.' };
    expect(JSON.parse(serializer.serialize('a', result)).kb.version).toBe(result.kb.version);
    expect(JSON.parse(serializer.serialize('b', other))).toMatchObject({ kb: { version: 'kb-other' }, disclaimer: 'Another text.' });
    expect(JSON.parse(serializer.serialize('c', result))).toMatchObject({ kb: { version: result.kb.version }, disclaimer: result.disclaimer });
  });
});
