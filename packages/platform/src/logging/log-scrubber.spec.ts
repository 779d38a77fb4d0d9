import { generateApiKey } from '@vigil/auth';
import { loggedHeaders, loggedUrl, maskKeys } from './log-scrubber';

describe('log scrubbing', () => {
  const key = generateApiKey('vigil');
  const other = generateApiKey('acme2');

  it.each([
    ['a key in a sentence', `lookup for ${key} failed`, 'lookup for vigil_[redacted] failed'],
    ['a key of another prefix in JSON', `{"url":"/v1/key?k=${other}"}`, '{"url":"/v1/key?k=acme2_[redacted]"}'],
    ['two keys', `${key},${key}`, 'vigil_[redacted],vigil_[redacted]'],
    ['a shorter token is left alone', 'vigil_abc and snake_case_words', 'vigil_abc and snake_case_words'],
    ['a longer run is not a key', `x_${'a'.repeat(40)}`, `x_${'a'.repeat(40)}`],
  ])('maskKeys: %s', (_n, line, expected) => {
    expect(maskKeys(line)).toBe(expected);
  });

  it.each([
    ['/v1/key', '/v1/key'],
    ['/v1/drugs/search?q=warf&limit=5', '/v1/drugs/search?q=warf&limit=5'],
    ['/v1/key?api_key=abc&q=1', '/v1/key?api_key=[redacted]&q=1'],
    ['/verify?token=abc', '/verify?token=[redacted]'],
    ['/x?apikey=1&x-api-token=2&flag', '/x?apikey=[redacted]&x-api-token=[redacted]&flag'],
    ['/x?%zz=1', '/x?%zz=1'],
  ])('loggedUrl(%s)', (url, expected) => {
    expect(loggedUrl(url)).toBe(expected);
  });

  it('keeps only allow-listed headers', () => {
    const headers = {
      host: 'h',
      'user-agent': 'ua',
      'x-api-key': key,
      'api-key': key,
      apikey: key,
      'x-api-token': key,
      'proxy-authorization': `Basic ${key}`,
      authorization: 'Bearer t',
      cookie: 's=1',
      'x-request-id': 'r1',
    };
    expect(loggedHeaders(headers)).toEqual({ host: 'h', 'user-agent': 'ua', 'x-request-id': 'r1' });
  });
});
