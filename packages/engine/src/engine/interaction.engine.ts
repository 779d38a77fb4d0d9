import type {
  CheckInteractionsResult,
  CheckWarning,
  DrugResolution,
  DrugRoute,
  FindingKind,
  InteractionFinding,
  LocalRoute,
  LocalUse,
  Severity,
  UnresolvedDrug,
} from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { CheckOptions, DrugInput, FindingTextField } from '../model/drug-input.model';
import { type DoseSite, SEVERITIES, isLocalRoute, meetsSeverity, severityRank } from '../model/kb-vocabulary';
import { DrugResolver } from '../resolver/drug-resolver';
import { AdditiveRiskLayer } from './additive-risk.layer';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { DuplicateTherapyLayer } from './duplicate-therapy.layer';
import { EntryPairFolder } from './entry-pair.folder';
import { FindingBuilder } from './finding.builder';
import { PairwiseLayer } from './pairwise.layer';
import { detectDoseSite, detectLocalRoute } from '../text/local-route.detector';
import { LocalUseAssessor } from './local-use.assessor';
import { StoppedDrugAssessor, utcToday } from './stopped-drug.assessor';
import { usMarketPhrase } from '../kb/us-market.phrase';

/** Our wording; returned with every check. */
export const CHECK_DISCLAIMER =
  'Vigil is clinical decision support, not a substitute for the judgement of a qualified clinician or pharmacist. ' +
  'Findings come from the cited sources as interpreted by the Vigil knowledge base and may be incomplete or out of date. ' +
  'The absence of a finding does not prove that a combination is safe, and a drug that could not be identified was not checked at all.';

const ALL_FIELDS: readonly FindingTextField[] = ['evidence', 'mechanism', 'management'];
const KIND_ORDER: Readonly<Record<FindingKind, number>> = { 'drug-drug': 0, class: 1, pathway: 2, 'duplicate-therapy': 3, additive: 4 };

/**
 * The five-layer interaction check: 1 ingredient rules, 2 class rules, 3 enzyme pathways, 4 duplicate therapy,
 * 5 additive risk domains. Pure and deterministic: the same knowledge base and inputs give the same result.
 */
const ENTRY_PAIRS = new EntryPairFolder();

export class InteractionEngine {
  private readonly resolvers = new WeakMap<KnowledgeBase, DrugResolver>();

  /**
   * `pairwiseFastPaths: false` sends every pair through the pairwise layer's general route: only the differential
   * test uses it, to prove the fast routes decide exactly as the general one.
   */
  constructor(private readonly options: { pairwiseFastPaths?: boolean } = {}) {}

  /** The resolver this engine uses for a knowledge base (built once per knowledge base). */
  resolverFor(kb: KnowledgeBase): DrugResolver {
    let r = this.resolvers.get(kb);
    if (!r) {
      r = new DrugResolver(kb);
      this.resolvers.set(kb, r);
    }
    return r;
  }

  /** Resolves the inputs and checks them. */
  check(kb: KnowledgeBase, inputs: readonly DrugInput[], options: CheckOptions = {}): CheckInteractionsResult {
    const proposed: number[] = [];
    const stopped = new Map<number, string>();
    const routes = new Map<number, { route: DrugRoute; from: LocalUse['from'] }>();
    inputs.forEach((d, i) => {
      const explicit = typeof d === 'object' ? d.route : undefined;
      if (explicit !== undefined) routes.set(i, { route: explicit, from: 'request' });
      else {
        const name = typeof d === 'string' ? d : d.name;
        const route = name !== undefined ? detectLocalRoute(name) : undefined;
        if (route) routes.set(i, { route, from: 'name' });
      }
      if (typeof d !== 'object') return;
      if (d.proposed === true) proposed.push(i);
      if (d.stoppedOn !== undefined) stopped.set(i, d.stoppedOn);
    });
    const opts = {
      ...options,
      ...(proposed.length > 0 ? { proposed } : {}),
      ...(stopped.size > 0 ? { stopped } : {}),
      ...(routes.size > 0 ? { routes } : {}),
    };
    return this.checkResolved(kb, this.resolverFor(kb).resolveAll(inputs), opts);
  }

