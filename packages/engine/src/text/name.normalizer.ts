/**
 * Normalisation of drug names as typed by people: case, accents, punctuation, strengths, dose forms, salts.
 * Everything here is a pure function of its input.
 */

const UNIT = String.raw`(?:mcg|µg|μg|ug|mg|g|gm|gram|grams|kg|ng|ml|mls|l|dl|iu|units?|u|meq|mmol|mol|%|percent|puffs?|drops?|sprays?|actuations?)`;
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
/** "20 mg", "25mg", "5 mg/325 mg", "250 mg/5 ml", "1000/62.5", "100 units/ml", "0.05%", "70/30". */
const STRENGTH_RE = new RegExp(String.raw`(?<![a-z0-9])${NUMBER}\s*${UNIT}?(?:\s*(?:/|-|per)\s*${NUMBER}?\s*${UNIT}?)*(?![a-z0-9])`, 'g');
/** Strength with an explicit unit: removed already at the first stripping level. */
const UNIT_STRENGTH_RE = new RegExp(String.raw`(?<![a-z0-9])${NUMBER}\s*${UNIT}(?:\s*(?:/|per)\s*${NUMBER}?\s*${UNIT}?)*(?![a-z0-9])`, 'g');

/** Dose forms, routes, packaging and common sig words: never part of a drug's identity. */
export const DOSE_FORM_WORDS: ReadonlySet<string> = new Set(
  (
    'tablet tablets tab tabs caplet caplets capsule capsules cap caps softgel softgels gelcap gelcaps pill pills ' +
    'solution soln sol suspension susp syrup elixir liquid concentrate drops injection inj injectable infusion ' +
    'vial vials ampule ampoule amp pen pens prefilled syringe syringes cartridge autoinjector cream ointment oint ' +
    'gel lotion foam shampoo patch patches transdermal film lozenge lozenges troche suppository suppositories supp ' +
    'enema spray nasal inhaler inhalation inhal aerosol nebulizer nebuliser neb powder granules packet packets ' +
    'sachet kit chewable chew chewables dispersible effervescent sublingual buccal oral orally po iv im sc sq subq ' +
    'subcutaneous intravenous intramuscular topical ophthalmic otic vaginal rectal disintegrating orodispersible ' +
    'coated filmcoated generic mg mcg ml units unit iu meq mmol dose doses daily bid tid qid qd qhs qam qpm prn ' +
    'once twice weekly monthly every hour hours hr hrs day days q4h q6h q8h q12h q24h take takes by mouth as needed ' +
    'hfa mdi dpi qty tube bottle box ' +
    // Where it goes: "erythromycin eye ointment", "ofloxacin ear drops" (the check reads the route separately).
    'drop eye eyes ear ears eyedrop eyedrops eardrop eardrops ophth opth ' +
    // Devices, packs and kits: "KwikPen", "SoloStar", "Medrol Dosepak", "Lamictal starter kit".
    'sl kwikpen kwikpens flexpen flexpens flextouch solostar penfill innolet clickstar inpen autopen dosepak ' +
    'dosepack dospak pak pack packs starter titration refill carton blister ' +
    // Inhaler devices: "Anoro Ellipta", "Spiriva HandiHaler", "Tudorza Pressair", "Stiolto Respimat".
    'ellipta respimat handihaler diskus pressair neohaler aerosphere digihaler redihaler respiclick twisthaler ' +
    'flexhaler turbuhaler breezhaler genuair inhub rotahaler autohaler ' +
    // Intrauterine and transdermal systems and devices: "levonorgestrel intrauterine system", "Mirena IUD" (the check
    // reads the site separately).
    'intrauterine iud ius system device ' +
    // Sig words: "1 tab po qhs", "nightly", "qod".
    'nightly bedtime qod qow qweekly qmonth qday tiw biw stat ut dict'
  ).split(/\s+/),
);

/** Release-modifier suffixes ("Toprol XL", "metoprolol succinate ER"): stripped at the second level only. */
export const RELEASE_WORDS: ReadonlySet<string> = new Set(
  (
    'er xr xl sr cr dr la ir ec odt cd xt mr pr ds ss sa ta hs extended delayed sustained controlled immediate ' +
    'modified prolonged release releasing long acting action rapid fast 12hr 24hr 12h 24h ' +
    'double single strength'
  ).split(/\s+/),
);

