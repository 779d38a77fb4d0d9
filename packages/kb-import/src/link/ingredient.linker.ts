import { SALT_WORDS, compactKey, foldText, isHydrateWord, type KnowledgeBase, type NameEntry } from '@vigil/engine';
import type { LinkMatch } from '../model/import.model';

/** Outcome of linking one source name against the base knowledge base. */
export type LinkResult =
  | { kind: 'linked'; ingredientId: string; match: LinkMatch; matched: string }
  | { kind: 'unlinked' }
  /** The name belongs to something that is not one ingredient (a combination product): it can be neither linked nor created. */
  | { kind: 'conflict'; reason: string };

/** Salt words that are part of a substance's own name ("valproic acid"): never stripped to name a new ingredient. */
const NAME_WORDS: ReadonlySet<string> = new Set(['acid', 'base', 'free', 'ester', 'lauryl']);

/** Cation adjectives ("nitric", "nitrous", "cupric", "ferrous", "chromic"; "mycophenolic" before "sodium"). */
const CATION_ADJECTIVE_RE = /^[a-z]{3,}(?:ic|ous)$/;

/** Alkyl and aryl radicals ("sodium tetradecyl sulfate", "ethyl chloride", "benzyl benzoate"). */
const RADICAL_RE = /^(?:iso)?(?:meth|eth|prop|but|pent|hex|hept|oct|non|dec|undec|dodec|tridec|tetradec|pentadec|hexadec|heptadec|octadec|cet|stear|myrist|benz|phen)yl$/;

/** Elements that are drugs only as a salt: "barium sulfate", "silver nitrate", "manganese chloride", "indium in-111 chloride". */
const ELEMENT_WORDS: ReadonlySet<string> = new Set(
  'barium bismuth cesium chromium cobalt copper gallium gold indium iron manganese mercury platinum radium rubidium selenium silver strontium thallium tin'.split(' '),
);

/** Isotope tags of radiopharmaceuticals ("in-111", "tc-99m"). */
const ISOTOPE_RE = /^[a-z]{1,2}-?\d{1,3}m?$/;

/**
 * Links drug names from an imported source to the ingredients of a base knowledge base (the curated one, or an
 * already merged one), deterministically and conservatively:
 *
 * 1. `exact` — the name's compact key is an ingredient's generic name or id;
 * 2. `synonym` — it is one of the ingredient's explicit synonyms, salt forms or brand names
 *    ("Acetylsalicylic acid" → aspirin, "Calcium carbonate" → calcium);
 * 3. `salt-stripped` — after removing trailing salt words one at a time, then every salt word, the rest (which must
 *    keep at least one non-salt word) is a name of the ingredient ("ATORVASTATIN CALCIUM" → atorvastatin).
 *    "Sodium iodide" does not become sodium: nothing but salt words would be left.
 *
 * No spelling correction, no dose-form stripping: "Dexamethasone (topical)" is not dexamethasone (DDInter lists
 * route-specific products with their own interactions), it becomes a new ingredient the resolver finds by that name.
 * A name owned by a combination product is a conflict.
 */
export class IngredientLinker {
  static readonly SALT_WORDS = SALT_WORDS;

  constructor(private readonly base: KnowledgeBase) {}

  link(name: string): LinkResult {
    const ws = IngredientLinker.words(name);
    if (ws.length === 0) return { kind: 'unlinked' };
    const direct = this.base.names.exact(ws.join(''));
    if (direct) {
      if (direct.target.kind !== 'ingredient') return this.conflict(name, direct);
      const match: LinkMatch = direct.kind === 'generic' ? 'exact' : direct.derived && direct.kind === 'salt' ? 'salt-stripped' : 'synonym';
      return { kind: 'linked', ingredientId: direct.target.id, match, matched: direct.name };
    }
    for (const variant of IngredientLinker.saltStrippedVariants(ws)) {
      const e = this.base.names.exact(variant.join(''));
      if (e?.target.kind === 'ingredient') return { kind: 'linked', ingredientId: e.target.id, match: 'salt-stripped', matched: e.name };
    }
    return { kind: 'unlinked' };
  }

