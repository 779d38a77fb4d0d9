import { SEVERITIES, SEVERITY_MEANINGS, SeveritySchema } from './severity';

describe('Severity', () => {
  it('documents every severity, in order, in the schema integrators read', () => {
    const description = SeveritySchema.meta()?.description ?? '';
    const positions = SEVERITIES.map((s) => description.indexOf(`\`${s}\`: ${SEVERITY_MEANINGS[s]}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
