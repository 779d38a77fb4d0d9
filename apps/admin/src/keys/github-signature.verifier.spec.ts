import { generateKeyPairSync, sign } from 'node:crypto';
import { GitHubSignatureVerifier } from './github-signature.verifier';

describe('GitHubSignatureVerifier', () => {
  const current = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = (k: typeof current) => k.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const verifier = new GitHubSignatureVerifier([{ id: 'gh-1', pem: pem(current) }]);
  const body = Buffer.from('[{"token":"vigil_x","type":"vigil_api_key","url":"https://github.com/o/r/blob/main/.env","source":"content"}]');
  const signed = (key: typeof current, data = body) => sign('sha256', data, key.privateKey).toString('base64');

  it.each<[string, Buffer, string | undefined, string | undefined, boolean]>([
    ['the configured key over the exact body', body, 'gh-1', signed(current), true],
    ['a body changed by one byte', Buffer.concat([body, Buffer.from(' ')]), 'gh-1', signed(current), false],
    ['another key’s signature', body, 'gh-1', signed(other), false],
    ['an unknown key id', body, 'gh-2', signed(current), false],
    ['no key id', body, undefined, signed(current), false],
    ['no signature', body, 'gh-1', undefined, false],
    ['garbage', body, 'gh-1', 'not base64 at all!', false],
  ])('%s → %s', (_name, data, keyId, signature, ok) => {
    expect(verifier.verify(data, keyId, signature)).toBe(ok);
  });

  it('refuses a key that is not an EC public key at construction', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => new GitHubSignatureVerifier([{ id: 'r', pem: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString() }])).toThrow(/not an EC public key/);
    expect(new GitHubSignatureVerifier([]).configured).toBe(false);
  });
});
