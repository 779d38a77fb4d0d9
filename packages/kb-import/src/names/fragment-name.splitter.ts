import { foldText, withoutTrailingHydrates } from '@vigil/engine';
import { IngredientLinker } from '../link/ingredient.linker';

/** The name without its trailing hydrate words ("manganese chloride tetrahydrate"): a hydrate is a salt form of the substance. */
function withoutHydrates(folded: string): string {
  return withoutTrailingHydrates(folded.split(' ')).join(' ');
}

/** A names-only entry as the Drugs@FDA names generator keeps it. */
export interface NamesOnlyEntry {
  id: string;
  name: string;
  salts: string[];
  brands: string[];
}

/**
 * Repairs names-only entries that an older naming rule named by a fragment of their substance: the counter-ion was
 * stripped although what it followed is not a drug on its own ("nitric" for NITRIC OXIDE, "cupric" for CUPRIC
 * CHLORIDE and CUPRIC SULFATE, "sodium tetradecyl" for SODIUM TETRADECYL SULFATE, "barium" for BARIUM SULFATE).
 *
 * An entry is a fragment when its name `IngredientLinker.bindsCounterIon` and one of its salt strings is a name the
 * linker now keeps whole that starts with it. Each such salt string becomes an entry of its own (the substances are
 * different drugs: cupric chloride and cupric sulfate); other salt strings (hydrates) follow the entry whose name
 * starts them. Entries that are not fragments are returned unchanged, so a second run changes nothing.
 */
export function splitFragmentNames(entries: readonly NamesOnlyEntry[]): { entries: NamesOnlyEntry[]; split: Map<string, string[]> } {
  const out: NamesOnlyEntry[] = [];
  const split = new Map<string, string[]>();
  for (const e of entries) {
    const name = foldText(e.name);
    const whole = IngredientLinker.bindsCounterIon(name.split(' '))
      ? [...new Set(e.salts.map((s) => withoutHydrates(foldText(s))).filter((f) => f.startsWith(`${name} `) && IngredientLinker.baseName(f) === f))]
      : [];
    if (whole.length === 0) {
      out.push(e);
      continue;
    }
    const parts = whole.map((w) => ({ id: IngredientLinker.slug(w), name: w, salts: [] as string[], brands: [] as string[] }));
    for (const s of e.salts) {
      const f = foldText(s);
      if (whole.includes(f)) continue;
      (parts.find((p) => f.startsWith(`${p.name} `)) ?? parts[0]).salts.push(s);
    }
    split.set(
      e.id,
      parts.map((p) => p.id),
    );
    out.push(...parts);
  }
  return { entries: out, split };
}
