import type { LocalRoute } from '@vigil/contracts';
import { foldText } from './name.normalizer';

/**
 * Words that put a product somewhere systemic exposure is expected (vagina, rectum, nose, mouth, lungs, through the
 * skin by patch, by injection): such a name is never read as a local route, whatever else it says ("vaginal cream").
 */
const SYSTEMIC_RE =
  /\b(?:vaginal|vag|intravaginal|rectal|nasal|intranasal|buccal|oral|po|inhal\w*|nebuli[sz]\w*|transdermal|patch|troche|lozenge|sublingual|injection|injectable|inj|iv|im|subcutaneous|tablet|tab|capsule|cap)\b/;

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
