import { compactKey, foldText } from '@vigil/engine';
import { IngredientLinker } from '../link/ingredient.linker';
import { ingredientParts } from '../names/drugs-at-fda-products.reader';
import type { FormatImporter, ImportContext } from './format-importer';

const PRODUCT_COLUMNS = ['ApplNo', 'ProductNo', 'DrugName', 'ActiveIngredient'] as const;
const STATUS_COLUMNS = ['MarketingStatusID', 'ApplNo', 'ProductNo'] as const;
const LOOKUP_COLUMNS = ['MarketingStatusID', 'MarketingStatusDescription'] as const;
/** `MarketingStatus_Lookup.txt`: 3 = Discontinued (used when the lookup file is not given). */
const DEFAULT_DISCONTINUED_ID = 3;
/** Words of a product name that do not make it a brand ("ACETAMINOPHEN AND CODEINE PHOSPHATE" is a generic name). */
const GENERIC_NAME_WORDS: ReadonlySet<string> = new Set(['and', 'with', 'w', 'in', 'plus', 'kit', 'preservative', 'free', 'pf', 'usp', 'nf']);
/** A strength at the end of a product name: "10", "100/50", "0.5%", "(25)", "\"25\"", "20MG". */
const STRENGTH_TOKEN_RE = /^["'(]?\d[\d.,/:-]*(?:mg|mcg|g|ml|%|iu|units?|meq)?["')]?$/i;
/** Written in capitals inside a brand ("Adderall XR", "Advil PM", "Bactrim DS", "Triumeq PD", "Blephamide S.O.P."). */
const ABBREVIATIONS: ReadonlySet<string> = new Set(
  'xr er xl sr cr dr la odt hct hcl hfa ds ss pm am ir ec cd xt mr pr tr ii iii iv usp nf otc hp pf ez tts hr rtu hc hf pd st sop'.split(' '),
);

interface Product {
  key: string;
  brand: string;
  ingredients: string;
  file: string;
  line: number;
}

type FileKind = 'products' | 'status' | 'lookup';

/**
 * Drugs@FDA `Products.txt` (+ `MarketingStatus.txt`, + `MarketingStatus_Lookup.txt`), tab-separated without quoting
 * (names contain literal `"`). Files are recognised by their header, in any order. Products whose every marketing
 * status is "Discontinued" are dropped. Each ActiveIngredient is split into parts (`ingredientParts`: `;` outside parentheses, component lists dropped), and each part is linked to a base
 * ingredient (salt forms such as "ATORVASTATIN CALCIUM" become the ingredient's salt names) or becomes a new
 * ingredient named without its counter-ion ("ABACAVIR SULFATE" → abacavir, with the salt form). A brand (a DrugName
 * that is not just the ingredients' names) is added when every product carrying it has the same ingredients and all of
 * them are linked: to the ingredient's brands for one ingredient, as a combination product for several.
 *
 * Known quirks handled: rows with one extra tab field (an empty trailing field, or a `Form` split in two by a stray tab).
 */
export class DrugsAtFdaImporter implements FormatImporter {
  /**
   * The brand as it should be shown: trailing strengths dropped ("ADDERALL XR 10" → "Adderall XR", "ADVAIR DISKUS
   * 100/50" → "Advair Diskus", "MAG-OX 400" → "Mag-Ox"), words title-cased, release and other abbreviations
   * upper-cased ("Advil PM", "Nexium I.V.", "Xyzal Allergy 24HR").
   */
  static brandName(drugName: string): string {
    const tokens = drugName.trim().split(/\s+/);
    while (tokens.length > 1 && STRENGTH_TOKEN_RE.test(tokens[tokens.length - 1])) tokens.pop();
    const segment = (seg: string) => {
      const letters = seg.replace(/[^a-z]/g, '');
      if (ABBREVIATIONS.has(letters) && (!/\d/.test(seg) || /^\d+[a-z]+$/.test(seg))) return seg.toUpperCase();
      return seg.replace(/^([^a-z0-9]*)([a-z])/, (_, p: string, c: string) => p + c.toUpperCase());
    };
    return tokens
      .map((t) =>
        t
          .toLowerCase()
          .split(/([-/])/)
          .map(segment)
          .join(''),
      )
      .join(' ');
  }

  /**
   * True when the product name is not a brand: it starts with one of its ingredients' words ("CIPROFLOXACIN IN
   * DEXTROSE 5%", "CETIRIZINE HYDROCHLORIDE ALLERGY"), or every word is an ingredient word, a salt word, "and", a number…
   */
  static isGenericName(drugName: string, ingredientParts: readonly string[]): boolean {
    const known = new Set(ingredientParts.flatMap((p) => IngredientLinker.words(p)));
    const ws = IngredientLinker.words(drugName);
    if (ws.length > 0 && known.has(ws[0])) return true;
    return ws.every((w) => known.has(w) || IngredientLinker.SALT_WORDS.has(w) || GENERIC_NAME_WORDS.has(w) || /^\d+$/.test(w));
  }

  async run(ctx: ImportContext): Promise<void> {
    const { report } = ctx;
    const products: Product[] = [];
    const statuses = new Map<string, number[]>();
    let discontinuedId = DEFAULT_DISCONTINUED_ID;
    let productFiles = 0;

    for (const file of ctx.files) {
      let kind: FileKind | undefined;
      let columns = new Map<string, number>();
      let width = 0;
      await ctx.read(
        file,
        {
          header: (fields, line) => {
            const names = fields.map((h) => h.trim());
            columns = new Map(names.map((h, i) => [h, i]));
            width = names.length;
            const has = (cols: readonly string[]) => cols.every((c) => columns.has(c));
            kind = has(PRODUCT_COLUMNS) ? 'products' : has(LOOKUP_COLUMNS) ? 'lookup' : has(STATUS_COLUMNS) ? 'status' : undefined;
            if (!kind) {
              report.error(
                file,
                line,
                `not a Drugs@FDA file: expected the header of Products.txt (${PRODUCT_COLUMNS.join(', ')}, …), MarketingStatus.txt (${STATUS_COLUMNS.join(', ')}) or MarketingStatus_Lookup.txt; found "${names.join('\\t')}"`,
              );
              return false;
            }
            if (new Set(names).size !== names.length) {
              report.error(file, line, 'a column name appears twice in the header');
              return false;
            }
            if (kind === 'products') productFiles++;
            return true;
          },
          row: (raw, line) => {
            const fields = this.fixWidth(raw, width, columns);
            if (!fields) {
              report.error(file, line, `expected ${width} tab-separated fields, found ${raw.length}`);
              return;
            }
            const get = (c: string) => fields[columns.get(c)!].trim();
            if (kind === 'products') {
              const brand = get('DrugName');
              const ingredients = get('ActiveIngredient');
              if (brand === '' || ingredients === '') {
                report.reject(file, line, brand === '' ? 'DrugName is empty' : 'ActiveIngredient is empty');
                return;
              }
              products.push({ key: `${get('ApplNo')}/${get('ProductNo')}`, brand, ingredients, file, line });
            } else {
              const id = get('MarketingStatusID');
              if (!/^\d+$/.test(id)) {
                report.error(file, line, `MarketingStatusID "${id}" is not a number`);
                return;
              }
              if (kind === 'lookup') {
                if (/discontinued/i.test(get('MarketingStatusDescription'))) discontinuedId = Number(id);
                return;
              }
              const key = `${get('ApplNo')}/${get('ProductNo')}`;
              const list = statuses.get(key);
              if (list) list.push(Number(id));
              else statuses.set(key, [Number(id)]);
            }
          },
          error: (line, message) => report.error(file, line, message),
        },
        { delimiter: '\t', quote: null },
      );
    }
    if (productFiles === 0 && !report.hasErrors) report.error('', 0, 'no Products.txt among the files (MarketingStatus files only filter products)');
    if (report.hasErrors) return;

    const kept = products.filter((p) => {
      const s = statuses.get(p.key);
      const discontinued = s !== undefined && s.every((id) => id === discontinuedId);
      if (discontinued) report.report.discontinuedProducts++;
      return !discontinued;
    });

    // Ingredients: link each distinct part once.
    const partIds = new Map<string, string | null>();
    const linkPart = (part: string): string | null => {
      const known = partIds.get(part);
      if (known !== undefined) return known;
      let id: string | null = null;
      const link = ctx.linker.link(part);
      if (link.kind === 'linked') {
        id = ctx.doc.useLinked(link.ingredientId);
        if (link.match === 'salt-stripped') ctx.doc.addName(id, 'salts', foldText(part));
        report.report.linkedBy[link.match]++;
        ctx.links.push({ source: part, ingredientId: id, match: link.match });
      } else if (link.kind === 'unlinked') {
        const name = IngredientLinker.baseName(part);
        id = ctx.doc.useNew(name) ?? null;
        if (id !== null) {
          if (compactKey(name) !== compactKey(part)) ctx.doc.addName(id, 'salts', foldText(part));
          report.report.linkedBy.new++;
          ctx.links.push({ source: part, ingredientId: id, match: 'new' });
        }
      }
      partIds.set(part, id);
      return id;
    };

    const brands = new Map<string, { name: string; sets: Map<string, string[]>; file: string; line: number }>();
    for (const p of kept) {
      const parts = [
        ...new Set(
          ingredientParts(p.ingredients)
            .map((s) => s.trim().replace(/\s+/g, ' '))
            .filter((s) => s !== ''),
        ),
      ];
      const ids: string[] = [];
      let unusable: string | undefined;
      for (const part of parts) {
        const id = linkPart(part);
        if (id === null) unusable ??= part;
        else ids.push(id);
      }
      if (unusable !== undefined) {
        const link = ctx.linker.link(unusable);
        report.reject(p.file, p.line, link.kind === 'conflict' ? link.reason : `"${unusable}" can be neither linked nor added: its name belongs to another drug`);
        continue;
      }
      const brand = DrugsAtFdaImporter.brandName(p.brand);
      if (DrugsAtFdaImporter.isGenericName(brand, parts)) continue;
      const key = compactKey(brand);
      if (key.length < 3) continue;
      const set = [...new Set(ids)].sort();
      const entry = brands.get(key) ?? { name: brand, sets: new Map<string, string[]>(), file: p.file, line: p.line };
      entry.sets.set(set.join('+'), set);
      brands.set(key, entry);
    }
    report.report.drugs = [...partIds.values()].filter((id) => id !== null).length;

    for (const key of [...brands.keys()].sort()) {
      const { name, sets, file, line } = brands.get(key)!;
      if (sets.size > 1) {
        report.reject(file, line, `brand "${name}" is given different ingredients by different products (${[...sets.keys()].join(' / ')}): not added`);
        continue;
      }
      const [ids] = [...sets.values()];
      if (ids.some((id) => ctx.doc.isNew(id))) continue; // brands only for ingredients the base already knows
      if (ids.length === 1) ctx.doc.addName(ids[0], 'brands', name);
      else ctx.doc.addProduct(name, ids);
    }
  }

  /** The row's fields at the header's width, repairing the known one-extra-field quirks; undefined if not repairable. */
  private fixWidth(fields: string[], width: number, columns: ReadonlyMap<string, number>): string[] | undefined {
    if (fields.length === width) return fields;
    if (fields.length !== width + 1) return undefined;
    if (fields[width].trim() === '') return fields.slice(0, width); // a stray empty trailing field
    const form = columns.get('Form');
    if (form !== undefined && fields[form + 1].trim().startsWith(';')) {
      // "DRUG-ELUTING CONTACT LENS\t;OPHTHALMIC": the Form split in two by a stray tab
      return [...fields.slice(0, form), fields[form] + fields[form + 1], ...fields.slice(form + 2)];
    }
    return undefined;
  }
}
