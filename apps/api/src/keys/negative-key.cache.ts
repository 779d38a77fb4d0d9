/**
 * Hashes of well-formed keys that the database does not know, so a flood of made-up keys costs one query per key,
 * not one per request. Bounded (the oldest entries go first) and time-limited; the owner clears it whenever a key is
 * created, since only a new key can turn an unknown hash into a known one.
 */
export class NegativeKeyCache {
  private readonly seenAt = new Map<string, number>();
  hits = 0;

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
  ) {}

  has(hash: string, now: number): boolean {
    const at = this.seenAt.get(hash);
    if (at === undefined) return false;
    if (now - at >= this.ttlMs) {
      this.seenAt.delete(hash);
      return false;
    }
    this.hits++;
    return true;
  }

  add(hash: string, now: number): void {
    if (this.seenAt.has(hash)) this.seenAt.delete(hash);
    else if (this.seenAt.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.seenAt.keys().next();
      if (!oldest.done) this.seenAt.delete(oldest.value);
    }
    this.seenAt.set(hash, now);
  }

  clear(): void {
    this.seenAt.clear();
  }

  get size(): number {
    return this.seenAt.size;
  }
}
