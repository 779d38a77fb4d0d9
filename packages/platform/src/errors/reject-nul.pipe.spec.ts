import { RejectNulPipe, nulPointers } from './reject-nul.pipe';

describe('nulPointers', () => {
  it.each([
    [{ label: 'ok' }, []],
    [{ label: 'a\u0000b' }, ['/label']],
    [{ a: [{ b: 'x' }, { b: '\u0000' }] }, ['/a/1/b']],
    [{ 'a/b': '\u0000' }, ['/a~1b']],
    ['\u0000', ['/']],
    [42, []],
  ])('%j → %j', (value, expected) => {
    expect(nulPointers(value)).toEqual(expected);
  });
});

describe('RejectNulPipe', () => {
  const pipe = new RejectNulPipe();
  it('passes clean values through unchanged', () => {
    const v = { q: 'warfarin' };
    expect(pipe.transform(v, { type: 'query' })).toBe(v);
  });
  it('refuses a NUL in a query parameter with validation_failed and a pointer', () => {
    expect(() => pipe.transform({ q: 'a\u0000b' }, { type: 'query' })).toThrow(
      expect.objectContaining({ key: 'ValidationFailed', errors: [expect.objectContaining({ pointer: '/query/q' })] }),
    );
  });
});
