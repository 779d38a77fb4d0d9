import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One row of Drugs@FDA `Products.txt` with its marketing statuses. */
export interface FdaProduct {
  /** `DrugName` as written ("MAYZENT"). */
  drugName: string;
  /** `ActiveIngredient` parts (`ingredientParts`), trimmed, spaces collapsed ("SIPONIMOD FUMARIC ACID"). */
  parts: string[];
  /** `MarketingStatusID`s of the product (1 prescription, 2 OTC, 3 discontinued, 4 tentative approval). */
  statuses: number[];
  /** The routes of its `Form` ("SUSPENSION/DROPS;OPHTHALMIC" → [OPHTHALMIC]; "CREAM;TOPICAL, VAGINAL" → both). Absent when unread. */
  routes?: string[];
}

/** `MarketingStatus_Lookup.txt`: 1 = Prescription. */
export const PRESCRIPTION_STATUS = 1;

/**
 * Reads Drugs@FDA `Products.txt` and `MarketingStatus.txt` (tab-separated, unquoted) into products with their
 * statuses, repairing the two known one-extra-field quirks (an empty trailing field; a `Form` split by a stray tab).
 */
export class DrugsAtFdaProductsReader {
  read(dir: string): FdaProduct[] {
    const statuses = new Map<string, number[]>();
    this.rows(join(dir, 'MarketingStatus.txt'), (get) => {
      const key = `${get('ApplNo')}/${get('ProductNo')}`;
      statuses.set(key, [...(statuses.get(key) ?? []), Number(get('MarketingStatusID'))]);
    });
    const products: FdaProduct[] = [];
    this.rows(join(dir, 'Products.txt'), (get) => {
      const parts = ingredientParts(get('ActiveIngredient'))
        .map((s) => s.trim().replace(/\s+/g, ' '))
        .filter((s) => s !== '');
      const drugName = get('DrugName');
      if (drugName === '' || parts.length === 0) return;
      products.push({ drugName, parts, statuses: statuses.get(`${get('ApplNo')}/${get('ProductNo')}`) ?? [], routes: formRoutes(get('Form')) });
    });
    return products;
  }

  private rows(file: string, row: (get: (column: string) => string) => void): void {
    const [header, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/);
    const columns = new Map(header.split('\t').map((h, i) => [h.trim(), i]));
    const width = columns.size;
    const form = columns.get('Form');
    for (const line of lines) {
      if (line.trim() === '') continue;
      let f = line.split('\t');
      if (f.length === width + 1 && f[width].trim() === '') f = f.slice(0, width);
      else if (f.length === width + 1 && form !== undefined && f[form + 1].trim().startsWith(';')) f = [...f.slice(0, form), f[form] + f[form + 1], ...f.slice(form + 2)];
      if (f.length !== width) continue;
      row((c) => (f[columns.get(c) ?? -1] ?? '').trim());
    }
  }
}

/**
 * The ingredient parts of a Drugs@FDA `ActiveIngredient` string: split on `;` outside parentheses, and a trailing
 * parenthesised component list dropped ("MENOTROPINS (FSH;LH)" is menotropins, "PANCRELIPASE (AMYLASE;LIPASE;
 * PROTEASE)" is pancrelipase): the list names the substance's components, not further ingredients.
 */
export function ingredientParts(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === text.length || (c === ';' && depth === 0)) {
      out.push(text.slice(start, i).replace(COMPONENT_LIST_RE, ''));
      start = i + 1;
    }
  }
  return out;
}

/** A trailing parenthesised list of components ("(FSH;LH)"). */
const COMPONENT_LIST_RE = /\s*\([^()]*;[^()]*\)\s*$/;

/** The routes of a Drugs@FDA `Form` ("TABLET;ORAL", "CREAM;TOPICAL, VAGINAL"): the part after the last `;`, split on commas. */
export function formRoutes(form: string): string[] {
  const at = form.lastIndexOf(';');
  if (at < 0) return [];
  return form
    .slice(at + 1)
    .split(',')
    .map((r) => r.trim().toUpperCase())
    .filter((r) => r !== '');
}
