import type { DrugResolution } from '@vigil/contracts';

/** A vocabulary synonym that spelling correction turns into a drug other than the one its row names. */
export interface SynonymCorrection {
  /** The synonym as given. */
  name: string;
  /** The row's common name. */
  of: string;
  /** What it was corrected into (ingredient names joined by " + "). */
  as: string;
}

/** Ingredient ids of a resolution, sorted and joined: one key per drug or combination. */
function idsOf(r: DrugResolution): string {
  return r.ingredients
    .map((i) => i.id)
    .sort()
    .join('+');
}

/**
 * Synonyms of a DrugBank vocabulary row (brands, old and foreign names, short names) that the resolver accepts only by
 * spelling correction, into a drug other than the one the row's common name resolves to exactly: real names of a
 * different substance ("AdoMet" is S-adenosylmethionine, not Aldomet). The eval counts them (none may remain) and the
 * guard-list builder (`build-guard-list.cli.ts`) lists them in `other-names.txt`. Synonyms shorter than 3 or longer than
 * 40 characters are not looked at.
 */
export class SynonymAudit {
  constructor(private readonly resolve: (name: string) => DrugResolution) {}

  /** The row's synonyms corrected into another drug, and how many synonyms were looked at. */
  intoOtherDrug(commonName: string, synonyms: readonly string[]): { checked: number; corrections: SynonymCorrection[] } {
    const common = this.resolve(commonName);
    const own = common.status === 'resolved' && common.method !== 'fuzzy' ? idsOf(common) : undefined;
    let checked = 0;
    const corrections: SynonymCorrection[] = [];
    for (const name of synonyms) {
      if (name.length < 3 || name.length > 40) continue;
      checked++;
      const r = this.resolve(name);
      if (r.status === 'resolved' && r.method === 'fuzzy' && idsOf(r) !== own) corrections.push({ name, of: commonName, as: r.ingredients.map((i) => i.name).join(' + ') });
    }
    return { checked, corrections };
  }
}
