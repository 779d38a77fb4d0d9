/** One product row of Drugs@FDA `Products.txt` (only the fields the metric needs). */
export interface FdaProductRow {
  applNo: string;
  productNo: string;
  drugName: string;
  activeIngredient: string;
}

/** One row of Drugs@FDA `MarketingStatus.txt`. */
export interface FdaMarketingStatusRow {
  marketingStatusId: string;
  applNo: string;
  productNo: string;
}

/** An ingredient name left out of the denominator, with the reason. */
export interface FdaExclusion {
  name: string;
  reason: string;
}

export interface FdaCoverageResult {
  /** Products currently marketed as prescription drugs (status "Prescription"). */
  prescriptionProducts: number;
  /** Distinct ingredient names (upper case, as written by the FDA) before exclusions. */
  distinctNames: number;
  /** Names counted: distinct names minus exclusions. */
  total: number;
  resolved: number;
  /** resolved / total (0 when total is 0). */
  share: number;
  /** Counted names that did not resolve, with how many prescription products carry each; most products first. */
  unresolved: { name: string; products: number }[];
  excluded: FdaExclusion[];
}

/**
 * Names that are not a drug substance an interaction check could be asked about, left out of the denominator.
 * Kept deliberately narrow: radiopharmaceuticals, diagnostic agents, allergenic extracts, vaccines, electrolytes and
 * parenteral nutrition components all STILL COUNT. Only these are excluded:
 * - FDA placeholder texts that name no substance ("N/A", "UNKNOWN", "UNSPECIFIED"), and
 * - devices and container materials listed as the "ingredient" of a drug application (the FDA approves some
 *   barrier/contact-lens/kit products as drugs): a name without any substance in it cannot be resolved.
 * Everything else that fails to resolve is a gap to close in knowledge/ingredients/.
 */
const EXCLUDED_PATTERNS: readonly { re: RegExp; reason: string }[] = [{ re: /^(N\/A|NA|NONE|UNKNOWN|UNSPECIFIED|NOT APPLICABLE)$/, reason: 'FDA placeholder, names no substance' }];

/**
 * Drugs@FDA prescription ingredient-name coverage (issue #11 item 7): the share of the distinct active-ingredient
 * names of every product whose marketing status is "Prescription" that the resolver turns into knowledge-base
 * ingredients. Combination products list their ingredients separated by ";"; salt words stay as the FDA writes them
 * (the resolver's salt handling is part of what is measured).
 */
export class FdaCoverageMetric {
  /** Target from issue #11: at least 98 % of the names resolve with the curated pack alone. */
  static readonly TARGET = 0.98;

  constructor(private readonly resolves: (name: string) => boolean) {}

  /** The MarketingStatusID whose description is "Prescription" in `MarketingStatus_Lookup.txt` (default "1"). */
  static prescriptionStatusId(lookup: readonly { id: string; description: string }[]): string {
    return lookup.find((l) => l.description.trim().toLowerCase() === 'prescription')?.id.trim() ?? '1';
  }

  /** Splits a Drugs@FDA ActiveIngredient cell into names (upper case, single spaces). */
  static ingredientNames(cell: string): string[] {
    // ";" separates ingredients, except inside parentheses: "PANCRELIPASE (AMYLASE;LIPASE;PROTEASE)" is one name.
    const parts: string[] = [];
    let depth = 0;
    let cur = '';
    for (const ch of cell) {
      if (ch === '(') depth++;
      else if (ch === ')') depth = Math.max(0, depth - 1);
      if (ch === ';' && depth === 0) {
        parts.push(cur);
        cur = '';
      } else cur += ch;
    }
    parts.push(cur);
    return parts.map((s) => s.trim().replace(/\s+/g, ' ').toUpperCase()).filter((s) => s.length > 0);
  }

  /** Why a name is left out of the denominator, or undefined when it counts. */
  static exclusionReason(name: string): string | undefined {
    return EXCLUDED_PATTERNS.find((p) => p.re.test(name))?.reason;
  }

  measure(products: readonly FdaProductRow[], statuses: readonly FdaMarketingStatusRow[], prescriptionStatusId = '1'): FdaCoverageResult {
    const key = (applNo: string, productNo: string) => `${applNo.trim()}|${productNo.trim()}`;
    const rx = new Set(statuses.filter((s) => s.marketingStatusId.trim() === prescriptionStatusId).map((s) => key(s.applNo, s.productNo)));
    const productsPerName = new Map<string, number>();
    let prescriptionProducts = 0;
    for (const p of products) {
      if (!rx.has(key(p.applNo, p.productNo))) continue;
      prescriptionProducts++;
      for (const n of new Set(FdaCoverageMetric.ingredientNames(p.activeIngredient))) productsPerName.set(n, (productsPerName.get(n) ?? 0) + 1);
    }
    const excluded: FdaExclusion[] = [];
    const unresolved: { name: string; products: number }[] = [];
    let total = 0;
    let resolved = 0;
    for (const [name, count] of [...productsPerName].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const reason = FdaCoverageMetric.exclusionReason(name);
      if (reason) {
        excluded.push({ name, reason });
        continue;
      }
      total++;
      if (this.resolves(name)) resolved++;
      else unresolved.push({ name, products: count });
    }
    unresolved.sort((a, b) => b.products - a.products || (a.name < b.name ? -1 : 1));
    return { prescriptionProducts, distinctNames: productsPerName.size, total, resolved, share: total === 0 ? 0 : resolved / total, unresolved, excluded };
  }

  /** Parses the tab-separated Drugs@FDA files leniently (a few rows carry a stray tab; see shared/data/README.md). */
  static parseProducts(text: string): FdaProductRow[] {
    const out: FdaProductRow[] = [];
    for (const f of tabRows(text, 8)) {
      // ApplNo ProductNo Form Strength ReferenceDrug DrugName ActiveIngredient ReferenceStandard
      if (f.length > 8) f.splice(2, f.length - 8 + 1, f.slice(2, f.length - 8 + 3).join(' '));
      out.push({ applNo: f[0] ?? '', productNo: f[1] ?? '', drugName: f[5] ?? '', activeIngredient: f[6] ?? '' });
    }
    return out;
  }

  static parseMarketingStatus(text: string): FdaMarketingStatusRow[] {
    return tabRows(text, 3).map((f) => ({ marketingStatusId: f[0] ?? '', applNo: f[1] ?? '', productNo: f[2] ?? '' }));
  }

  static parseLookup(text: string): { id: string; description: string }[] {
    return tabRows(text, 2).map((f) => ({ id: f[0] ?? '', description: f[1] ?? '' }));
  }
}

/** Data rows (header skipped) split on tabs, trailing empty fields beyond `width` dropped. */
function tabRows(text: string, width: number): string[][] {
  const lines = text.split(/\r?\n/);
  const out: string[][] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const f = line.split('\t');
    while (f.length > width && f[f.length - 1].trim() === '') f.pop();
    out.push(f);
  }
  return out;
}