  /** Checks inputs that were already resolved (e.g. by `DrugResolver.resolveAll`, possibly edited by the caller). */
  checkResolved(kb: KnowledgeBase, resolutions: readonly DrugResolution[], options: CheckOptions = {}): CheckInteractionsResult {
    const include = new Set<FindingTextField>(options.include ?? ALL_FIELDS);
    const precedence = options.sourcePrecedence ? [...options.sourcePrecedence, ...kb.sourcePrecedence] : kb.sourcePrecedence;

    const units: CheckUnit[] = [];
    let group = 0;
    let resolvedInputs = 0;
    // The resolver states each resolution's coverage; one built elsewhere gets it here (copied, never mutated).
    const out: DrugResolution[] = [];
    const namesOnly: DrugResolution[] = [];
    const stoppedActive: DrugResolution[] = [];
    const stoppedOut: DrugResolution[] = [];
    const assessor = options.stopped && options.stopped.size > 0 ? new StoppedDrugAssessor(kb, options.today ?? utcToday()) : undefined;
    const localOut: DrugResolution[] = [];
    const localAssessor = new LocalUseAssessor(kb);
    const offMarket: DrugResolution[] = [];
    for (let r of resolutions) {
      if (r.status !== 'resolved' || r.ingredients.length === 0) {
        out.push(r);
        continue;
      }
      // Derived here, once per check, for every resolution however it was made (copied, never mutated).
      if (r.usMarket === undefined) {
        const usMarket = kb.usMarketOf(r.ingredients.map((i) => i.id));
        if (usMarket.length > 0) r = Object.assign({}, r, { usMarket });
      }
      const stoppedOn = options.stopped?.get(r.index);
      if (assessor && stoppedOn !== undefined) {
        const stopped = assessor.assess(r, stoppedOn);
        r = Object.assign({}, r, { stopped });
        if (!stopped.checked) {
          // Beyond its washout: reported, not checked (it is no longer part of the regimen, so no market warning).
          stoppedOut.push(r);
          out.push(r);
          continue;
        }
        stoppedActive.push(r);
      }
      // Part of the current regimen (checked, or local and left out): a drug no longer sold in the US is worth a look.
      if (r.usMarket && r.usMarket.length > 0) offMarket.push(r);
      const local = localRouteOf(kb, r, options.routes?.get(r.index));
      if (local) {
        const localUse = localAssessor.assess(r, local.route, local.from);
        r = Object.assign({}, r, { localUse });
        if (!localUse.checked) {
          // Applied where it is not meaningfully absorbed: reported, not checked for systemic interactions.
          localOut.push(r);
          out.push(r);
          continue;
        }
      }
      resolvedInputs++;
      const inputGroup = group++;
      let reviewed = true;
      // Where it is used, read once and only when an ingredient's answer depends on it (a local route is known already).
      let site: DoseSite | null | undefined = local?.route;
      for (const ing of r.ingredients) {
        const i = kb.indexOf(ing.id);
        if (i === undefined) {
          reviewed = false;
          continue;
        }
        if (!kb.isReviewed(i)) reviewed = false;
        // Applied where this ingredient is negligibly absorbed (Lotrisone's clotrimazole on the skin): left out, as the note says.
        if (local && kb.localUseOf(ing.id, local.route)) continue;
        const unit: CheckUnit = { index: r.index, ing: i, ingredient: kb.ingredientAt(i), group: r.split ? group++ : inputGroup };
        if (kb.isSiteSensitive(i)) {
          if (site === undefined) site = doseSiteOf(kb, r, options.routes?.get(r.index)) ?? null;
          if (site !== null) unit.site = site;
        }
        units.push(unit);
      }
      const coverage = reviewed ? 'reviewed' : 'names-only';
      const res = r.coverage === coverage && !site ? r : Object.assign({}, r, site ? { coverage, site } : { coverage });
      out.push(res);
      if (!reviewed) namesOnly.push(res);
    }

    const min = options.minSeverity;
    const pairwise = new PairwiseLayer(kb, precedence, min, this.options.pairwiseFastPaths ?? true);
    const pairDrafts = pairwise.run(units);
    // After the pair layer: a class duplicate that a pair finding already reports is folded into it.
    const duplicates = new DuplicateTherapyLayer(kb, options.duplicateIngredientSeverity ?? 'moderate').run(units, (i, j) => pairwise.ruleFindingOn(i, j));
    const drafts: FindingDraft[] = [
      // One finding per two entries and clinical effect, across the ingredients of a combination product.
      ...ENTRY_PAIRS.fold(pairDrafts, units),
      ...duplicates,
      ...new AdditiveRiskLayer(kb).run(units, pairwise.covered),
    ];

    // Filter before building: a finding below minSeverity costs no text filling, id hashing or allocation.
    const severe = min ? drafts.filter((d) => meetsSeverity(d.severity, min)) : drafts;
    let kept = severe;
    // Prospective screening: what the new orders add. Every pair is still checked (a three-drug risk needs the
    // current list), then findings among current-list drugs only are counted and left out, before building too.
    let prospective: CheckInteractionsResult['summary']['prospective'] = null;
    if (options.proposed && options.proposed.length > 0) {
      const proposed = new Set(options.proposed);
      const involving = kept.filter((d) => d.participants.some((p) => proposed.has(p.index)));
      prospective = { proposed: [...proposed].sort((a, b) => a - b), currentListFindingsOmitted: kept.length - involving.length };
      kept = involving;
    }
    const interactions = kept.map((d) => FindingBuilder.build(d, include)).sort(compareFindings);

    const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
    for (const f of interactions) counts[f.severity]++;
    const maxSeverity = interactions.length > 0 ? interactions[0].severity : null;

    const unresolved: UnresolvedDrug[] = resolutions
      .filter((r) => r.status !== 'resolved')
      .map((r) => ({
        index: r.index,
        ...(r.id !== undefined ? { id: r.id } : {}),
        input: r.input,
        status: r.status as UnresolvedDrug['status'],
        suggestions: r.suggestions ?? [],
        ...(r.reason ? { reason: r.reason } : {}),
      }));

    return {
      kb: kb.info,
      summary: {
        maxSeverity,
        counts,
        complete: unresolved.length === 0 && namesOnly.length === 0,
        pairsChecked: (resolvedInputs * (resolvedInputs - 1)) / 2,
        hiddenBySeverityFilter: drafts.length - severe.length + pairwise.hiddenCount,
        prospective,
      },
      resolutions: out,
      interactions,
      unresolved,
      warnings: [
        ...warningsFor(resolutions, unresolved, namesOnly, group),
        ...stoppedWarnings(stoppedActive, stoppedOut),
        ...localUseWarnings(localOut),
        ...usMarketWarnings(offMarket),
      ],
      disclaimer: CHECK_DISCLAIMER,
    };
  }
}

