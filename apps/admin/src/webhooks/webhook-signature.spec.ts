import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, webhookHeaders, webhookSignature } from './webhook-signature';

// The spec's own example (standard-webhooks/spec, "Verifying webhook authenticity"), so our signer is held to the
// published vector, and the standardwebhooks library, which we do not sign with, is the independent verifier.
const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const SPEC_TS = 1614265330;
const SPEC_BODY = '{"test": 2432232314}';
const SPEC_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

describe('webhookSignature', () => {
  it('matches the Standard Webhooks spec example', () => {
    expect(webhookSignature(SPEC_SECRET, SPEC_ID, SPEC_TS, SPEC_BODY)).toBe(SPEC_SIGNATURE);
  });

  it.each([
    ['another id', 'msg_other', SPEC_TS, SPEC_BODY],
    ['another timestamp', SPEC_ID, SPEC_TS + 1, SPEC_BODY],
    ['another body', SPEC_ID, SPEC_TS, '{"test": 2432232315}'],
  ])('changes with %s', (_what, id, ts, body) => {
    expect(webhookSignature(SPEC_SECRET, id, ts, body)).not.toBe(SPEC_SIGNATURE);
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => webhookSignature('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', SPEC_ID, SPEC_TS, SPEC_BODY)).toThrow(/whsec_/);
  });
});

describe('webhookHeaders (verified by the standardwebhooks library)', () => {
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ type: 'key.created', timestamp: new Date(now * 1000).toISOString(), data: { keyId: 'k' } });
  const current = generateWebhookSecret();
  const previous = generateWebhookSecret();
  const unrelated = generateWebhookSecret();

  it.each([
    ['one secret, its holder', true, [current], current],
    ['one secret, another receiver', false, [current], unrelated],
    ['rotation overlap, the new secret', true, [current, previous], current],
    ['rotation overlap, the old secret', true, [current, previous], previous],
    ['rotation overlap, neither', false, [current, previous], unrelated],
  ])('%s → verifies: %s', (_what, ok, secrets, receiverSecret) => {
    const headers = webhookHeaders(secrets, 'msg_1', now, body);
    const verify = () => new Webhook(receiverSecret).verify(body, headers);
    if (ok) expect(verify()).toEqual(JSON.parse(body));
    else expect(verify).toThrow();
  });

  it('a tampered body fails verification', () => {
    const headers = webhookHeaders([current], 'msg_1', now, body);
    expect(() => new Webhook(current).verify(body.replace('key.created', 'key.revoked'), headers)).toThrow();
  });

  it('sends one v1 signature per secret, space-separated', () => {
    expect(webhookHeaders([current, previous], 'msg_1', now, body)['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    expect(() => webhookHeaders([], 'msg_1', now, body)).toThrow();
  });

  it('generates whsec_ secrets of 32 random bytes', () => {
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(current).not.toBe(previous);
  });
});
