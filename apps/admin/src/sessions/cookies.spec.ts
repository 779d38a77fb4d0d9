import { parseCookies } from './cookies';

describe('parseCookies', () => {
  it.each([
    ['a=1; b=2', { a: '1', b: '2' }],
    ['a=1; a=2', { a: '1' }],
    ['ga=%zz; vigil_session=abc', { vigil_session: 'abc' }],
    ['x=%E0%A4%A; y=%20ok', { y: ' ok' }],
    ['vigil_session=%zz', {}],
    ['toString=1; constructor=2', { toString: '1', constructor: '2' }],
    ['novalue; =empty; c=3', { c: '3' }],
  ])('%s', (header, expected) => {
    expect({ ...parseCookies(header) }).toEqual(expected);
  });
});
