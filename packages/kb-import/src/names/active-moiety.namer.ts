import { SALT_WORDS, foldText } from '@vigil/engine';

/** Why a names-only entry was renamed to its active moiety. */
export type MoietyRule = 'repeated' | 'hydrate' | 'counter-ion' | 'leading-cation';

/** Words naming water of crystallisation or its absence: never part of a drug's name. */
export const HYDRATE_WORDS: ReadonlySet<string> = new Set(
  'anhydrous hydrate monohydrate dihydrate trihydrate tetrahydrate pentahydrate hexahydrate heptahydrate hemihydrate sesquihydrate hemipentahydrate'.split(' '),
);

/**
 * Counter-ions and solvates written after the active moiety that the Drugs@FDA importer does not strip (they are not
 * single salt words): "SIPONIMOD FUMARIC ACID", "AFATINIB DIMALEATE", "TRAMETINIB DIMETHYL SULFOXIDE". Longest first.
 */
export const TRAILING_COUNTER_IONS: readonly string[] = [
  'fumaric acid',
  'maleic acid',
  'succinic acid',
  'tartaric acid',
  'dimethyl sulfoxide',
  'dimaleate',
  'dimesylate',
  'ditosylate',
  'dimeglumine',
  'mesylates',
  's-malate',
  'l-malate',
  'triflutate',
  'isethionate',
  'polistirex',
  'polacrilex',
];

/** Cation words that may be written before the active moiety ("SODIUM NITROPRUSSIDE"). */
export const LEADING_CATIONS: ReadonlySet<string> = new Set(['sodium', 'disodium', 'potassium', 'dipotassium', 'calcium', 'magnesium', 'lithium', 'ammonium', 'zinc']);

/**
 * "<cation> <word>" names where the salt IS the drug: the rest is an anion or a chemical name, not an active moiety of
 * its own, even where a vocabulary lists the anion ("phenylbutyrate", "nitrite", "oxybate").
 */
export const KEEP_WHOLE: ReadonlySet<string> = new Set([
  'sodium bicarbonate',
  'sodium chloride',
  'sodium fluoride',
  'sodium phenylbutyrate',
  'sodium phenylacetate',
  'sodium benzoate',
  'sodium oxybate',
  'sodium thiosulfate',
  'sodium nitrite',
  'sodium polystyrene sulfonate',
  'sodium zirconium cyclosilicate',
  'sodium tetradecyl sulfate',
  'sodium glycerophosphate',
  'sodium ferric gluconate complex',
  'sodium hyaluronate',
  'sodium picosulfate',
  'potassium iodide',
  'potassium chloride',
  'potassium citrate',
  'magnesium trisilicate',
]);

/** Radiopharmaceuticals carry an isotope tag ("I-123", "TC-99M", "F-18"): their names are left whole. */
const ISOTOPE_RE = /\b[a-z]{1,2}-?\d{1,3}m?\b/;

/**
 * The active-moiety name of a names-only ingredient whose Drugs@FDA name still carries a salt, counter-ion or hydrate
 * word, by table-driven rules applied in order:
 *
 * 0. `repeated`: one moiety listed twice, as base and salt ("CEFADROXIL/CEFADROXIL HEMIHYDRATE" → cefadroxil);
 * 1. `hydrate`: trailing hydrate words are dropped ("MAGNESIUM SULFATE ANHYDROUS" → magnesium sulfate);
 * 2. `counter-ion`: a trailing counter-ion phrase of `TRAILING_COUNTER_IONS` is dropped when a non-salt word is left
 *    ("SIPONIMOD FUMARIC ACID" → siponimod);
 * 3. `leading-cation`: a leading cation word is dropped when the rest is itself a drug name (`isDrugName`) and the
 *    whole name is not in `KEEP_WHOLE` ("SODIUM NITROPRUSSIDE" → nitroprusside; "SODIUM NITRITE" stays).
 *
 * Isotope-tagged names are left alone. Returns undefined when no rule applies.
 */
export class ActiveMoietyNamer {
  constructor(private readonly isDrugName: (name: string) => boolean) {}

  moiety(name: string): { name: string; rule: MoietyRule } | undefined {
    const folded = foldText(name);
    if (ISOTOPE_RE.test(folded)) return undefined;
    // "CEFADROXIL/CEFADROXIL HEMIHYDRATE", "AMPICILLIN/AMPICILLIN TRIHYDRATE": one moiety listed twice (base and salt).
    const repeated = /^([a-z][a-z -]*[a-z])\s*\/\s*\1(?:\s|$)/.exec(folded);
    if (repeated) return { name: repeated[1], rule: 'repeated' };
    let ws = folded.split(/[\s,]+/).filter((w) => w !== '');
    let rule: MoietyRule | undefined;
    while (ws.length > 1 && HYDRATE_WORDS.has(ws[ws.length - 1])) {
      ws = ws.slice(0, -1);
      rule = 'hydrate';
    }
    const text = ws.join(' ');
    for (const ion of TRAILING_COUNTER_IONS) {
      if (!text.endsWith(` ${ion}`)) continue;
      const rest = text.slice(0, -ion.length - 1).split(' ');
      if (rest.some((w) => !SALT_WORDS.has(w))) return { name: rest.join(' '), rule: 'counter-ion' };
    }
    if (ws.length >= 2 && LEADING_CATIONS.has(ws[0]) && !KEEP_WHOLE.has(text)) {
      const rest = ws.slice(1);
      if (rest.some((w) => !SALT_WORDS.has(w)) && this.isDrugName(rest.join(' '))) return { name: rest.join(' '), rule: 'leading-cation' };
    }
    if (rule && text !== folded) return { name: text, rule };
    return undefined;
  }
}
