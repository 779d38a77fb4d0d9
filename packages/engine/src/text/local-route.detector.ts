import type { LocalRoute } from '@vigil/contracts';
import type { DoseSite } from '../model/kb-vocabulary';
import { foldText } from './name.normalizer';

/** Words that put a product in the mouth, vagina or rectum, through the skin by patch, or into a vein, muscle or fat. */
const SYSTEMIC_DOSING_WORDS =
  'vaginal|vag|intravaginal|rectal|buccal|oral|po|transdermal|patch|troche|lozenge|sublingual|injection|injectable|inj|iv|im|subcutaneous|tablet|tab|capsule|cap';
/** Words that put a product in the nose or lungs. */
const NASAL_WORDS = 'nasal|intranasal';
const INHALED_WORDS = 'inhal\\w*|nebuli[sz]\\w*';

/**
 * Words that put a product somewhere systemic exposure is expected (vagina, rectum, nose, mouth, lungs, through the
 * skin by patch, by injection): such a name is never read as a local route, whatever else it says ("vaginal cream").
 */
const SYSTEMIC_RE = new RegExp(`\\b(?:${SYSTEMIC_DOSING_WORDS}|${NASAL_WORDS}|${INHALED_WORDS})\\b`);

/** Local routes by the words that name them, most specific first ("eye ointment" is the eye, not the skin). */
const LOCAL_PATTERNS: readonly (readonly [LocalRoute, RegExp])[] = [
  ['eye', /\b(?:ophthalmic|opthalmic|ophth|opth|eye ?drops?|eye (?:ointment|oint|gel|solution|soln|suspension|susp|emulsion))\b/],
  ['ear', /\b(?:otic|ear ?drops?|aural)\b/],
  ['skin', /\b(?:cream|creme|crm|ointment|oint|lotion|shampoo|topical|cutaneous|dermal)\b/],
];

/**
 * The local route a drug name states ("ketoconazole 2% shampoo" → skin, "Ciloxan eye drops" → eye), or undefined
 * when it states none or also states a systemic one. Read on folded text, so case and accents do not matter.
 */
export function detectLocalRoute(name: string): LocalRoute | undefined {
  const text = foldText(name);
  if (SYSTEMIC_RE.test(text)) return undefined;
  for (const [route, re] of LOCAL_PATTERNS) if (re.test(text)) return route;
  return undefined;
}

/**
 * Words that say a product is taken by mouth, injected, or put where it acts systemically (rectum, vagina, skin patch):
 * the dosing words above and a few only the dose-site reading needs (enema, suppository, the spelled-out injection
 * routes, syrup, elixir).
 */
const SYSTEMIC_DOSING_RE = new RegExp(`\\b(?:${SYSTEMIC_DOSING_WORDS}|enema|suppositor\\w*|intramuscular|intravenous|intra-?articular|epidural|syrup|elixir)\\b`);
const NASAL_RE = new RegExp(`\\b(?:${NASAL_WORDS}|nose)\\b`);
const INHALED_RE = new RegExp(
  `\\b(?:${INHALED_WORDS}|neb|hfa|mdi|dpi|diskus|ellipta|respimat|turbuhaler|flexhaler|handihaler|twisthaler|pressair|inhub|redihaler|respiclick|aerosphere)\\b`,
);

/** Words that put a product in the uterus: "levonorgestrel intrauterine system", "Mirena IUD", "LNG-IUS". */
const INTRAUTERINE_RE = /\b(?:intra-?uterine|iud|ius)\b/;

/**
 * The non-systemic site a drug name states: a local route (skin, eye, ear; see `detectLocalRoute`), the uterus
 * ("levonorgestrel IUD"), or the nose ("triamcinolone nasal spray") or lungs ("budesonide inhalation suspension",
 * "Advair HFA"). Undefined when it states none or also states a systemic one ("oral", "injection", "tablet"...). Only
 * ingredients that some rule, class or domain leaves out at a site care.
 */
export function detectDoseSite(name: string): DoseSite | undefined {
  const local = detectLocalRoute(name);
  if (local) return local;
  const text = foldText(name);
  if (INTRAUTERINE_RE.test(text)) return 'intrauterine';
  if (SYSTEMIC_DOSING_RE.test(text)) return undefined;
  if (NASAL_RE.test(text)) return 'nasal';
  if (INHALED_RE.test(text)) return 'inhaled';
  return undefined;
}
