import type { KbProduct } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, DOSE_SITES } from '../model/kb-vocabulary';
import { slugify } from '../text/name.normalizer';
import { ID_RE, KEYS, dedupe, didYouMean, where } from './compile.helpers';
import type { CheckOf } from './entry.check';
import type { NameRegistry } from './name.registry';
import type { LocatedEntry } from './yaml-source.reader';

/**
 * `products.yaml` (hand-written) and `products/*.yaml` (generated, e.g. products/fda-rx-combinations.yaml): combination
 * products of two or more known ingredients. All files are one section: a product id (its name) is unique across
 * them, and every name joins the name registry, so a product named like another product or drug is an error.
 */
export class ProductSectionCompiler {
  compile(entries: readonly LocatedEntry[], checkOf: CheckOf, ingredientIds: ReadonlySet<string>, names: NameRegistry): KbProduct[] {
    const products: KbProduct[] = [];
    const productIds = new Map<string, LocatedEntry>();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.product);
      const name = c.str('name', true);
      const explicitId = c.str('id', false);
      const id = explicitId ?? (name ? slugify(name) : undefined);
      if (explicitId && !ID_RE.test(explicitId)) c.error('id', `"${explicitId}" is not a valid id`);
      if (id) c.id = id;
      const ings = dedupe(c.strList('ingredients'));
      if (ings.length < 2) c.error('ingredients', "a combination product needs at least two ingredients (single-ingredient brands go in the ingredient's brands)");
      ings.forEach((i, k) => {
        if (!ingredientIds.has(i)) c.error(`ingredients[${k}]`, `unknown ingredient "${i}"${didYouMean(i, ingredientIds)}`);
      });
      // A product sold only for one non-systemic site (TobraDex eye drops, Neosporin ointment): naming it says where it is used.
      const site = c.oneOf('site', DOSE_SITES, false);
      if (id && productIds.has(id)) c.error('name', `duplicate product "${name}" (first at ${where(productIds.get(id)!)})`);
      if (id) productIds.set(id, e);
      if (name && id) names.add(name, 'product', `product:${id}`, c, 'name');
      if (c.errors === 0 && id && name) products.push({ id, name, ingredients: ings, ...(site ? { site } : {}), sourceId: CURATED_SOURCE_ID });
    }
    return products;
  }
}
