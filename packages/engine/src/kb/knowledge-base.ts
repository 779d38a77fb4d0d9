import { type DrugCoverage, type KbInfo, type LocalRoute, type Severity, type UsMarketStatusInfo, isNonCommercialLicense } from '@vigil/contracts';
import type {
  CompiledKnowledgeBase,
  KbClass,
  KbDomain,
  KbIngredient,
  KbLabelStatement,
  KbPathway,
  KbProduct,
  KbRule,
  KbRuleSide,
  KbSource,
  KbLocalUse,
  KbWashout,
} from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, DOSE_SITES, type DoseSite, isLocalRoute, pathwayRiskTag, severityRank } from '../model/kb-vocabulary';
import { NameIndex } from '../resolver/name.index';
import { compactKey } from '../text/name.normalizer';
import { RuleInterner } from './rule.interner';

export interface KnowledgeBaseOptions {
  /**
   * Source ids in order of precedence for the headline severity when several sources assert the same pair.
   * Sources not listed follow, in the order they appear. Default: `vigil-curated` first.
   */
  sourcePrecedence?: readonly string[];
}

/** A layer-1 or layer-2 rule as it applies to one ingredient pair. */
export interface PairRuleRef {
  rule: KbRule;
  layer: 1 | 2;
  /** Lower is more specific: 1 for ingredient × ingredient, else the number of ingredient pairs the rule covers. */
  specificity: number;
}

/** A pathway rule that one ingredient triggers as perpetrator against another as victim. */
export interface PathwayMatch {
  pathway: KbPathway;
  riskTag: string;
}

/** A substrate label statement as it applies to one victim ingredient: the perpetrators it names, as dense indexes. */
export interface LabelMatch {
  label: KbLabelStatement;
  /** `pk-<enzyme>` of the statement's enzyme first, then of each `also` enzyme. */
  risks: readonly string[];
  /** `<enzyme>|<role>` of every generic pathway direction the statement replaces. */
  replaces: readonly string[];
  perpetrators: ReadonlySet<number>;
}

/** Sizes of a knowledge base. */
export interface KbCounts {
  ingredients: number;
  products: number;
  classes: number;
  rules: number;
  pathways: number;
  domains: number;
}

/** What `describeIngredient` returns. */
export interface IngredientDescription {
  ingredient: KbIngredient;
  classes: { id: string; name: string }[];
  products: { id: string; name: string; ingredients: string[] }[];
  /** Rules naming the ingredient directly (layer 1). */
  directRuleCount: number;
  /** Rules that apply to it directly or through one of its classes (layers 1 and 2). */
  ruleCount: number;
  /** Pathway rules and substrate label statements it can trigger as perpetrator or victim. */
  pathwayCount: number;
}

/**
 * The loaded knowledge base with every index the resolver and the engine need, built once:
 * names, ingredient → classes, pair-rule map (class rules expanded to ingredient pairs), enzyme-role indices.
 */
export class KnowledgeBase {
  readonly version: string;
  readonly releasedAt: string;
  readonly sources: readonly KbSource[];
  readonly ingredients: readonly KbIngredient[];
  readonly classes: readonly KbClass[];
  readonly products: readonly KbProduct[];
  readonly rules: readonly KbRule[];
  readonly pathways: readonly KbPathway[];
  readonly labels: readonly KbLabelStatement[];
  readonly domains: readonly KbDomain[];
  readonly names: NameIndex;
  readonly sourcePrecedence: readonly string[];
  readonly info: KbInfo;