  /** True when the base knowledge base defines this class id. */
  hasClass(id: string): boolean {
    return this.base.getClass(id) !== undefined;
  }

  /** The base entry (ingredient or product) that already owns this name, if any (explicit or derived). */
  owner(name: string): NameEntry | undefined {
    const key = compactKey(name);
    return key === '' ? undefined : this.base.names.exact(key);
  }

  /** Lower-case letter/digit words of a name. */
  static words(name: string): string[] {
    return foldText(name)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 0);
  }

  /**
   * Salt-free variants of a word list, most specific first: trailing salt words removed one at a time
   * ("ferrous sulfate anhydrous" → "ferrous sulfate" → "ferrous"), then every salt word removed
   * ("sodium valproate" → "valproate"). Variants without a non-salt word are left out.
   */
  static saltStrippedVariants(ws: readonly string[]): string[][] {
    const out: string[][] = [];
    const seen = new Set<string>([ws.join(' ')]);
    const add = (v: string[]) => {
      const k = v.join(' ');
      if (seen.has(k) || !v.some((w) => !SALT_WORDS.has(w))) return;
      seen.add(k);
      out.push(v);
    };
    for (let end = ws.length - 1; end >= 1 && SALT_WORDS.has(ws[end]); end--) add(ws.slice(0, end));
    add(ws.filter((w) => !SALT_WORDS.has(w)));
    return out;
  }

  /**
   * True when the words, read as what is left of a name once its counter-ion is removed, are not a drug of their own
   * but the first half of a substance's name: a cation adjective ("nitric" of nitric oxide, "cupric" of cupric
   * chloride), an alkyl radical ("sodium tetradecyl" of sodium tetradecyl sulfate) or a bare element ("barium" of
   * barium sulfate, "indium in-111" of indium In-111 chloride).
   */
  static bindsCounterIon(ws: readonly string[]): boolean {
    const last = ws[ws.length - 1];
    if (last === undefined) return false;
    if (CATION_ADJECTIVE_RE.test(last) || RADICAL_RE.test(last)) return true;
    return ELEMENT_WORDS.has(ws[0]) && ws.slice(1).every((w) => ISOTOPE_RE.test(w));
  }

  /**
   * The name a new ingredient gets: folded (lower case, accents removed) with trailing counter-ion words removed
   * when something else is left ("ABACAVIR SULFATE" → "abacavir"; "VALPROIC ACID" and "SODIUM IODIDE" stay whole).
   * Hydrate words always go; a counter-ion stays when what it follows is not a drug on its own (`bindsCounterIon`:
   * "NITRIC OXIDE", "CUPRIC CHLORIDE", "SODIUM TETRADECYL SULFATE", "BARIUM SULFATE" stay whole).
   */
  static baseName(name: string): string {
    const folded = foldText(name);
    const parts = folded.split(' ');
    let end = parts.length;
    const bare = (w: string) => w.replace(/[^a-z0-9]/g, '');
    const word = (w: string) => w.replace(/[^a-z0-9-]/g, '').replace(/^-+|-+$/g, '');
    while (end > 1 && SALT_WORDS.has(bare(parts[end - 1])) && !NAME_WORDS.has(bare(parts[end - 1]))) {
      if (!isHydrateWord(bare(parts[end - 1])) && IngredientLinker.bindsCounterIon(parts.slice(0, end - 1).map(word))) break;
      end--;
    }
    if (end < parts.length && parts.slice(0, end).some((p) => bare(p) !== '' && !SALT_WORDS.has(bare(p)))) {
      return parts
        .slice(0, end)
        .join(' ')
        .replace(/[\s,;:/-]+$/, '');
    }
    return folded;
  }

  /** Kebab-case id of a new ingredient or product ("Thyroid, porcine" → "thyroid-porcine"). */
  static slug(name: string): string {
    return foldText(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  }

  private conflict(name: string, e: NameEntry): LinkResult {
    return { kind: 'conflict', reason: `"${name}" is the name of the combination product ${e.target.display} in the base knowledge base, not of one ingredient` };
  }
}
