import type { DrugResolution } from '@vigil/contracts';
import { seededRandom } from './kb-metrics';

export interface TypoAuditResult {
  /** Source names that resolve without spelling correction (the others are skipped). */
  names: number;
  /** Single-edit typos tried. */
  typos: number;
  /** Typos the resolver accepted by spelling correction. */
  corrected: number;
  /** Typos corrected into a drug that shares no ingredient with the name they came from: must stay empty. */
  wrongDrug: { typo: string; of: string; as: string }[];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The "a name must never become the wrong drug" property, measured: single-edit typos of common drug names (every
 * deletion and adjacent transposition, and a seeded sample of substitutions and insertions) may be corrected to their
 * own drug, left unresolved or offered as suggestions, but never corrected into another drug.
 */
export class TypoAudit {
  constructor(
    private readonly resolve: (name: string) => DrugResolution,
    private readonly seed: number,
    private readonly sampledPerName = 12,
  ) {}

  /** Every deletion and adjacent transposition of `name` (lower case), then `sampled` seeded substitutions/insertions. */
  static variants(name: string, rand: () => number, sampled: number): string[] {
    const w = name.toLowerCase();
    const out = new Set<string>();
    for (let i = 0; i < w.length; i++) {
      if (w[i] === ' ') continue;
      out.add(w.slice(0, i) + w.slice(i + 1));
      if (i + 1 < w.length && w[i + 1] !== ' ' && w[i + 1] !== w[i]) out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
    }
    for (let k = 0; k < sampled && w.length > 0; k++) {
      const i = Math.floor(rand() * w.length);
      const c = LETTERS[Math.floor(rand() * LETTERS.length)];
      out.add(rand() < 0.5 ? w.slice(0, i) + c + w.slice(i + 1) : w.slice(0, i) + c + w.slice(i));
    }
    out.delete(w);
    return [...out].filter((v) => v.trim() !== '');
  }

  run(names: readonly string[]): TypoAuditResult {
    const rand = seededRandom(this.seed);
    const result: TypoAuditResult = { names: 0, typos: 0, corrected: 0, wrongDrug: [] };
    for (const name of [...new Set(names)]) {
      const own = this.resolve(name);
      if (own.status !== 'resolved' || own.method === 'fuzzy') continue;
      result.names++;
      const ids = new Set(own.ingredients.map((i) => i.id));
      for (const typo of TypoAudit.variants(name, rand, this.sampledPerName)) {
        result.typos++;
        const r = this.resolve(typo);
        if (r.status !== 'resolved' || r.method !== 'fuzzy') continue;
        result.corrected++;
        if (!r.ingredients.some((i) => ids.has(i.id))) result.wrongDrug.push({ typo, of: name, as: r.ingredients.map((i) => i.name).join(' + ') });
      }
    }
    return result;
  }
}