  private readonly ingredientIndex = new Map<string, number>();
  private readonly classById = new Map<string, KbClass>();
  private readonly domainById = new Map<string, KbDomain>();
  private readonly classesOf: KbClass[][];
  private readonly duplicateClassesOf: KbClass[][];
  /**
   * Layer-1/2 rules per ingredient pair, as one small map per ingredient (both directions share the list): a check
   * looks up every partner of one ingredient in the same map, which stays in cache, where one map of all pairs
   * (160k+ with DDInter) costs a cache miss per lookup.
   */
  private readonly partners: (Map<number, PairEntry> | undefined)[];
  private readonly perpetratorOf: PathwayMatch[][];
  private readonly victimOf: Set<string>[];
  private readonly labelsOf: LabelMatch[][];
  private readonly domainsOf: KbDomain[][];
  private readonly conditionalDomainsOf: KbDomain[][];
  private readonly productBySet = new Map<string, KbProduct>();
  private readonly productById = new Map<string, KbProduct>();
  private readonly rxcuiIndex = new Map<string, KbIngredient>();
  private readonly atcIndex = new Map<string, KbIngredient[]>();
  private readonly directRuleCounts: number[];
  private readonly ruleCounts: number[];
  private readonly pathwayCounts: number[];
  /** Per ingredient: false when no source says anything about its interactions (known by name only). */
  private readonly reviewedAt: boolean[];
  /** Longest curated washout per ingredient id. */
  private readonly washoutById = new Map<string, KbWashout>();
  /** `<ingredient id> <route>` → the local-use entry saying its systemic exposure by that route is negligible. */
  private readonly localUseByKey = new Map<string, KbLocalUse>();
  /** Compact brand name → the one local route that brand is sold for ("restasis" → eye). */
  private readonly localRouteByBrand = new Map<string, LocalRoute>();
  /** Compact brand name → the one non-systemic site an ingredient's `siteBrands` or a product's `site` gives it ("nasacort" → nasal, "tobradex" → eye). */
  private readonly siteByBrand = new Map<string, DoseSite>();
  /**
   * Class id → site → members the class leaves out for an entry used there, as dense indexes: a systemic-only member
   * (`KbClass.systemicOnlyMembers`) at every site, a `notAtMembers` member at its sites.
   */
  private readonly leftOutByClass = new Map<string, Map<DoseSite, Set<number>>>();
  /** Per ingredient: true when some class, risk domain, rule or its own `pathwaysNotAt` leaves it out at some site: a site then matters. */
  private readonly siteSensitiveAt: boolean[];
  /** Per ingredient: the dense index of the drug it is a prodrug of (`prodrugOf`), else its own index. */
  private readonly activeDrugOf: number[];