/** Counter-ions, salt and hydrate words found on labels ("warfarin sodium", "metoprolol succinate"). */
export const SALT_WORDS: ReadonlySet<string> = new Set(
  (
    'sodium potassium calcium magnesium lithium zinc aluminum aluminium ammonium hydrochloride hcl dihydrochloride ' +
    'hydrobromide hbr hydroiodide sulfate sulphate bisulfate hemisulfate succinate tartrate bitartrate maleate ' +
    'mesylate mesilate besylate besilate camsylate tosylate citrate fumarate hemifumarate acetate diacetate ' +
    'phosphate diphosphate dipropionate propionate valerate butyrate bromide chloride iodide nitrate oxalate ' +
    'lactate gluconate carbonate bicarbonate oxide hydroxide trihydrate dihydrate monohydrate hemihydrate ' +
    'sesquihydrate hydrate anhydrous malate pamoate embonate stearate palmitate estolate ethylsuccinate ' +
    'decanoate enanthate cypionate undecanoate benzoate salicylate xinafoate furoate aspartate glutamate ' +
    'edisylate napsylate olamine meglumine tromethamine trometamol disodium dipotassium monosodium ' +
    'hyclate saccharate mandelate lauryl ester base free acid'
  ).split(/\s+/),
);

const COMBINING_MARKS_RE = /[\u0300-\u036f]/g;

/**
 * Directions written after a drug name ("daily with supper", "at bedtime", "as needed for pain", "twice a day",
 * "x 7 days", "under the tongue"), insulin concentrations ("U-100") and pen/pack phrases. Removed before anything
 * else reads the text: "with supper" would otherwise split like a combination ("acetaminophen with codeine").
 */
const SIG_PHRASE_RES: readonly RegExp[] = [
  /\b(?:with|before|after|at|in the|every|each|w\/)\s*(?:supper|dinner|breakfast|lunch|meals?|food|bedtime|night|evening|morning|hs)\b/g,
  /\b(?:on an empty stomach|under the tongue|as directed|as needed|if needed|when needed)\b/g,
  /\b(?:once|twice|three times|four times|\d+\s*(?:x|times))\s+(?:a|per|each|every)\s+(?:day|week|month|night)\b/g,
  /\b(?:x|for)\s*\d+\s*(?:days?|weeks?|months?|doses?)\b/g,
  /\b(?:for|prn)\s+(?:chest pain|pain|sleep|anxiety|agitation|nausea|itch(?:ing)?|cough|constipation|heartburn|headache|fever|bp|blood pressure|sugar|cholesterol|allerg(?:y|ies)|insomnia|migraine|sob|shortness of breath|wheez(?:e|ing)|muscle spasms?|spasms?)\b/g,
  /\bq\s*\d+\s*(?:min|mins|minutes?|h|hr|hrs|hours?|d|days?|wk|wks|weeks?)\b/g,
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|m|t|w|th|f|sa|su)\b(?:\s*[/,]\s*(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|m|t|w|th|f|sa|su)\b)+/g,
  /\b(?:mwf|tth|tuth)\b/g,
  /\b(?:taper(?:ing)?|tapered)\b/g,
  /\bu-?(?:100|200|300|500)\b/g,
  /\bstarter\s+(?:pack|kit)\b/g,
];

