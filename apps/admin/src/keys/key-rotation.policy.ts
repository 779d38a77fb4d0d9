/** Why a rolled key stopped working (the `rotation.endedReason` of the key API). */
export type RotationEndReason = 'grace_elapsed' | 'idle_after_successor_use' | 'revoked';

/** What decides whether a roll is over: the old key's grace and use, and its successor's use. */
export interface RotationFacts {
  graceEndsAt: Date;
  idleSeconds: number;
  /** Set once the end was recorded; a recorded end is final. */
  endedAt: Date | null;
  endReason: RotationEndReason | null;
  oldStatus: 'active' | 'revoked' | 'expired';
  oldLastUsedAt: Date | null;
  successorLastUsedAt: Date | null;
}

export type RotationDecision = { over: false } | { over: true; reason: RotationEndReason; endedAt: Date };

/**
 * Is this roll over, and why? In order: an end already recorded stands; a revoked old key ends it (`revoked`); the
 * grace period's end ends it (`grace_elapsed`, at the grace's end); and, earlier, once the successor has been used and
 * the old key has not been used for `idleSeconds` (never used counts as idle), it ends now (`idle_after_successor_use`).
 * Last-use times are written by the API every couple of seconds, far below the 60 s minimum idle time.
 */
export function rotationDecision(f: RotationFacts, now: Date): RotationDecision {
  if (f.endedAt && f.endReason) return { over: true, reason: f.endReason, endedAt: f.endedAt };
  if (f.oldStatus === 'revoked') return { over: true, reason: 'revoked', endedAt: now };
  if (now.getTime() >= f.graceEndsAt.getTime()) return { over: true, reason: 'grace_elapsed', endedAt: f.graceEndsAt };
  if (f.successorLastUsedAt && (!f.oldLastUsedAt || now.getTime() - f.oldLastUsedAt.getTime() >= f.idleSeconds * 1000)) {
    return { over: true, reason: 'idle_after_successor_use', endedAt: now };
  }
  return { over: false };
}