  constructor(doc: CompiledKnowledgeBase, options: KnowledgeBaseOptions = {}) {
    this.version = doc.version;
    this.releasedAt = doc.releasedAt;
    this.sources = doc.sources;
    this.ingredients = doc.ingredients;
    this.classes = doc.classes;
    this.products = doc.products;
    // Bulk sources repeat the same texts and citation on every rule: share them (see RuleInterner).
    const interner = new RuleInterner();
    this.rules = doc.rules.map((r) => interner.rule(r));
    this.pathways = doc.pathways;
    this.labels = doc.labels ?? [];
    this.domains = doc.domains;
    this.sourcePrecedence = orderSources(options.sourcePrecedence, doc);
    this.info = {
      version: doc.version,
      releasedAt: doc.releasedAt,
      sources: doc.sources.map((s) => ({ id: s.id, title: s.title, license: s.license, nonCommercial: isNonCommercialLicense(s.license), ...(s.url ? { url: s.url } : {}) })),
    };

    const n = doc.ingredients.length;
    doc.ingredients.forEach((ing, i) => {
      this.ingredientIndex.set(ing.id, i);
      if (ing.rxcui && !this.rxcuiIndex.has(ing.rxcui)) this.rxcuiIndex.set(ing.rxcui, ing);
      for (const code of ing.atc) {
        const list = this.atcIndex.get(code) ?? [];
        list.push(ing);
        this.atcIndex.set(code, list);
      }
    });
    for (const c of doc.classes) this.classById.set(c.id, c);
    for (const d of doc.domains) this.domainById.set(d.id, d);

    this.classesOf = Array.from({ length: n }, () => []);
    this.duplicateClassesOf = Array.from({ length: n }, () => []);
    const bySize = [...doc.classes].sort((a, b) => a.members.length - b.members.length || a.id.localeCompare(b.id));
    for (const c of bySize) {
      for (const m of c.members) {
        const i = this.ingredientIndex.get(m);
        if (i === undefined) continue;
        this.classesOf[i].push(c);
        if (c.duplicateTherapy) this.duplicateClassesOf[i].push(c);
      }
    }
    this.activeDrugOf = doc.ingredients.map((ing, i) => (ing.prodrugOf !== undefined ? (this.ingredientIndex.get(ing.prodrugOf) ?? i) : i));
    const siteSensitiveByClass = new Set<number>();
    for (const c of doc.classes) {
      if (!c.systemicOnlyMembers && !c.notAtMembers) continue;
      const bySite = new Map<DoseSite, Set<number>>(DOSE_SITES.map((site) => [site, new Set<number>()]));
      const leaveOut = (members: readonly string[] | undefined, sites: readonly DoseSite[]) => {
        for (const m of members ?? []) {
          const i = this.ingredientIndex.get(m);
          if (i === undefined) continue;
          for (const site of sites) bySite.get(site)!.add(i);
          siteSensitiveByClass.add(i);
        }
      };
      leaveOut(c.systemicOnlyMembers, DOSE_SITES);
      for (const site of DOSE_SITES) leaveOut(c.notAtMembers?.[site], [site]);
      this.leftOutByClass.set(c.id, bySite);
    }
    for (const ing of doc.ingredients) {
      for (const [site, brands] of Object.entries(ing.siteBrands ?? {})) for (const b of brands) this.siteByBrand.set(compactKey(b), site as DoseSite);
    }
    for (const p of doc.products) if (p.site) this.siteByBrand.set(compactKey(p.name), p.site);

    this.directRuleCounts = new Array<number>(n).fill(0);
    this.ruleCounts = new Array<number>(n).fill(0);
    this.partners = new Array<Map<number, PairEntry> | undefined>(n);
    this.rules.forEach((rule, index) => this.indexRule(rule, index));
    // A rule that does not apply at some sites (`notAt`) makes where each of its drugs is used matter.
    const siteSensitiveByRule = new Set<number>();
    for (const rule of this.rules) {
      if (!rule.notAt) continue;
      for (const i of this.sideMembers(rule.a)) siteSensitiveByRule.add(i);
      for (const i of this.sideMembers(rule.b)) siteSensitiveByRule.add(i);
    }
    // Names-only unless a source's rules name it (an imported source's rules count: it was not silent on the drug).
    this.reviewedAt = doc.ingredients.map((ing, i) => ing.reviewed !== false || this.ruleCounts[i] > 0);

    this.perpetratorOf = Array.from({ length: n }, () => []);
    this.victimOf = Array.from({ length: n }, () => new Set<string>());
    this.pathwayCounts = new Array<number>(n).fill(0);
    doc.ingredients.forEach((ing, i) => {
      for (const p of doc.pathways) {
        let involved = false;
        for (const r of ing.roles) {
          if (r.enzyme !== p.enzyme) continue;
          if (r.role === p.perpetrator.role && (p.perpetrator.strength as string[]).includes(r.strength)) {
            this.perpetratorOf[i].push({ pathway: p, riskTag: pathwayRiskTag(p.enzyme) });
            involved = true;
          }
          if (r.role === 'substrate' && (p.victim.strength as string[]).includes(r.strength)) {
            this.victimOf[i].add(p.id);
            involved = true;
          }
        }
        if (involved) this.pathwayCounts[i]++;
      }
    });

    this.labelsOf = Array.from({ length: n }, () => []);
    for (const label of this.labels) {
      const perpetrators = new Set<number>();
      doc.ingredients.forEach((ing, i) => {
        if (qualifiesAsPerpetrator(ing.roles, label) && !label.perpetrator.except.includes(ing.id)) perpetrators.add(i);
      });
      const enzymes = [label.enzyme, ...label.perpetrator.also.map((a) => a.enzyme)];
      const match: LabelMatch = {
        label,
        risks: [...new Set(enzymes.map(pathwayRiskTag))],
        replaces: [`${label.enzyme}|${label.perpetrator.role}`, ...label.perpetrator.also.map((a) => `${a.enzyme}|${a.role}`)],
        perpetrators,
      };
      const involved = new Set(perpetrators);
      for (const s of label.substrates) {
        const i = this.ingredientIndex.get(s);
        if (i !== undefined) {
          this.labelsOf[i].push(match);
          involved.add(i);
        }
      }
      // A statement counts as a pathway rule of every ingredient it involves (drug detail pages show the count).
      for (const i of involved) this.pathwayCounts[i]++;
    }

    const domainsNamed = (ids: readonly string[] | undefined): KbDomain[] => (ids ?? []).map((r) => this.domainById.get(r)).filter((d): d is KbDomain => d !== undefined);
    this.domainsOf = doc.ingredients.map((ing) => domainsNamed(ing.risks));
    this.conditionalDomainsOf = doc.ingredients.map((ing) => domainsNamed(ing.conditionalRisks).filter((d) => d.conditional));
    const leavesOutSites = (d: KbDomain) => d.systemicOnly === true || d.notAt !== undefined;
    this.siteSensitiveAt = doc.ingredients.map(
      (_, i) =>
        siteSensitiveByClass.has(i) ||
        siteSensitiveByRule.has(i) ||
        doc.ingredients[i].pathwaysNotAt !== undefined ||
        this.domainsOf[i].some(leavesOutSites) ||
        this.conditionalDomainsOf[i].some(leavesOutSites),
    );
    for (const p of doc.products) {
      const key = [...new Set(p.ingredients)].sort().join('+');
      if (!this.productBySet.has(key)) this.productBySet.set(key, p);
      if (!this.productById.has(p.id)) this.productById.set(p.id, p);
    }
    this.names = new NameIndex(doc.ingredients, doc.products, doc.otherNames ?? []);
    for (const w of doc.washouts ?? []) {
      for (const id of w.ingredients) {
        const had = this.washoutById.get(id);
        if (!had || w.days > had.days) this.washoutById.set(id, w);
      }
    }
    for (const u of doc.localUse ?? []) {
      for (const id of u.ingredients) for (const r of u.routes) if (!this.localUseByKey.has(`${id} ${r}`)) this.localUseByKey.set(`${id} ${r}`, u);
      if (u.routes.length === 1) for (const b of u.brands ?? []) this.localRouteByBrand.set(compactKey(b), u.routes[0]);
    }
  }

