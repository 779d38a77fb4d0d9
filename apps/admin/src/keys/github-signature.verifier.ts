import { type KeyObject, createPublicKey, verify } from 'node:crypto';

/**
 * Verifies a GitHub secret scanning report: an ECDSA (P-256, SHA-256, DER) signature over the exact request body, by
 * the public key named in `Github-Public-Key-Identifier`, from the keys the operator configured (never fetched).
 */
export class GitHubSignatureVerifier {
  private readonly keys = new Map<string, KeyObject>();

  /** Throws on a key that is not a PEM public key: a configuration mistake is reported at start, not per report. */
  constructor(keys: readonly { id: string; pem: string }[]) {
    for (const k of keys) {
      const key = createPublicKey(k.pem);
      if (key.asymmetricKeyType !== 'ec') throw new Error(`secret-scanning key ${k.id} is not an EC public key`);
      this.keys.set(k.id, key);
    }
  }

  get configured(): boolean {
    return this.keys.size > 0;
  }

  /** True when `signature` (base64) is the named key's signature of `body`. */
  verify(body: Buffer, keyId: string | undefined, signature: string | undefined): boolean {
    if (!keyId || !signature || signature.length > 512) return false;
    const key = this.keys.get(keyId);
    if (!key) return false;
    try {
      return verify('sha256', body, key, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }
}