function warningsFor(resolutions: readonly DrugResolution[], unresolved: readonly UnresolvedDrug[], namesOnly: readonly DrugResolution[], groups: number): CheckWarning[] {
  const warnings: CheckWarning[] = [];
  if (unresolved.length > 0) {
    const list = unresolved.map((u) => `"${u.input}" (#${u.index}, ${u.status})`).join(', ');
    warnings.push({
      code: 'incomplete_check',
      message: `${unresolved.length} of ${resolutions.length} drugs could not be identified and were NOT checked: ${list}. Interactions involving them are unknown, not absent.`,
      indexes: unresolved.map((u) => u.index),
    });
  }
  if (namesOnly.length > 0) {
    const list = namesOnly.map((r) => `"${r.input}" (#${r.index}, ${r.ingredients.map((i) => i.name).join(' + ')})`).join(', ');
    warnings.push({
      code: 'not_reviewed',
      message: `Known by name only, their interactions have NOT been reviewed in this knowledge base: ${list}. No finding for them means not checked, not safe.`,
      indexes: namesOnly.map((r) => r.index),
    });
  }
  const fuzzy = resolutions.filter((r) => r.status === 'resolved' && r.method === 'fuzzy');
  if (fuzzy.length > 0) {
    warnings.push({
      code: 'fuzzy_match',
      message: `Spelling corrected, please confirm: ${fuzzy
        .map((r) => `"${r.input}" (#${r.index}) read as ${r.ingredients.map((i) => i.name).join(' + ')} (confidence ${r.confidence})`)
        .join('; ')}.`,
      indexes: fuzzy.map((r) => r.index),
    });
  }
  const split = resolutions.filter((r) => r.status === 'resolved' && r.split);
  if (split.length > 0) {
    warnings.push({
      code: 'split_combination',
      message: `Not a known combination product, so its ingredients were also checked against each other: ${split.map((r) => `"${r.input}" (#${r.index})`).join(', ')}.`,
      indexes: split.map((r) => r.index),
    });
  }
  if (groups < 2) {
    warnings.push({
      code: 'too_few_drugs',
      message:
        'Fewer than two drugs were identified, so no combination could be checked (the ingredients of one known combination product are combined by design and not checked against each other).',
    });
  }
  return warnings;
}

function stoppedWarnings(active: readonly DrugResolution[], out: readonly DrugResolution[]): CheckWarning[] {
  const warnings: CheckWarning[] = [];
  const describe = (r: DrugResolution) =>
    `"${r.input}" (#${r.index}, stopped ${r.stopped!.on}, ${r.stopped!.daysAgo} days ago; washout ${r.stopped!.washoutDays} days${r.stopped!.washoutBasis === 'default' ? ', assumed' : ''})`;
  if (active.length > 0) {
    warnings.push({
      code: 'stopped_within_washout',
      message: `Stopped but still within the washout, so still checked: ${active.map(describe).join(', ')}.`,
      indexes: active.map((r) => r.index),
    });
  }
  if (out.length > 0) {
    warnings.push({
      code: 'stopped_beyond_washout',
      message: `Stopped longer ago than the washout, so NOT checked: ${out.map(describe).join(', ')}. Include it without stoppedOn if the patient may still be taking it.`,
      indexes: out.map((r) => r.index),
    });
  }
  return warnings;
}

/**
 * The local route of a resolved entry: the request's `route` (`systemic`, `nasal` and `inhaled` are none), else the one its name stated,
 * else the route of a brand sold only as a local product ("Restasis" is cyclosporine eye drops).
 */
function localRouteOf(
  kb: KnowledgeBase,
  r: DrugResolution,
  given: { route: DrugRoute; from: LocalUse['from'] } | undefined,
): { route: LocalRoute; from: LocalUse['from'] } | undefined {
  if (given) return isLocalRoute(given.route) ? { route: given.route, from: given.from } : undefined;
  if (r.method !== 'brand') return undefined;
  const route = kb.localRouteOfBrand(r.matched ?? r.input);
  return route ? { route, from: 'name' } : undefined;
}

/**
 * Where a checked entry without a local route (skin, eye, ear: known already) is applied when that is not systemic: the
 * nose, lungs or uterus the request gives or its name states ("nasal spray", "inhaler", "HFA", "IUD"), else the one site
 * of the brand it matched ("Nasacort", "Mirena"). Undefined when the request says `systemic`, and when nothing says
 * otherwise (taken as systemic).
 */
function doseSiteOf(kb: KnowledgeBase, r: DrugResolution, given: { route: DrugRoute } | undefined): DoseSite | undefined {
  if (given) return given.route === 'systemic' ? undefined : given.route;
  return detectDoseSite(r.input) ?? (r.method === 'brand' ? kb.siteOfBrand(r.matched ?? r.input) : undefined);
}

function localUseWarnings(out: readonly DrugResolution[]): CheckWarning[] {
  if (out.length === 0) return [];
  const describe = (r: DrugResolution) => `"${r.input}" (#${r.index}, ${r.localUse!.route})`;
  return [
    {
      code: 'local_use_not_checked',
      message: `Applied to the skin, eye or ear, where the knowledge base records negligible absorption, so NOT checked for systemic interactions: ${out.map(describe).join(', ')}. Send route "systemic" for an entry that is taken by mouth or injected.`,
      indexes: out.map((r) => r.index),
    },
  ];
}

/**
 * One warning naming every entry with an ingredient no longer marketed in the US: the entry may be wrong (an old list,
 * a look-alike name) or the drug imported or compounded. The check ran for it as for any other drug.
 */
function usMarketWarnings(entries: readonly DrugResolution[]): CheckWarning[] {
  if (entries.length === 0) return [];
  const describe = (r: DrugResolution) => `"${r.input}" (#${r.index}, ${r.usMarket!.map(usMarketPhrase).join('; ')})`;
  return [
    {
      code: 'no_longer_marketed',
      message: `No longer marketed in the US: ${entries.map(describe).join(', ')}. Confirm the entry (an old list or a look-alike name?) or whether the drug is imported or compounded; it was checked as usual.`,
      indexes: entries.map((r) => r.index),
    },
  ];
}

function compareFindings(a: InteractionFinding, b: InteractionFinding): number {
  const s = severityRank(a.severity) - severityRank(b.severity);
  if (s !== 0) return s;
  const n = Math.min(a.participants.length, b.participants.length);
  for (let i = 0; i < n; i++) {
    const d = a.participants[i].index - b.participants[i].index;
    if (d !== 0) return d;
    if (a.participants[i].ingredientId !== b.participants[i].ingredientId) return a.participants[i].ingredientId < b.participants[i].ingredientId ? -1 : 1;
  }
  return a.participants.length - b.participants.length || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}