  /** The entry recording this ingredient's systemic exposure by `route` as negligible, or undefined (then it is checked). */
  localUseOf(ingredientId: string, route: LocalRoute): KbLocalUse | undefined {
    return this.localUseByKey.get(`${ingredientId} ${route}`);
  }

  /** The local route of a brand sold only as a skin, eye or ear product, from the name an input matched. */
  localRouteOfBrand(name: string): LocalRoute | undefined {
    const key = compactKey(name);
    const local = this.localRouteByBrand.get(key);
    if (local) return local;
    const site = this.siteByBrand.get(key);
    return isLocalRoute(site) ? site : undefined;
  }

  /** The non-systemic site of a brand sold only for one (its ingredient's `siteBrands`), from the name an input matched. */
  siteOfBrand(name: string): DoseSite | undefined {
    return this.siteByBrand.get(compactKey(name));
  }

  /**
   * The active drug of an ingredient (dense index): the drug it is a prodrug of, else itself. Two ingredients with
   * the same active drug are one drug to the pathway layer and to risk-domain counts.
   */
  activeDrugAt(index: number): number {
    return this.activeDrugOf[index];
  }

  /**
   * True when some class or risk domain counts this ingredient only when it is used systemically, some rule of it
   * does not apply at some sites (`notAt`), or its enzyme roles do not (`pathwaysNotAt`): where it is applied matters.
   */
  isSiteSensitive(index: number): boolean {
    return this.siteSensitiveAt[index];
  }

