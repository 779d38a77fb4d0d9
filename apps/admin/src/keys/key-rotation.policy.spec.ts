import { type RotationFacts, rotationDecision } from './key-rotation.policy';

describe('rotationDecision (is a roll over, and why)', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  const base: RotationFacts = {
    graceEndsAt: new Date(now.getTime() + 3600_000),
    idleSeconds: 3600,
    endedAt: null,
    endReason: null,
    oldStatus: 'active',
    oldLastUsedAt: ago(10),
    successorLastUsedAt: null,
  };

  it.each<[string, Partial<RotationFacts>, ReturnType<typeof rotationDecision>]>([
    ['in grace, successor unused', {}, { over: false }],
    ['in grace, successor unused, old key idle for days', { oldLastUsedAt: ago(5 * 86_400) }, { over: false }],
    ['successor used, old key used 10 s ago', { successorLastUsedAt: ago(1) }, { over: false }],
    ['successor used, old key idle 1 s short of idleSeconds', { successorLastUsedAt: ago(1), oldLastUsedAt: ago(3599) }, { over: false }],
    [
      'successor used, old key idle exactly idleSeconds',
      { successorLastUsedAt: ago(1), oldLastUsedAt: ago(3600) },
      { over: true, reason: 'idle_after_successor_use', endedAt: now },
    ],
    ['successor used, old key never used', { successorLastUsedAt: ago(1), oldLastUsedAt: null }, { over: true, reason: 'idle_after_successor_use', endedAt: now }],
    ['grace ends exactly now', { graceEndsAt: now }, { over: true, reason: 'grace_elapsed', endedAt: now }],
    ['grace ended an hour ago (sweep late): the end is the grace end', { graceEndsAt: ago(3600) }, { over: true, reason: 'grace_elapsed', endedAt: ago(3600) }],
    [
      'grace elapsed and successor used while old idle: grace wins',
      { graceEndsAt: ago(60), successorLastUsedAt: ago(1), oldLastUsedAt: null },
      { over: true, reason: 'grace_elapsed', endedAt: ago(60) },
    ],
    ['old key revoked during grace', { oldStatus: 'revoked' }, { over: true, reason: 'revoked', endedAt: now }],
    [
      'recorded end stands even if facts changed',
      { endedAt: ago(30), endReason: 'idle_after_successor_use', successorLastUsedAt: null },
      { over: true, reason: 'idle_after_successor_use', endedAt: ago(30) },
    ],
    ['old key already marked expired but still in grace and successor unused', { oldStatus: 'expired' }, { over: false }],
  ])('%s', (_name, facts, expected) => {
    expect(rotationDecision({ ...base, ...facts }, now)).toEqual(expected);
  });
});
