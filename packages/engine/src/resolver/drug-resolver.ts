import type { DrugResolution, DrugSuggestion, ResolutionMethod, ResolvedIngredient } from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { DrugInput } from '../model/drug-input.model';
import {
  compactKey,
  DOSE_FORM_WORDS,
  foldText,
  RELEASE_WORDS,
  SALT_WORDS,
  hydrateStripped,
  saltStrippedVariants,
  splitCombination,
  splitParenthetical,
  stripLevel1,
  stripLevel2,
  stripSig,
  stripUnitStrengths,
  words,
} from '../text/name.normalizer';
import { boundedOsaDistance } from '../text/string-distance';
import { correctableEdits, type NameCandidate, type NameEntry, type NameKind, type NameTarget } from './name.index';
import { DEFAULT_RESOLUTION_LIMITS, ResolutionBudget, type ResolutionLimits } from './resolution.budget';
import { ABBREVIATIONS, BRAND_CHANGES, FAMILY_NAMES, LOOK_ALIKE_GROUPS, type BrandChange, type FamilyName } from './name-safety.table';

export interface DrugResolverOptions {
  /** Largest number of suggestions per unresolved input (default 5). */
  maxSuggestions?: number;
  /** Work budget of one `resolveAll` (one request) and of each input in it. */
  limits?: Partial<ResolutionLimits>;
}

/** Result of resolving one piece of text, before it becomes a DrugResolution. */
interface Attempt {
  status: 'resolved' | 'ambiguous' | 'unresolved';
  method?: ResolutionMethod;
  confidence?: number;
  targets: NameTarget[];
  matched?: string;
  suggestions?: DrugSuggestion[];
  reason?: string;
  split?: boolean;
}

/** Generic names of biological products that carry FDA four-letter suffixes (USAN stems, and every insulin). */
const BIOLOGIC_NAME_RE = /(?:mab|cept|ase|stim|tropin|alfa|beta|tide)$|^insulin\b/;

const METHOD_RANK: Readonly<Record<ResolutionMethod, number>> = { exact: 0, synonym: 1, salt: 2, brand: 3, code: 4, fuzzy: 5 };
const KIND_METHOD: Readonly<Record<NameKind, ResolutionMethod>> = { generic: 'exact', synonym: 'synonym', salt: 'salt', brand: 'brand', product: 'brand' };