  /** True when the ingredient's enzyme and transporter roles do not apply to an entry used at `site` (`pathwaysNotAt`). */
  arePathwaysOffAt(index: number, site: DoseSite): boolean {
    return this.ingredients[index].pathwaysNotAt?.includes(site) ?? false;
  }

  /** True when the class does not count this ingredient (dense index) for an entry used at `site`: systemic-only, or left out there (`notAt`). */
  isLeftOutAt(classId: string, index: number, site: DoseSite): boolean {
    return this.leftOutByClass.get(classId)?.get(site)?.has(index) ?? false;
  }

  /** The ingredients among `ingredientIds` that are no longer marketed in the US, in the given order (empty when none). */
  usMarketOf(ingredientIds: readonly string[]): UsMarketStatusInfo[] {
    const out: UsMarketStatusInfo[] = [];
    for (const id of ingredientIds) {
      const ing = this.ingredient(id);
      const m = ing?.usMarket;
      if (!m) continue;
      out.push({
        ingredientId: ing.id,
        name: ing.name,
        status: m.status,
        ...(m.year !== undefined ? { year: m.year } : {}),
        ...(m.reason ? { reason: m.reason } : {}),
        citations: m.citations,
      });
    }
    return out;
  }

  /** The longest curated washout naming this ingredient, or undefined (the engine's default then applies). */
  washoutOf(ingredientId: string): KbWashout | undefined {
    return this.washoutById.get(ingredientId);
  }

  /** Dense index of an ingredient id (used as a fast map key), or undefined. */
  indexOf(ingredientId: string): number | undefined {
    return this.ingredientIndex.get(ingredientId);
  }

  ingredient(id: string): KbIngredient | undefined {
    const i = this.ingredientIndex.get(id);
    return i === undefined ? undefined : this.ingredients[i];
  }

  /** Rules that apply to the ingredient directly or through a class (0 for an unknown id). */
  ruleCount(id: string): number {
    const i = this.ingredientIndex.get(id);
    return i === undefined ? 0 : this.ruleCounts[i];
  }

  /** The combination product with this id. */
  product(id: string): KbProduct | undefined {
    return this.productById.get(id);
  }

  ingredientAt(index: number): KbIngredient {
    return this.ingredients[index];
  }

  getClass(id: string): KbClass | undefined {
    return this.classById.get(id);
  }

  getDomain(id: string): KbDomain | undefined {
    return this.domainById.get(id);
  }

  /** Classes of an ingredient (by dense index), smallest (most specific) first. */
  /** False when the ingredient at `index` is known by name only: no rule, class, role or risk domain covers it. */
  isReviewed(index: number): boolean {
    return this.reviewedAt[index];
  }

  /** `isReviewed` by ingredient id; false for an id this knowledge base does not have. */
  isReviewedId(id: string): boolean {
    const i = this.ingredientIndex.get(id);
    return i !== undefined && this.reviewedAt[i];
  }

  /** `names-only` when any of the ingredients is known by name only (or unknown), else `reviewed`. */
  coverageOf(ingredientIds: readonly string[]): DrugCoverage {
    return ingredientIds.every((id) => this.isReviewedId(id)) ? 'reviewed' : 'names-only';
  }

  /** What a check would say of these ingredients' depth: coverage, and US market status when any is off the market. */
  depthOf(ingredientIds: readonly string[]): { coverage: DrugCoverage; usMarket?: UsMarketStatusInfo[] } {
    const usMarket = this.usMarketOf(ingredientIds);
    return { coverage: this.coverageOf(ingredientIds), ...(usMarket.length > 0 ? { usMarket } : {}) };
  }

  classesAt(index: number): readonly KbClass[] {
    return this.classesOf[index];
  }

  /** Classes with `duplicateTherapy: true` containing the ingredient, smallest first. */
  duplicateClassesAt(index: number): readonly KbClass[] {
    return this.duplicateClassesOf[index];
  }

