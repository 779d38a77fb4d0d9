let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * The last row of the optimal-string-alignment (restricted Damerau–Levenshtein) table of `a` against the first `m`
 * characters of `b`, or `undefined` as soon as every cell of a row exceeds `max`. Reuses module-level row buffers
 * (not re-entrant; the returned row is valid until the next call).
 */
function osaLastRow(a: string, b: string, m: number, max: number): Int32Array | undefined {
  const n = a.length;
  if (rowA.length <= m) {
    rowA = new Int32Array(m + 1);
    rowB = new Int32Array(m + 1);
    rowC = new Int32Array(m + 1);
  }
  let prevPrev = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ai === bj ? 0 : 1);
      const del = prev[j] + 1;
      if (del < v) v = del;
      const ins = cur[j - 1] + 1;
      if (ins < v) v = ins;
      if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) {
        const t = prevPrev[j - 2] + 1;
        if (t < v) v = t;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return undefined;
    const tmp = prevPrev;
    prevPrev = prev;
    prev = cur;
    cur = tmp;
  }
  return prev;
}

/**
 * Optimal-string-alignment (restricted Damerau–Levenshtein) distance, computed only up to `max`:
 * returns `max + 1` as soon as the distance is known to exceed `max`.
 */
export function boundedOsaDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  const row = osaLastRow(a, b, m, max);
  return row === undefined || row[m] > max ? max + 1 : row[m];
}

/**
 * Smallest OSA distance between `query` and any prefix of `text` ("autocomplete distance"), up to `max`.
 * "metropol" vs "metoprolol succinate" compares against the best-aligned prefix.
 */
export function boundedPrefixDistance(query: string, text: string, max: number): number {
  if (query.length === 0) return 0;
  const m = Math.min(text.length, query.length + max);
  const row = osaLastRow(query, text, m, max);
  if (row === undefined) return max + 1;
  let best = max + 1;
  for (let j = 0; j <= m; j++) if (row[j] < best) best = row[j];
  return best;
}

/** Character trigrams of a key padded with one space on each side ("ab" → " ab", "ab "). */
export function trigrams(key: string): string[] {
  const padded = ` ${key} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/** Sørensen–Dice similarity of two trigram multisets (0–1). */
export function diceSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of a) counts.set(t, (counts.get(t) ?? 0) + 1);
  let shared = 0;
  for (const t of b) {
    const c = counts.get(t);
    if (c) {
      shared++;
      counts.set(t, c - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
