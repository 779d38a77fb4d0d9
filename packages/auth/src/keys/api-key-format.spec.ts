import { checkKeyFormat, checksumOf, generateApiKey, hashApiKey, keyHint } from './api-key-format';

describe('API key format', () => {
  it('generates <prefix>_<30 base62><6 base62 CRC32> keys that validate', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey('vigil');
      expect(key).toMatch(/^vigil_[0-9A-Za-z]{36}$/);
      expect(checkKeyFormat('vigil', key)).toEqual({ ok: true });
    }
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey('acme1')));
    expect(keys.size).toBe(1000);
  });

  const good = generateApiKey('vigil');
  const body = good.slice(0, -6);
  const flip = (c: string) => (c === 'a' ? 'b' : 'a');
  it.each([
    ['wrong prefix', `other_${good.slice(6)}`, 'prefix'],
    ['no separator', good.replace('_', ''), 'prefix'],
    ['too short', good.slice(0, -1), 'length'],
    ['too long', `${good}x`, 'length'],
    ['bad alphabet', `${body.slice(0, -1)}-${good.slice(-6)}`, 'alphabet'],
    ['typo in secret', `${body.slice(0, 8)}${flip(body[8])}${body.slice(9)}${good.slice(-6)}`, 'checksum'],
    ['typo in checksum', `${body}${good.slice(-6, -1)}${flip(good.slice(-1))}`, 'checksum'],
    ['empty', '', 'prefix'],
  ])('rejects %s', (_name, key, reason) => {
    expect(checkKeyFormat('vigil', key)).toEqual({ ok: false, reason });
  });

  it('checksum is CRC32 in 6 fixed-width base62 characters', () => {
    expect(checksumOf('vigil_')).toHaveLength(6);
    expect(checksumOf('')).toBe('000000');
  });

  it('hashes with SHA-256 hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hint shows prefix, first 4 and last 4', () => {
    const key = 'vigil_ABCDefghijklmnopqrstuvwxyz0123456789';
    expect(keyHint('vigil', key)).toBe('vigil_ABCD…6789');
  });

  it('rejects an invalid prefix at generation', () => {
    expect(() => generateApiKey('Bad')).toThrow(/prefix/);
  });
});