  /** Layer-1 and layer-2 rules applying to an ingredient pair (dense indexes, any order). */
  rulesForPair(i: number, j: number): readonly PairRuleRef[] | undefined {
    const entry = this.partners[i]?.get(j);
    return typeof entry === 'number' ? [this.unpack(entry)] : entry;
  }

  /**
   * The same, as stored: a number (`PackedPairRule`) when the pair's only rule is an ingredient rule without risk
   * tags, which is nearly every pair of a bulk source. The engine reads its severity from the number and reaches
   * the rule (`rules[packedRuleIndex(entry)]`) only for a finding it builds.
   */
  pairEntry(i: number, j: number): PairEntry | undefined {
    return this.partners[i]?.get(j);
  }

  private unpack(entry: PackedPairRule): PairRuleRef {
    return { rule: this.rules[packedRuleIndex(entry)], layer: 1, specificity: 1 };
  }

  /** Pathway rules the ingredient triggers as perpetrator. */
  perpetratorPathwaysAt(index: number): readonly PathwayMatch[] {
    return this.perpetratorOf[index];
  }

  /** True when the ingredient qualifies as victim of the pathway rule. */
  isPathwayVictim(index: number, pathwayId: string): boolean {
    return this.victimOf[index].has(pathwayId);
  }

  /** Label statements about the ingredient as substrate (usually none; a few for drugs whose label warns). */
  labelsAt(index: number): readonly LabelMatch[] {
    return this.labelsOf[index];
  }

  /** Risk domains (defined in the knowledge base) the ingredient contributes to. */
  domainsAt(index: number): readonly KbDomain[] {
    return this.domainsOf[index];
  }

  /** Risk domains the ingredient joins only beside a full member (its `conditionalRisks`). */
  conditionalDomainsAt(index: number): readonly KbDomain[] {
    return this.conditionalDomainsOf[index];
  }

  /** The combination product with exactly these ingredients, if the knowledge base lists one. */
  productWithIngredients(ids: readonly string[]): KbProduct | undefined {
    return this.productBySet.get([...new Set(ids)].sort().join('+'));
  }

  byRxcui(rxcui: string): KbIngredient | undefined {
    return this.rxcuiIndex.get(rxcui);
  }

  /** Ingredients carrying this ATC code; with `prefix`, every ingredient whose code starts with it. */
  byAtc(code: string, prefix = false): KbIngredient[] {
    if (!prefix) return this.atcIndex.get(code) ?? [];
    const out: KbIngredient[] = [];
    for (const ing of this.ingredients) if (ing.atc.some((c) => c.startsWith(code))) out.push(ing);
    return out;
  }

  /** Precedence rank of a source (lower wins). */
  sourceRank(sourceId: string, precedence: readonly string[] = this.sourcePrecedence): number {
    const r = precedence.indexOf(sourceId);
    return r < 0 ? precedence.length : r;
  }

  /** How much the knowledge base holds, for status pages and release records. */
  counts(): KbCounts {
    return {
      ingredients: this.ingredients.length,
      products: this.products.length,
      classes: this.classes.length,
      rules: this.rules.length,
      pathways: this.pathways.length,
      domains: this.domains.length,
    };
  }

  /** Ingredient, names, classes, products and how many rules mention it; undefined for an unknown id. */
  describeIngredient(id: string): IngredientDescription | undefined {
    const i = this.ingredientIndex.get(id);
    if (i === undefined) return undefined;
    return {
      ingredient: this.ingredients[i],
      classes: this.classesOf[i].map((c) => ({ id: c.id, name: c.name })),
      products: this.products.filter((p) => p.ingredients.includes(id)).map((p) => ({ id: p.id, name: p.name, ingredients: [...p.ingredients] })),
      directRuleCount: this.directRuleCounts[i],
      ruleCount: this.ruleCounts[i],
      pathwayCount: this.pathwayCounts[i],
    };
  }