/** Removes directions for use, insulin concentrations and pack phrases from folded text (see SIG_PHRASE_RES). */
export function stripSig(folded: string): string {
  let out = folded;
  for (const re of SIG_PHRASE_RES) out = out.replace(re, ' ');
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * "Lipitor (atorvastatin) 20 mg" → outside "lipitor 20 mg", inside ["atorvastatin"]. Returns undefined when the
 * text has no balanced parenthesised or bracketed part with letters in it.
 */
export function splitParenthetical(folded: string): { outside: string; inside: string[] } | undefined {
  // Only a parenthesis set off by spaces: "(S)-warfarin" and "bis(...)zinc" are chemical names, not asides.
  if (!PAREN_ASIDE_RE.test(folded)) return undefined;
  const inside: string[] = [];
  const outside = folded
    .replace(PAREN_ASIDE_GLOBAL_RE, (_m, inner: string) => {
      const ws = words(inner);
      // "(as sodium)", "(hcl)": the salt form of the name outside, not a name of its own.
      if (ws.some((w) => /[a-z]/.test(w)) && ws[0] !== 'as' && !ws.every((w) => SALT_WORDS.has(w))) inside.push(inner.trim());
      return ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (/[()[\]]/.test(outside) || !/[a-z]{3}/.test(outside)) return undefined;
  return inside.length > 0 ? { outside, inside } : undefined;
}

const PAREN_ASIDE_RE = /(?:^|\s)[([][^()[\]]*[a-z][^()[\]]*[)\]](?=\s|,|$)/;
const PAREN_ASIDE_GLOBAL_RE = /(?<=^|\s)[([]([^()[\]]*)[)\]](?=\s|,|$)/g;

/**
 * Lower case, accents removed, micro sign spelled out, trademark signs dropped, whitespace collapsed.
 * Punctuation is kept: callers that split combinations need `/`, `+`, `-`.
 */
export function foldText(text: string): string {
  return text
    .replace(/[µμ]g/gi, 'mcg')
    .replace(/[®™©℠]/g, '')
    .normalize('NFKD')
    .replace(COMBINING_MARKS_RE, '')
    .toLowerCase()
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lookup key: letters and digits only ("Depo-Provera", "depo provera" and "DEPOPROVERA" share a key). */
export function compactKey(text: string): string {
  return foldText(text).replace(/[^a-z0-9]/g, '');
}

/** Words of a folded text (letters and digits runs). */
export function words(folded: string): string[] {
  return folded.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/** Removes strengths that carry a unit ("20 mg", "5 mg/325 mg"); bare numbers stay (brands such as "Mag-Ox 400"). */
export function stripUnitStrengths(folded: string): string {
  return folded.replace(UNIT_STRENGTH_RE, ' ').replace(/\s+/g, ' ').trim();
}

/** Removes every strength-like number, with or without a unit, including ratios such as "5/325" and "70/30". */
export function stripAllStrengths(folded: string): string {
  return folded.replace(STRENGTH_RE, ' ').replace(/\s+/g, ' ').trim();
}

/** Level 1: strengths, dose forms and routes removed; release modifiers kept ("toprol xl 50 mg tab" → "toprol xl"). */
export function stripLevel1(folded: string): string[] {
  return words(stripAllStrengths(folded)).filter((w) => !DOSE_FORM_WORDS.has(w));
}

/** Level 2: level 1 minus release modifiers ("metoprolol succinate er 25mg" → "metoprolol succinate"). */
export function stripLevel2(folded: string): string[] {
  return stripLevel1(folded).filter((w) => !RELEASE_WORDS.has(w));
}

const HYDRATE_WORD_RE = /^(?:anhydrous|[a-z0-9]*hydrate)$/;

/**
 * True for a hydrate word: water of crystallisation, or its absence ("dihydrate", "hemihydrate", "anhydrous"). One
 * test for the resolver (`hydrateStripped`) and the importers that name new ingredients from salt strings.
 */
export function isHydrateWord(word: string): boolean {
  return HYDRATE_WORD_RE.test(word);
}

/**
 * The word list without its trailing hydrate words, when a word that is not a salt word is left ("cupric sulfate
 * anhydrous" → "cupric sulfate"; "magnesium sulfate heptahydrate" is left alone): a hydrate is a form of the salt it
 * follows, so this variant is tried before the salt-free ones. Undefined when nothing is removed.
 */
export function hydrateStripped(ws: readonly string[]): string[] | undefined {
  const dry = withoutTrailingHydrates(ws);
  return dry.length < ws.length && dry.some((w) => !SALT_WORDS.has(w)) ? dry : undefined;
}

/** The word list without its trailing hydrate words, keeping at least the first word ("manganese chloride tetrahydrate"). */
export function withoutTrailingHydrates(ws: readonly string[]): string[] {
  let end = ws.length;
  while (end > 1 && isHydrateWord(ws[end - 1])) end--;
  return ws.slice(0, end);
}

/**
 * Salt-free variants of a word list, most specific first: every salt word removed ("sodium valproate" → "valproate"),
 * then only the trailing salt words removed, keeping the first word ("magnesium citrate" → "magnesium").
 * Empty and unchanged variants are left out.
 */
export function saltStrippedVariants(ws: readonly string[]): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>([ws.join(' ')]);
  const add = (v: string[]) => {
    const k = v.join(' ');
    if (v.length > 0 && !seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  };
  add(ws.filter((w) => !SALT_WORDS.has(w)));
  let end = ws.length;
  while (end > 1 && SALT_WORDS.has(ws[end - 1])) end--;
  add(ws.slice(0, end));
  return out;
}

/** Separators of a free-text combination, strongest first. The hyphen is only tried when nothing else splits. */
const COMBINATION_SPLIT_RE = /\s*(?:\/|\+|&|;|\band\b|\bwith\b|\bw\/|\bplus\b)\s*/;
const HYPHEN_SPLIT_RE = /\s*-\s*/;

/**
 * Splits "hydrocodone/acetaminophen 5/325", "lisinopril and hydrochlorothiazide", "amoxicillin-clavulanate" into
 * their parts (strengths removed first so "5/325" does not split). Returns [] when the text has a single part.
 */
export function splitCombination(folded: string): string[] {
  const text = stripAllStrengths(folded);
  for (const re of [COMBINATION_SPLIT_RE, HYPHEN_SPLIT_RE]) {
    const parts = text
      .split(re)
      .map((p) => p.trim())
      .filter((p) => words(p).length > 0);
    if (parts.length >= 2) return parts;
  }
  return [];
}

/** Kebab-case slug ("Bactrim DS" → "bactrim-ds"). */
export function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