const RXCUI_RE = /^\d{1,8}$/;
const ATC_RE = /^[a-z](?:\d{2}(?:[a-z](?:[a-z](?:\d{2})?)?)?)?$/;
const NDC_RE = /^(?:\d{4,5}-\d{3,4}(?:-\d{1,2})?|\d{10,11})$/;
const CODE_PREFIX_RE = /^(rxcui|rxnorm|atc|ndc)\s*[:=#]?\s*(\S+)$/;

/**
 * Turns what people type ("Coumadin 5 mg", "metoprolol succinate ER 25mg", "hydrocodone/acetaminophen",
 * "paracetamol", "warfrin", {rxcui: "11289"}) into knowledge-base ingredients, or says precisely why it cannot.
 *
 * Order: codes → directions removed ("daily with supper", "1 tab po qhs") → "Brand (generic)" asides, whose parts
 * must agree → name facts (brands whose product changed, pharmacy abbreviations, family names; `name-safety.table`)
 * → exact name (after removing strengths, dose forms, devices, release modifiers) → salt forms → class names
 * ("statins") → combination split → "several drugs start with this word" → conservative spelling correction →
 * unresolved.
 * Spelling correction is accepted only when one candidate is clearly best and the edit is small, the words that
 * differ are not qualifiers ("penicillin G" is not penicillin V) and the input is not as close to a look-alike name
 * (ISMP list); otherwise the input stays unresolved (or ambiguous) with ranked suggestions. It never maps a known
 * drug that is not in the knowledge base onto one that is, and a family name ("insulin") is never one substance.
 */
export class DrugResolver {
  private readonly maxSuggestions: number;
  /** Class ids and names (and their singulars) that are not names of a substance: "statins", "beta blocker". */
  private readonly classFamilies = new Map<string, FamilyName>();
  /** Look-alike name key → the keys of the other names of its group. */
  private readonly lookAlikeByKey = new Map<string, string[]>();
  /** Target key → the look-alike name keys that must not be confused with it. */
  private readonly lookAlikeByTarget = new Map<string, string[]>();

  private readonly limits: Readonly<ResolutionLimits>;
  /** Budget of the request being resolved (synchronous, so one at a time). */
  private budget: ResolutionBudget;

  constructor(
    private readonly kb: KnowledgeBase,
    options: DrugResolverOptions = {},
  ) {
    this.maxSuggestions = options.maxSuggestions ?? 5;
    this.limits = { ...DEFAULT_RESOLUTION_LIMITS, ...options.limits };
    this.budget = new ResolutionBudget(this.limits);
    for (const c of kb.classes) {
      const family: FamilyName = { label: c.name, classes: [c.id] };
      for (const k of [compactKey(c.id), compactKey(c.name)]) {
        for (const key of k.endsWith('s') ? [k, k.slice(0, -1)] : [k]) {
          if (key.length >= 3 && !kb.names.exact(key) && !this.classFamilies.has(key)) this.classFamilies.set(key, family);
        }
      }
    }
    for (const group of LOOK_ALIKE_GROUPS) {
      const keys = group.map((n) => compactKey(n));
      for (const key of keys) {
        const others = keys.filter((k) => k !== key);
        this.lookAlikeByKey.set(key, [...(this.lookAlikeByKey.get(key) ?? []), ...others]);
        const target = kb.names.exact(key)?.target.key;
        if (!target) continue;
        const partners = others.filter((o) => kb.names.exact(o)?.target.key !== target);
        this.lookAlikeByTarget.set(target, [...(this.lookAlikeByTarget.get(target) ?? []), ...partners]);
      }
    }
  }

  /** Resolves one request's list under one work budget (`ResolutionLimits`). */
  resolveAll(inputs: readonly DrugInput[]): DrugResolution[] {
    this.budget = new ResolutionBudget(this.limits);
    return inputs.map((input, index) => this.resolveInput(input, index));
  }

  /** Resolves one input as a request of its own. */
  resolve(input: DrugInput, index = 0): DrugResolution {
    this.budget = new ResolutionBudget(this.limits);
    return this.resolveInput(input, index);
  }

  private resolveInput(input: DrugInput, index: number): DrugResolution {
    this.budget.startInput();
    const obj = typeof input === 'string' ? { name: input } : (input ?? {});
    const attempts: Attempt[] = [];
    let label = '';
    const codes: [string, string | undefined][] = [
      ['rxcui', obj.rxcui],
      ['atc', obj.atc],
      ['ndc', obj.ndc],
    ];
    for (const [kind, value] of codes) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      label ||= `${kind}:${value.trim()}`;
      const a = this.resolveCode(kind, value.trim());
      if (a.status === 'resolved') return this.toResolution(index, obj.id, obj.name?.trim() || label, a);
      attempts.push(a);
    }
    if (typeof obj.name === 'string' && obj.name.trim() !== '') {
      label = obj.name.trim();
      const a = this.resolveText(obj.name);
      if (a.status === 'resolved') return this.toResolution(index, obj.id, label, a);
      attempts.unshift(a);
    }
    if (attempts.length === 0) {
      return this.toResolution(index, obj.id, label, { status: 'unresolved', targets: [], reason: 'empty input: give a name, rxcui, atc or ndc' });
    }
    const best = attempts.find((a) => a.status === 'ambiguous') ?? attempts[0];
    return this.toResolution(index, obj.id, label, best);
  }

  /**
   * Resolutions of free text, memoised per resolver (so per knowledge base): medication lists repeat the same
   * names all day. Bounded; cleared when full. Attempts are never mutated after they are built.
   */
  private readonly textMemo = new Map<string, Attempt>();

  /** Resolves free text (a name, or a code written as text), through `textMemo`. */
  private resolveText(text: string): Attempt {
    let attempt = this.textMemo.get(text);
    if (!attempt) {
      attempt = this.resolveTextUncached(text);
      // A result cut short by the work budget depends on the rest of the request: never remembered.
      if (this.budget.refusedThisInput) return attempt;
      if (this.textMemo.size >= TEXT_MEMO_LIMIT) this.textMemo.clear();
      this.textMemo.set(text, attempt);
    }
    return attempt;
  }

  private resolveTextUncached(text: string): Attempt {
    const raw = foldText(text);
    if (raw === '') return { status: 'unresolved', targets: [], reason: 'empty input' };
    const code = detectCode(raw);
    if (code) return this.resolveCode(code[0], code[1]);
    const folded = stripSig(raw);
    if (folded === '') return { status: 'unresolved', targets: [], reason: 'directions only, no drug name', suggestions: [] };
    const negated = this.withoutNegated(folded);
    if (negated) return negated;
    const paren = splitParenthetical(folded);
    if (paren) {
      // Names that contain parentheses ("insulin human (regular)") first; then the parts must agree.
      const whole = this.safetyStage(folded) ?? this.exactStages(folded);
      if (whole) return whole;
      return this.resolveParenthetical(paren.outside, paren.inside) ?? this.resolveFolded(folded);
    }
    return this.resolveFolded(folded);
  }

  /**
   * "aspirin-free", "alcohol free": a name written to say the product LACKS it (Excedrin Aspirin Free is
   * acetaminophen and caffeine). The negated name is never the answer: the rest of the text is read without it, and a
   * drug that still contains the negated substance is refused. "free base" and "free acid" are salt forms, not this.
   */
  private withoutNegated(folded: string): Attempt | undefined {
    const m = /(?:^|[\s(,])([a-z][a-z0-9]*)(?:-|\s)free(?![a-z0-9])(?!\s+(?:base|acid)\b)/.exec(folded);
    if (!m) return undefined;
    const word = m[1];
    const rest = `${folded.slice(0, m.index)} ${folded.slice(m.index + m[0].length)}`.replace(/[(),]/g, ' ').replace(/\s+/g, ' ').trim();
    const reason = `"${word}-free" names what the product does not contain`;
    if (rest === '') return { status: 'unresolved', targets: [], reason: `${reason}: give its active ingredients`, suggestions: [] };
    const r = this.resolveTextUncached(rest);
    const absent = this.exactStages(word);
    const absentIds = new Set(absent?.status === 'resolved' ? absent.targets.flatMap((t) => t.ingredientIds) : []);
    if (r.status === 'resolved' && r.targets.some((t) => t.ingredientIds.some((id) => absentIds.has(id)))) {
      return { status: 'unresolved', targets: [], reason: `${reason}, but "${rest}" contains it: give the product's active ingredients`, suggestions: [] };
    }
    // Suggestions that contain the negated substance are not this product.
    const without = r.suggestions?.filter((x) => !(x.ingredientIds ?? []).some((id) => absentIds.has(id)));
    return without && without.length < r.suggestions!.length ? { ...r, suggestions: without } : r;
  }

  /** Name resolution of folded text without codes, directions or parentheses. */
  private resolveFolded(folded: string): Attempt {
    const safe = this.safetyStage(folded);
    if (safe) return safe;
    const exact = this.exactStages(folded) ?? this.biosimilarBase(folded);
    if (exact) return exact;
    const family = this.classFamily(folded);
    if (family) return family;
    const combo = this.resolveCombination(folded);
    if (combo?.status === 'resolved') return combo;
    const spaced = combo ? undefined : this.spacedProduct(folded);
    if (spaced) return spaced;
    const rest = this.fallbackStages(folded);
    if (rest.status !== 'unresolved' || !combo) return rest;
    return combo.suggestions?.length ? combo : { ...combo, suggestions: rest.suggestions ?? [] };
  }

  private resolveCode(kind: string, raw: string): Attempt {
    const value = raw.trim();
    if (kind === 'rxcui' || kind === 'rxnorm') {
      const ing = this.kb.byRxcui(value.replace(/^0+(?=\d)/, ''));
      if (ing) return this.resolvedAs([this.ingredientTarget(ing.id)], 'code', 1, `RxCUI ${value}`);
      return { status: 'unresolved', targets: [], reason: `RxCUI ${value} is not an ingredient RxCUI in the knowledge base` };
    }
    if (kind === 'atc') {
      const code = value.toUpperCase().replace(/\s+/g, '');
      if (code.length >= 7) {
        const ings = this.kb.byAtc(code);
        if (ings.length === 1) return this.resolvedAs([this.ingredientTarget(ings[0].id)], 'code', 1, `ATC ${code}`);
        if (ings.length > 1) {
          return {
            status: 'ambiguous',
            targets: [],
            reason: `ATC ${code} belongs to several ingredients`,
            suggestions: ings.slice(0, this.maxSuggestions).map((i) => ({ name: i.name, score: 1, ingredientIds: [i.id] })),
          };
        }
        return { status: 'unresolved', targets: [], reason: `ATC ${code} is not in the knowledge base` };
      }
      const ings = this.kb.byAtc(code, true);
      return {
        status: ings.length > 1 ? 'ambiguous' : 'unresolved',
        targets: [],
        reason: `ATC ${code} is a group, not a single substance: give a level-5 code or a name`,
        suggestions: ings.slice(0, this.maxSuggestions).map((i) => ({ name: i.name, score: 0.5, ingredientIds: [i.id] })),
      };
    }
    return {
      status: 'unresolved',
      targets: [],
      reason: `NDC ${value} cannot be looked up: this knowledge base has no NDC directory; send the name or RxCUI`,
    };
  }

  /**
   * A biological product's proper name with FDA's four-letter suffix ("ustekinumab-auub", "insulin aspart-szjj",
   * "epoetin alfa-epbx"): the suffix distinguishes manufacturers of one molecule, whose interactions are those of the
   * reference product. Read as the base ingredient, only when the base is exactly the name of one biological
   * ingredient (a monoclonal antibody, fusion protein, enzyme, growth factor, hormone or insulin), so that an English
   * word after a hyphen ("aspirin-free") is never dropped.
   */
  private biosimilarBase(folded: string): Attempt | undefined {
    const m = /([a-z])-([a-z]{4})(?=$|[\s,(])/.exec(folded);
    if (!m) return undefined;
    const base = folded.slice(0, m.index + 1) + folded.slice(m.index + m[0].length);
    const a = this.exactStages(base);
    if (a?.status !== 'resolved' || a.targets.length !== 1 || a.targets[0].kind !== 'ingredient') return undefined;
    if (!BIOLOGIC_NAME_RE.test(a.targets[0].display)) return undefined;
    return this.resolvedAs(a.targets, 'synonym', 1, `${a.targets[0].display}-${m[2]}`);
  }

  /** Deterministic stages: exact name after removing strengths, dose forms and release words; then salt forms. */
  private exactStages(folded: string): Attempt | undefined {
    const unitless = words(stripUnitStrengths(folded));
    // Level 1 with bare numbers kept: "Humalog Mix 75/25 KwikPen" → "humalog mix 75 25".
    const withNumbers = unitless.filter((w) => !DOSE_FORM_WORDS.has(w));
    const variants: string[][] = [words(folded), unitless, withNumbers, stripLevel1(folded), stripLevel2(folded)];
    const seen = new Set<string>();
    for (const ws of variants) {
      const key = ws.join('');
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const e = this.kb.names.exact(key);
      if (e) return this.resolvedAs([e.target], KIND_METHOD[e.kind], 1, e.name);
    }
    const core = stripLevel2(folded);
    const dry = hydrateStripped(core);
    for (const ws of dry ? [dry, ...saltStrippedVariants(core)] : saltStrippedVariants(core)) {
      const e = this.kb.names.exact(ws.join(''));
      if (e) return this.resolvedAs([e.target], e.kind === 'brand' || e.kind === 'product' ? 'brand' : 'salt', 1, e.name);
    }
    return undefined;
  }

  /** Spelling correction, "several drugs start with this word", else unresolved with suggestions. */
  private fallbackStages(folded: string): Attempt {
    const core = stripLevel2(folded);
    const key = core.join('');
    if (key.length < 3) return { status: 'unresolved', targets: [], reason: 'too short to identify a drug', suggestions: [] };
    // A word that starts several drug names is a family ("insulin" → insulin glargine, insulin lispro…): listing
    // them beats correcting the word into another substance ("inulin").
    const byWord = this.firstWordMatch(core);
    if (byWord?.status === 'ambiguous') return byWord;
    const fuzzy = this.fuzzy(key, core, words(folded).join(''));
    if (fuzzy) return fuzzy;
    if (byWord) return byWord;
    const saltFree = saltStrippedVariants(core)[0]?.join('') ?? key;
    const known = this.kb.names.isOtherDrug(key) || this.kb.names.isOtherDrug(saltFree);
    const suggestions = this.suggest(key);
    const reason = known
      ? 'a known drug that this knowledge base does not cover'
      : key.length > this.limits.correctableLength
        ? `not an exact drug name, and too long (${key.length} letters) to be a misspelt one`
        : this.budget.refusedThisInput
          ? `not an exact drug name, and this request's spelling-correction budget is spent (${this.limits.scansPerInput} look-ups per input, ${this.limits.scansPerRequest} per request): check the spelling`
          : 'not a drug name known to this knowledge base';
    return { status: 'unresolved', targets: [], reason, suggestions };
  }

  /** Spelling correction: only a small edit, only one clearly best candidate, never onto a different known drug. */
  private fuzzy(key: string, core: readonly string[], wholeKey = key): Attempt | undefined {
    // A guarded name is refused whole too: "1-proponol" (propyl alcohol) must not become propofol through "proponol".
    if (this.kb.names.isOtherDrug(key) || this.kb.names.isOtherDrug(wholeKey)) return undefined;
    const maxAccept = correctableEdits(key);
    if (maxAccept === 0) return undefined;
    if (!this.budget.trySpendScan(key)) return undefined;
    const candidates = this.kb.names.withinDistance(key, maxAccept + 1);
    // Never onto a name of four letters or fewer: too many words are one edit away ("threo" is not Theo).
    const accepted = candidates.filter((c) => c.distance <= maxAccept && c.entry.key.length > 4 && plausibleTypo(key, c.entry.key, c.distance));
    if (accepted.length === 0) return undefined;
    const [best] = accepted;
    const rivals = candidates.filter((c) => c !== best && c.score > best.score - 0.15);
    if (rivals.length > 0) {
      const tied = [best, ...rivals];
      return {
        status: 'ambiguous',
        targets: [],
        reason: `"${key}" is close to several drugs`,
        suggestions: tied.slice(0, this.maxSuggestions).map(toSuggestion),
      };
    }
    const qualifier = distinguishingQualifier(core, stripLevel2(foldText(best.entry.name)));
    if (qualifier) {
      const others = this.suggest(key).filter((s) => s.name !== best.entry.target.display);
      return {
        status: 'unresolved',
        targets: [],
        reason: `"${core.join(' ')}" differs from ${best.entry.name} by "${qualifier}": a different drug or form, not a misspelling`,
        suggestions: [toSuggestion(best), ...others].slice(0, this.maxSuggestions),
      };
    }
    // The words stripped before correction ("LA", "XL", dose forms) may belong to another drug's name: "la hydrin"
    // is Lac-Hydrin misspelt, not "hydrin" (Hytrin). Then neither is chosen.
    const unstripped = wholeKey === key ? undefined : this.nearOtherDrug(wholeKey, best);
    if (unstripped === 'refused') return undefined; // no budget left to rule the other reading out: no correction
    if (unstripped) {
      return {
        status: 'ambiguous',
        targets: [],
        reason: `"${core.join(' ')}" is close to ${best.entry.name}, and with its other words to ${unstripped.entry.name}: spell it out`,
        suggestions: [toSuggestion(best), toSuggestion(unstripped)],
      };
    }
    const truncated = this.truncationRivals(key, best);
    if (truncated.length > 0) {
      const covered = truncated.filter((t): t is NameEntry => typeof t !== 'string');
      const uncovered = truncated.filter((t): t is string => typeof t === 'string');
      const names = [...covered.map((e) => e.name), ...uncovered];
      return {
        status: covered.length > 0 ? 'ambiguous' : 'unresolved',
        targets: [],
        reason: `"${key}" is also how ${names.join(', ')} begin${names.length === 1 ? 's' : ''}${
          covered.length === 0 ? ` (not covered by this knowledge base)` : ''
        }: a shortened name, not a misspelling of ${best.entry.name}; spell it out`,
        suggestions: [toSuggestion(best), ...covered.map((e) => entrySuggestion(e, 0.6))].slice(0, this.maxSuggestions),
      };
    }
    const lookAlike = this.lookAlikeNear(key, best);
    if (lookAlike.length > 0) {
      const partners = lookAlike.map((k) => this.kb.names.exact(k)).filter((e): e is NameEntry => e !== undefined);
      return {
        status: 'ambiguous',
        targets: [],
        reason: `"${key}" is close to look-alike drug names (${[best.entry.name, ...lookAlike.map((k) => this.kb.names.exact(k)?.name ?? k)].join(', ')}): spell it out`,
        suggestions: [toSuggestion(best), ...partners.map((e) => entrySuggestion(e, 0.6))].slice(0, this.maxSuggestions),
      };
    }
    const confidence = Math.min(0.95, Math.round(best.score * 100) / 100);
    return this.resolvedAs([best.entry.target], 'fuzzy', confidence, best.entry.name);
  }

  /**
   * The closest name within spelling-correction distance of `wholeKey` that names a drug sharing nothing with `best`;
   * 'refused' when the work budget cannot pay for the look-up.
   */
  private nearOtherDrug(wholeKey: string, best: NameCandidate): NameCandidate | 'refused' | undefined {
    const max = correctableEdits(wholeKey);
    if (max === 0) return undefined;
    if (!this.budget.trySpendScan(wholeKey)) return 'refused';
    const same = new Set(best.entry.target.ingredientIds);
    return this.kb.names.withinDistance(wholeKey, max).find((c) => c.entry.key.length > 4 && !c.entry.target.ingredientIds.some((id) => same.has(id)));
  }

  /**
   * Other drugs whose names begin with `key` ("cipra" → Cipralex, "norflox" → norfloxacin): the input may be that
   * name cut short rather than `best` misspelt. A longer form of `best`'s own name ("magnesiu" → magnesium glycinate)
   * or a name of the same ingredients is not a rival, nor is an uncovered name within two edits of `best`'s
   * ("brompheniraminum"). Entries for covered drugs (one per drug), bare keys otherwise.
   */
  private truncationRivals(key: string, best: NameCandidate): Array<NameEntry | string> {
    const same = new Set(best.entry.target.ingredientIds);
    const seen = new Set<string>();
    const out: Array<NameEntry | string> = [];
    for (const { key: k, entry } of this.kb.names.startingWith(key)) {
      if (k.startsWith(best.entry.key)) continue;
      if (entry) {
        const ids = entry.target.ingredientIds;
        if (ids.length === same.size && ids.every((id) => same.has(id))) continue;
        if (seen.has(entry.target.key)) continue;
        seen.add(entry.target.key);
        out.push(entry);
      } else if (boundedOsaDistance(k, best.entry.key, 2) > 2) out.push(k); // not a Latin or INN form ("-um") of best
    }
    return out;
  }

  /** Look-alike names of `best`'s drug that `key` is (nearly) as close to as to `best`: no correction then. */
  private lookAlikeNear(key: string, best: NameCandidate): string[] {
    const partners = this.lookAlikeByTarget.get(best.entry.target.key);
    if (!partners) return [];
    const limit = best.distance + 1;
    return partners.filter((p) => boundedOsaDistance(key, p, limit) <= limit);
  }

  /** Names that are safety facts rather than spellings: changed brands, abbreviations, family names. */
  private safetyStage(folded: string): Attempt | undefined {
    const keys = new Set([
      words(folded).join(''),
      words(stripUnitStrengths(folded))
        .filter((w) => !DOSE_FORM_WORDS.has(w) && !RELEASE_WORDS.has(w))
        .join(''),
      stripLevel2(folded).join(''),
    ]);
    for (const key of keys) {
      if (key === '') continue;
      const change = BRAND_CHANGE_MAP.get(key);
      if (change) {
        const a = this.brandChange(folded, change);
        if (a) return a;
      }
      const names = ABBREVIATION_MAP.get(key);
      // An abbreviation the knowledge base lists itself resolves there (and reports its own matched name).
      if (names && !this.kb.names.exact(key)) {
        const targets = this.targetsOf(names);
        if (targets.length === names.length) return this.resolvedAs(targets, 'synonym', 1, names.join(' / '));
      }
      const family = FAMILY_MAP.get(key);
      if (family) {
        const a = this.familyAttempt(key, family);
        if (a) return a;
      }
    }
    return undefined;
  }

  private brandChange(folded: string, change: BrandChange): Attempt | undefined {
    if (change.current) {
      const targets = this.targetsOf(change.current);
      if (targets.length === change.current.length) return this.resolvedAs(targets, 'brand', 1, change.current.join(' / '));
      return undefined;
    }
    const options = this.targetsOf(change.options ?? []);
    if (options.length === 0) return undefined;
    return {
      status: 'ambiguous',
      targets: [],
      reason: `"${folded}" names products with different ingredients: ${change.note}`,
      suggestions: options.map((t) => ({ name: t.display, score: 0.9, ingredientIds: [...t.ingredientIds] })),
    };
  }

  /** A class id or name typed as a drug ("statins", "beta blocker"): ambiguous with the class members. */
  private classFamily(folded: string): Attempt | undefined {
    const key = stripLevel2(folded).join('');
    const family = this.classFamilies.get(key);
    return family ? this.familyAttempt(key, family) : undefined;
  }

  private familyAttempt(key: string, family: FamilyName): Attempt | undefined {
    const ids: string[] = [];
    for (const c of family.classes ?? []) for (const id of this.kb.getClass(c)?.members ?? []) if (!ids.includes(id)) ids.push(id);
    for (const t of this.targetsOf(family.names ?? [])) for (const id of t.ingredientIds) if (!ids.includes(id)) ids.push(id);
    if (ids.length === 0) return undefined;
    return {
      status: 'ambiguous',
      targets: [],
      reason: `"${key}" names a family of drugs (${family.label}), not one drug: give the product or ingredient`,
      suggestions: ids.slice(0, Math.max(this.maxSuggestions, FAMILY_SUGGESTIONS)).map((id) => ({
        name: this.kb.ingredient(id)?.name ?? id,
        score: 0.9,
        ingredientIds: [id],
      })),
    };
  }

  /** Targets of knowledge-base names, in order; names the knowledge base lacks are left out. */
  private targetsOf(names: readonly string[]): NameTarget[] {
    const out: NameTarget[] = [];
    for (const n of names) {
      const e = this.kb.names.exact(compactKey(n));
      if (e && !out.some((t) => t.key === e.target.key)) out.push(e.target);
    }
    return out;
  }

  /**
   * "Lipitor (atorvastatin) 20 mg": the parts must agree. Parts that are only directions are ignored; a part that
   * names nothing known is ignored; parts that name different drugs make the input ambiguous.
   */
  private resolveParenthetical(outside: string, inside: readonly string[]): Attempt | undefined {
    const parts = [outside, ...inside].filter((p) => stripLevel2(p).length > 0);
    if (parts.length === 0) return { status: 'unresolved', targets: [], reason: 'no drug name', suggestions: [] };
    if (parts.length === 1 && parts[0] === outside) return undefined;
    const attempts = parts.map((p) => this.resolveFolded(p));
    const resolved = attempts.filter((a) => a.status === 'resolved');
    // A part that is only a spelling correction never decides alone ("(bovine)" is not Bonine).
    if (!resolved.some((a) => a.method !== 'fuzzy')) return attempts.find((a) => a.status === 'ambiguous');
    const setOf = (a: Attempt) => [...new Set(a.targets.flatMap((t) => t.ingredientIds))].sort().join('+');
    const sets = new Set(resolved.map(setOf));
    const best = resolved.find((a) => a.method !== 'fuzzy') ?? resolved[0];
    const agreeing = attempts.every(
      (a) => a.status === 'resolved' || a.status === 'unresolved' || (a.suggestions ?? []).some((s) => [...new Set(s.ingredientIds)].sort().join('+') === setOf(best)),
    );
    if (sets.size === 1 && agreeing) return best;
    const suggestions: DrugSuggestion[] = [];
    for (const a of resolved) for (const t of a.targets) suggestions.push({ name: t.display, score: 0.9, ingredientIds: [...t.ingredientIds] });
    for (const a of attempts) if (a.status === 'ambiguous') suggestions.push(...(a.suggestions ?? []));
    return {
      status: 'ambiguous',
      targets: [],
      reason: `"${parts.join('" and "')}" name different drugs`,
      suggestions: suggestions.filter((s, i) => suggestions.findIndex((x) => x.name === s.name) === i).slice(0, this.maxSuggestions),
    };
  }

  /** "insulin" → several insulins: ambiguous. A single drug starting with the word is only suggested. */
  private firstWordMatch(core: string[]): Attempt | undefined {
    if (core.length !== 1) return undefined;
    const entries = this.kb.names.firstWord(core[0]);
    if (entries.length === 0) return undefined;
    const byTarget = new Map<string, NameEntry>();
    for (const e of entries) if (!byTarget.has(e.target.key)) byTarget.set(e.target.key, e);
    const suggestions = [...byTarget.values()].slice(0, this.maxSuggestions).map((e) => ({
      name: e.target.display,
      score: 0.8,
      ...(e.name !== e.target.display ? { matched: e.name } : {}),
      ingredientIds: [...e.target.ingredientIds],
    }));
    return {
      status: byTarget.size > 1 ? 'ambiguous' : 'unresolved',
      targets: [],
      reason: byTarget.size > 1 ? `"${core[0]}" names several drugs: be more specific` : `"${core[0]}" alone is incomplete`,
      suggestions,
    };
  }

  /**
   * "irbesartan: hydrochlorothiazide" (a list's "drug: drug" layout) is a combination only when every part is an exact
   * drug name: a colon also comes before directions or a strength ("metoprolol tartrate: take 1 tablet",
   * "lisinopril: 10 mg"), which the whole-text stages then read as the drug before it. No spelling correction here.
   */
  private colonCombination(folded: string): Attempt | undefined {
    if (!folded.includes(':')) return undefined;
    const parts = folded
      .split(/\s*:\s*/)
      .map((p) => p.trim())
      .filter((p) => words(p).length > 0);
    if (parts.length < 2 || parts.length > this.limits.combinationParts) return undefined;
    const results = this.exactParts(parts);
    return results && this.combined(results);
  }

  /** Each part read by the deterministic stages only (safety facts, exact and salt names); undefined unless all resolve. */
  private exactParts(parts: readonly string[]): Attempt[] | undefined {
    const out: Attempt[] = [];
    for (const p of parts) {
      const r = this.safetyStage(p) ?? this.exactStages(p);
      if (r?.status !== 'resolved') return undefined;
      out.push(r);
    }
    return out;
  }

  /** "hydrocodone/acetaminophen", "lisinopril and hydrochlorothiazide", "amoxicillin-clavulanate". */
  private resolveCombination(folded: string): Attempt | undefined {
    const parts = splitCombination(folded);
    if (parts.length < 2) return this.colonCombination(folded);
    if (parts.length > this.limits.combinationParts) {
      return {
        status: 'unresolved',
        targets: [],
        reason: `${parts.length} parts joined by "/", "+", "&" or "and": more than ${this.limits.combinationParts} is not a product; send one drug per entry`,
        suggestions: [],
      };
    }
    // Exact names first (no index scan); spelling correction only when few parts need it.
    const exact = parts.map((p) => {
      const f = foldText(p);
      return this.safetyStage(f) ?? this.exactStages(f) ?? this.classFamily(f);
    });
    const unknown = exact.filter((r) => r === undefined).length;
    if (unknown > this.limits.correctedParts) {
      return { status: 'unresolved', targets: [], reason: `${unknown} of its ${parts.length} parts are not drug names`, suggestions: [] };
    }
    const results = exact.map((r, i) => r ?? this.fallbackStages(foldText(parts[i])));
    const failed = results.findIndex((r) => r.status !== 'resolved');
    if (failed >= 0) {
      const r = results[failed];
      return {
        status: r.status === 'ambiguous' ? 'ambiguous' : 'unresolved',
        targets: [],
        reason: `"${parts[failed]}" (part of a combination): ${r.reason ?? 'not recognised'}`,
        suggestions: r.suggestions ?? [],
      };
    }
    return this.combined(results);
  }

  /**
   * A known combination product written with spaces only ("losartan HCTZ", "sacubitril valsartan"): the words, cut into
   * two or three runs, each an exact name (or safety-table name) of a drug, whose drugs together make a product the
   * knowledge base lists. Only a listed product is accepted, so two drug names typed on one line without a separator
   * still go to spelling correction and suggestions, never silently into a pair.
   */
  private spacedProduct(folded: string): Attempt | undefined {
    const ws = stripLevel2(folded);
    if (ws.length < 2 || ws.length > SPACED_PRODUCT_WORDS) return undefined;
    for (const cuts of segmentations(ws.length, Math.min(3, this.limits.combinationParts))) {
      const results = this.exactParts(cuts.slice(1).map((end, i) => ws.slice(cuts[i], end).join(' ')));
      if (!results) continue;
      const ids = results.flatMap((r) => r.targets.flatMap((t) => t.ingredientIds));
      if (new Set(ids).size >= 2 && this.kb.productWithIngredients(ids)) return this.combined(results);
    }
    return undefined;
  }

  /** One resolution from the resolved parts of a combination (every part `resolved`). */
  private combined(results: readonly Attempt[]): Attempt {
    const ingredientIds = [...new Set(results.flatMap((r) => r.targets.flatMap((t) => t.ingredientIds)))];
    const method = results.map((r) => r.method!).reduce((a, b) => (METHOD_RANK[b] > METHOD_RANK[a] ? b : a));
    const confidence = Math.min(...results.map((r) => r.confidence ?? 1));
    // A known product's ingredient set (whatever its brand) is a real combination: its parts are not checked
    // against each other. Anything else might be two drugs typed on one line: they are.
    const known = this.kb.productWithIngredients(ingredientIds) !== undefined;
    return this.resolvedAs(
      ingredientIds.map((id) => this.ingredientTarget(id)),
      method,
      confidence,
      results.map((r) => r.matched).join(' / '),
      !known && ingredientIds.length > 1,
    );
  }

  /**
   * Ranked suggestions. For an exact look-alike name ("hydroxyurea"), the names it is confused with come last, with
   * a score below every other suggestion: never offered as the likely meaning.
   */
  private suggest(key: string): DrugSuggestion[] {
    if (!this.budget.trySpendScan(key)) return [];
    const list = this.kb.names.similar(key, this.maxSuggestions).map(toSuggestion);
    const lookAlikes = this.lookAlikeByKey.get(key);
    if (!lookAlikes) return list;
    const confused = new Set(lookAlikes.map((k) => this.kb.names.exact(k)?.target.key).filter((t) => t !== undefined));
    const isConfused = (s: DrugSuggestion) => s.ingredientIds?.length === 1 && confused.has(`ingredient:${s.ingredientIds[0]}`);
    const others = list.filter((s) => !isConfused(s));
    const floor = Math.min(LOOK_ALIKE_SCORE_CAP, ...others.map((s) => s.score));
    const demoted = list.filter(isConfused).map((s) => ({ ...s, score: Math.round(Math.min(s.score, floor - 0.01) * 100) / 100 }));
    return [...others, ...demoted];
  }

  private ingredientTarget(id: string): NameTarget {
    const ing = this.kb.ingredient(id)!;
    return { key: `ingredient:${id}`, kind: 'ingredient', id, display: ing.name, ingredientIds: [id] };
  }

  private resolvedAs(targets: NameTarget[], method: ResolutionMethod, confidence: number, matched?: string, split = false): Attempt {
    return { status: 'resolved', method, confidence, targets, matched, split };
  }

  private toResolution(index: number, id: string | undefined, input: string, a: Attempt): DrugResolution {
    const out: DrugResolution =
      a.status === 'resolved'
        ? { index, ...(id !== undefined ? { id } : {}), input, status: a.status, method: a.method, confidence: a.confidence, ingredients: [] }
        : { index, ...(id !== undefined ? { id } : {}), input, status: a.status, ingredients: [] };
    if (a.status === 'resolved') {
      const ids: string[] = [];
      for (const t of a.targets) for (const iid of t.ingredientIds) if (!ids.includes(iid)) ids.push(iid);
      out.ingredients = ids.map((iid): ResolvedIngredient => {
        const ing = this.kb.ingredient(iid)!;
        return { id: ing.id, name: ing.name, ...(ing.rxcui ? { rxcui: ing.rxcui } : {}) };
      });
      if (a.matched && a.matched !== input) out.matched = a.matched;
      const product = a.targets.length === 1 && a.targets[0].kind === 'product' ? a.targets[0].display : undefined;
      if (product) out.product = product;
      if (a.split) out.split = true;
      out.coverage = this.kb.coverageOf(ids);
      return out;
    }
    out.suggestions = [...(a.suggestions ?? [])];
    if (a.reason) out.reason = a.reason;
    return out;
  }
}

const TEXT_MEMO_LIMIT = 20_000;
/** Highest score a look-alike of an exact name can get as a suggestion. */
const LOOK_ALIKE_SCORE_CAP = 0.5;
/** Largest number of members listed for a family name. */
const FAMILY_SUGGESTIONS = 12;
const BRAND_CHANGE_MAP = new Map(Object.entries(BRAND_CHANGES));
const ABBREVIATION_MAP = new Map(Object.entries(ABBREVIATIONS));
const FAMILY_MAP = new Map(Object.entries(FAMILY_NAMES));
/** Most words a space-separated product name may have ("fluticasone furoate umeclidinium vilanterol inhalation powder" after dose-form words go). */
const SPACED_PRODUCT_WORDS = 6;

/**
 * Every way to cut `n` words into 2..`maxParts` contiguous runs, as cut positions (`[0, i, n]`), fewest runs first.
 */
export function segmentations(n: number, maxParts: number): number[][] {
  const out: number[][] = [];
  for (let parts = 2; parts <= maxParts; parts++) {
    const walk = (start: number, left: number, acc: number[]) => {
      if (left === 1) {
        if (start < n) out.push([...acc, n]);
        return;
      }
      for (let i = start + 1; i <= n - left + 1; i++) walk(i, left - 1, [...acc, i]);
    };
    walk(0, parts, [0]);
  }
  return out;
}

/**
 * The word that makes `query` a different drug or form than `candidate` rather than a misspelling of it, or
 * undefined. Compares the words the two do not share: a letter or two ("penicillin G" vs "penicillin V"), a
 * number ("vitamin B6" vs "B12"), or a salt the candidate lacks ("... potassium" vs "... sodium") is a qualifier.
 * A misspelled word ("metoprolol sucinate") is not.
 */
export function distinguishingQualifier(query: readonly string[], candidate: readonly string[]): string | undefined {
  const onlyQuery = query.filter((w) => !candidate.includes(w));
  const onlyCandidate = candidate.filter((w) => !query.includes(w));
  // Where the two differ, in compact form: after their common prefix and before their common suffix.
  const q = query.join('');
  const c = candidate.join('');
  let pre = 0;
  while (pre < q.length && pre < c.length && q[pre] === c[pre]) pre++;
  let suf = 0;
  while (suf < q.length - pre && suf < c.length - pre && q[q.length - 1 - suf] === c[c.length - 1 - suf]) suf++;
  const isQualifier = (w: string) => w.length <= 2 || /\d/.test(w);
  // A short or numbered word of the candidate inside the differing part ("v" against "g"); not one the input
  // merely wrote joined to the next word ("kdurr" against "K-Dur").
  const qualifierIn = (ws: readonly string[], from: number, to: number) => {
    let pos = 0;
    for (const w of ws) {
      const start = pos;
      pos += w.length;
      if (from < pos && to > start && isQualifier(w)) return w;
    }
    return undefined;
  };
  // A short word the input has and the candidate lacks was typed on purpose ("NRC AN" is not Narcan).
  const typed = onlyQuery.find(isQualifier) ?? qualifierIn(query, pre, q.length - suf);
  if (typed) return typed;
  const inCandidate = qualifierIn(candidate, pre, c.length - suf);
  if (inCandidate) return inCandidate;
  for (const w of onlyQuery) {
    if (!SALT_WORDS.has(w)) continue;
    // A salt word of the input that is not a misspelling of one of the candidate's words.
    if (!onlyCandidate.some((cw) => boundedOsaDistance(w, cw, 2) <= 2)) return w;
  }
  return undefined;
}

function detectCode(folded: string): [string, string] | undefined {
  const m = CODE_PREFIX_RE.exec(folded);
  if (m) return [m[1], m[2]];
  if (RXCUI_RE.test(folded)) return ['rxcui', folded];
  if (NDC_RE.test(folded)) return ['ndc', folded];
  if ((folded.length === 4 || folded.length === 5 || folded.length === 7) && ATC_RE.test(folded)) return ['atc', folded];
  return undefined;
}

/**
 * Whether `query` looks like a misspelling of `key` rather than a different drug. Drug names that differ by one or two
 * letters are often different drugs, so a correction is only accepted when:
 * - the first letter is the same ("clidinium" is not "aclidinium", "ulobetasol" is not "clobetasol",
 *   "ethylmorphine" is not "methylmorphine");
 * - the digits are the same ("5-aminosalicylic acid" is not "aminosalicylic acid");
 * - the query is not a known name plus extra letters ("tylenolpm" is not "tylenol": the extra word is likely
 *   another ingredient);
 * - with two edits: the same first two letters ("saxagliptin" is not "sitagliptin"), not two substitutions
 *   ("streptozocin" is not "streptomycin", "empagliflozin" is not "dapagliflozin"), and not two inserted or deleted
 *   letters ("prednisolone" is not "prednisone", "esomeprazole" is not "omeprazole").
 */
export function plausibleTypo(query: string, key: string, distance: number): boolean {
  if (query[0] !== key[0]) return false;
  if (query.replace(/\D/g, '') !== key.replace(/\D/g, '')) return false;
  if (query.length >= key.length + 2 && (query.startsWith(key) || query.endsWith(key))) return false;
  if (distance >= 2) {
    if (query.slice(0, 2) !== key.slice(0, 2)) return false;
    const lengthDiff = Math.abs(query.length - key.length);
    if (lengthDiff === 0 || lengthDiff >= distance) return false;
  }
  return true;
}

function entrySuggestion(e: NameEntry, score: number): DrugSuggestion {
  return {
    name: e.target.display,
    score,
    ...(e.name !== e.target.display ? { matched: e.name } : {}),
    ingredientIds: [...e.target.ingredientIds],
  };
}

function toSuggestion(c: NameCandidate): DrugSuggestion {
  return {
    name: c.entry.target.display,
    score: Math.round(c.score * 100) / 100,
    ...(c.entry.name !== c.entry.target.display ? { matched: c.entry.name } : {}),
    ingredientIds: [...c.entry.target.ingredientIds],
  };
}