  private sideMembers(side: KbRuleSide): number[] {
    if ('ingredient' in side) {
      const i = this.ingredientIndex.get(side.ingredient);
      return i === undefined ? [] : [i];
    }
    const c = this.classById.get(side.class);
    if (!c) return [];
    const out: number[] = [];
    for (const m of c.members) {
      const i = this.ingredientIndex.get(m);
      if (i !== undefined) out.push(i);
    }
    return out;
  }

  private indexRule(rule: KbRule, index: number): void {
    const as = this.sideMembers(rule.a);
    const bs = this.sideMembers(rule.b);
    const layer: 1 | 2 = 'ingredient' in rule.a && 'ingredient' in rule.b ? 1 : 2;
    const specificity = layer === 1 ? 1 : as.length * bs.length;
    const counted = new Set<number>();
    const seen = new Set<number>();
    for (const i of as) {
      for (const j of bs) {
        if (i === j) continue;
        const key = pairKey(i, j);
        if (seen.has(key)) continue;
        seen.add(key);
        const mapI = (this.partners[i] ??= new Map<number, PairEntry>());
        const mapJ = (this.partners[j] ??= new Map<number, PairEntry>());
        const entry: PairEntry | undefined = mapI.get(j);
        if (entry === undefined) {
          // Both directions share the entry: a number, or one list that later rules extend.
          // Packed only when nothing but the two ingredients decides whether it applies (no tags, no `notAt`).
          const created: PairEntry = layer === 1 && rule.risks.length === 0 && !rule.notAt ? packPairRule(index, rule.severity) : [{ rule, layer, specificity }];
          mapI.set(j, created);
          mapJ.set(i, created);
        } else if (typeof entry === 'number') {
          const list = [this.unpack(entry), { rule, layer, specificity }];
          mapI.set(j, list);
          mapJ.set(i, list);
        } else entry.push({ rule, layer, specificity });
        counted.add(i);
        counted.add(j);
      }
    }
    for (const i of counted) {
      this.ruleCounts[i]++;
      if (layer === 1) this.directRuleCounts[i]++;
    }
  }
}

/**
 * A pair's only rule, packed: `ruleIndex * 8 + severityRank(severity)` (an ingredient rule without risk tags:
 * layer 1, specificity 1). A small integer, so a map holds it inline, without the list and reference objects
 * that cost two memory reads per pair on the request path and ~70 bytes each for 160k DDInter pairs.
 */
export type PackedPairRule = number;

/** What the pair index holds per ingredient pair. */
export type PairEntry = PairRuleRef[] | PackedPairRule;

function packPairRule(ruleIndex: number, severity: Severity): PackedPairRule {
  return ruleIndex * 8 + severityRank(severity);
}

/** Index in `KnowledgeBase.rules` of a packed pair rule. */
export function packedRuleIndex(entry: PackedPairRule): number {
  return Math.floor(entry / 8);
}

/** `severityRank` of a packed pair rule's severity. */
export function packedSeverityRank(entry: PackedPairRule): number {
  return entry % 8;
}

/** Map key of an unordered pair of dense ingredient indexes. */
export function pairKey(i: number, j: number): number {
  return i < j ? i * 0x200000 + j : j * 0x200000 + i;
}

/** True when an ingredient's roles make it a perpetrator the label statement speaks of. */
function qualifiesAsPerpetrator(roles: KbIngredient['roles'], label: KbLabelStatement): boolean {
  const p = label.perpetrator;
  const has = (enzyme: string, role: string, strengths: readonly string[]) => roles.some((r) => r.enzyme === enzyme && r.role === role && strengths.includes(r.strength));
  return has(label.enzyme, p.role, p.strength) && p.also.every((a) => has(a.enzyme, a.role, a.strength));
}

function orderSources(precedence: readonly string[] | undefined, doc: CompiledKnowledgeBase): string[] {
  const out: string[] = [];
  const add = (id: string) => {
    if (!out.includes(id)) out.push(id);
  };
  for (const id of precedence ?? [CURATED_SOURCE_ID]) add(id);
  for (const r of doc.rules) add(r.sourceId);
  return out;
}
