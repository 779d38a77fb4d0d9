/**
 * Names (as compact keys: lower-case letters and digits) with the drug each belongs to, answering "which other drugs
 * have a name within d edits of this one" (optimal string alignment distance: insertions, deletions, substitutions,
 * adjacent transpositions). Bucketed by length, so a query only compares names of a length that can be close.
 */
export class SpellingNeighbourIndex {
  private readonly byLength = new Map<number, Map<string, Set<string>>>();

  /** Adds a name, and its form without digits (the resolver also compares that: "2-heptanamine"). */
  add(key: string, owner: string): void {
    const bare = key.replace(/\d+/g, '');
    if (bare !== key && bare.length >= 4) this.addKey(bare, owner);
    this.addKey(key, owner);
  }

  private addKey(key: string, owner: string): void {
    if (key === '') return;
    let bucket = this.byLength.get(key.length);
    if (!bucket) this.byLength.set(key.length, (bucket = new Map<string, Set<string>>()));
    let owners = bucket.get(key);
    if (!owners) bucket.set(key, (owners = new Set()));
    owners.add(owner);
  }

  /** Names within `max` edits of `key` that belong to a drug other than `self`, with their distance. */
  neighbours(key: string, max: number, self: string): { name: string; owner: string; distance: number }[] {
    const out: { name: string; owner: string; distance: number }[] = [];
    for (let len = key.length - max; len <= key.length + max; len++) {
      for (const [name, owners] of this.byLength.get(len) ?? []) {
        const d = SpellingNeighbourIndex.distance(key, name, max);
        if (d > max) continue;
        for (const owner of owners) if (owner !== self) out.push({ name, owner, distance: d });
      }
    }
    return out.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
  }

  /** Optimal string alignment distance, or `max + 1` as soon as it must exceed `max`. */
  static distance(a: string, b: string, max: number): number {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    if (a === b) return 0;
    let prev2: number[] = [];
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      let rowMin = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur.push(v);
        if (v < rowMin) rowMin = v;
      }
      if (rowMin > max) return max + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length];
  }
}
