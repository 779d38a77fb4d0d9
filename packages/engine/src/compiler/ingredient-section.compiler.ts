import type { KbEnzymeRole, KbIngredient } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, DOSE_SITES, type DoseSite, ENZYMES, ENZYME_ROLES, MODULATOR_STRENGTHS, SUBSTRATE_STRENGTHS } from '../model/kb-vocabulary';
import { slugify } from '../text/name.normalizer';
import { ATC_RE, ID_RE, KEYS, RXCUI_RE, dedupe, didYouMean, where } from './compile.helpers';
import type { CheckOf, EntryCheck } from './entry.check';
import { readNotAt } from './entry-fields.reader';
import type { NameRegistry } from './name.registry';
import type { LocatedEntry } from './yaml-source.reader';

/** The files of commonly prescribed drugs (ClinCalc top-300): their ingredients are marked `common`. */
const COMMON_FILE_RE = /(?:^|[/\\])top300-[^/\\]*\.ya?ml$/;

/**
 * `ingredients/*.yaml`: one entry per active ingredient with its codes, names (every name must point at one drug:
 * `names`), enzyme roles and risk domains.
 */
export class IngredientSectionCompiler {
  compile(
    entries: readonly LocatedEntry[],
    checkOf: CheckOf,
    domains: { knownDomains: ReadonlySet<string>; conditionalDomains: ReadonlySet<string> },
    names: NameRegistry,
  ): { ingredients: KbIngredient[]; explicitReview: Map<string, boolean>; ingredientIds: Set<string> } {
    const ingredients: KbIngredient[] = [];
    /** `reviewed:` as written in an ingredient's YAML (otherwise derived from what the pack says about it). */
    const explicitReview = new Map<string, boolean>();
    const ingredientAt = new Map<string, LocatedEntry>();
    const rxcuiOwner = new Map<string, string>();
    const atcOwner = new Map<string, string>();
    /** `prodrugOf:` as written, checked once every ingredient id is known. */
    const prodrugs: { c: EntryCheck; ingredient: KbIngredient; target: string }[] = [];
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.ingredient);
      const id = c.id_('id', ID_RE);
      const name = c.str('name', true);
      if (id && name && slugify(name) !== id) c.warn('name', `display name "${name}" does not match id "${id}" (expected the id with "-" as spaces)`);
      const rxcui = c.str('rxcui', false);
      if (rxcui !== undefined && !RXCUI_RE.test(rxcui)) c.error('rxcui', `"${rxcui}" is not an RxCUI (digits)`);
      if (rxcui && RXCUI_RE.test(rxcui) && id) {
        const other = rxcuiOwner.get(rxcui);
        if (other && other !== id) c.error('rxcui', `RxCUI ${rxcui} is already the RxCUI of "${other}"`);
        else rxcuiOwner.set(rxcui, id);
      }
      const atc = c.strList('atc').map((a) => a.toUpperCase());
      atc.forEach((code, i) => {
        if (!ATC_RE.test(code)) c.error(`atc[${i}]`, `"${code}" is not an ATC level-5 code (e.g. B01AA03)`);
        else if (id) {
          const other = atcOwner.get(code);
          if (other && other !== id) c.warn(`atc[${i}]`, `ATC ${code} is also listed for "${other}" (lookups by this code will be ambiguous)`);
          else atcOwner.set(code, id);
        }
      });
      const synonyms = dedupe(c.strList('synonyms'));
      const salts = dedupe(c.strList('salts'));
      const brands = dedupe(c.strList('brands'));
      const roles = this.roles(c);
      const { knownDomains, conditionalDomains } = domains;
      const risks = dedupe(c.strList('risks'));
      risks.forEach((r, i) => {
        if (!knownDomains.has(r)) {
          c.error(`risks[${i}]`, `unknown risk domain "${r}"${didYouMean(r, knownDomains)}; domains: ${[...knownDomains].join(', ')}`);
        }
      });
      const conditionalRisks = dedupe(c.strList('conditionalRisks'));
      conditionalRisks.forEach((r, i) => {
        if (risks.includes(r)) c.error(`conditionalRisks[${i}]`, `"${r}" is already a full risk of this drug (list it once)`);
        else if (!conditionalDomains.has(r)) {
          c.error(`conditionalRisks[${i}]`, `domain "${r}" takes no conditional members (domains that do: ${[...conditionalDomains].join(', ') || 'none'})`);
        }
      });
      if (id && ingredientAt.has(id)) c.error('id', `duplicate ingredient id (first at ${where(ingredientAt.get(id)!)})`);
      if (id && !ingredientAt.has(id)) ingredientAt.set(id, e);
      if (id && name) {
        names.add(name, 'name', id, c, 'name');
        names.add(id, 'id', id, c, 'id');
        synonyms.forEach((s, i) => names.add(s, 'synonym', id, c, `synonyms[${i}]`));
        salts.forEach((s, i) => names.add(s, 'salt', id, c, `salts[${i}]`));
        brands.forEach((s, i) => names.add(s, 'brand', id, c, `brands[${i}]`));
      }
      const siteBrands = this.siteBrands(c, brands);
      const pathwaysNotAt = readNotAt(c, 'pathwaysNotAt');
      if (pathwaysNotAt && roles.length === 0) c.error('pathwaysNotAt', 'the drug has no enzyme or transporter roles to leave out');
      const prodrugOf = c.str('prodrugOf', false);
      if (prodrugOf !== undefined && prodrugOf === id) c.error('prodrugOf', 'an ingredient is not a prodrug of itself');
      const reviewed = c.obj.reviewed;
      if (reviewed !== undefined && typeof reviewed !== 'boolean') c.error('reviewed', 'must be true or false');
      if (c.errors === 0 && id && name) {
        const common = COMMON_FILE_RE.test(e.file);
        const ingredient: KbIngredient = {
          id,
          name,
          ...(rxcui ? { rxcui } : {}),
          atc,
          synonyms,
          salts,
          brands,
          roles,
          risks,
          ...(conditionalRisks.length > 0 ? { conditionalRisks } : {}),
          ...(siteBrands ? { siteBrands } : {}),
          ...(pathwaysNotAt ? { pathwaysNotAt } : {}),
          ...(common ? { common } : {}),
          sourceId: CURATED_SOURCE_ID,
        };
        ingredients.push(ingredient);
        if (prodrugOf !== undefined) prodrugs.push({ c, ingredient, target: prodrugOf });
        if (typeof reviewed === 'boolean') explicitReview.set(id, reviewed);
      }
    }
    const ingredientIds = new Set(ingredientAt.keys());
    const withProdrug = new Set(prodrugs.map((p) => p.ingredient.id));
    for (const { c, ingredient, target } of prodrugs) {
      if (!ingredientIds.has(target)) c.error('prodrugOf', `unknown ingredient "${target}"${didYouMean(target, ingredientIds)}`);
      else if (withProdrug.has(target)) c.error('prodrugOf', `"${target}" is itself a prodrug: name the drug the body finally makes`);
      else ingredient.prodrugOf = target;
    }
    return { ingredients, explicitReview, ingredientIds };
  }

  /**
   * `siteBrands: { nasal: [Nasacort], eye: [Pred Forte] }`: brands of the ingredient sold only for one non-systemic
   * site. Each must be one of its `brands` (the names stay there), and a brand has one site.
   */
  private siteBrands(c: EntryCheck, brands: readonly string[]): KbIngredient['siteBrands'] {
    const v = c.obj.siteBrands;
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) {
      c.error('siteBrands', `must map a site (${DOSE_SITES.join(', ')}) to a list of this drug's brands`);
      return undefined;
    }
    const own = new Map(brands.map((b) => [b.toLowerCase(), b]));
    const seen = new Set<string>();
    const out: NonNullable<KbIngredient['siteBrands']> = {};
    for (const site of Object.keys(v)) {
      if (!(DOSE_SITES as readonly string[]).includes(site)) {
        c.error(`siteBrands.${site}`, `unknown site "${site}"; sites: ${DOSE_SITES.join(', ')}`);
        continue;
      }
      const list = c.strList(site, v as Record<string, unknown>, `siteBrands.${site}`);
      list.forEach((b, i) => {
        const key = b.toLowerCase();
        if (!own.has(key)) c.error(`siteBrands.${site}[${i}]`, `"${b}" is not among this drug's brands (list it there too)`);
        else if (seen.has(key)) c.error(`siteBrands.${site}[${i}]`, `"${b}" is given more than one site`);
        seen.add(key);
      });
      if (list.length > 0) out[site as DoseSite] = list;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private roles(c: EntryCheck): KbEnzymeRole[] {
    const v = c.obj.roles;
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      c.error('roles', 'must be a list of { enzyme, role, strength }');
      return [];
    }
    const out: KbEnzymeRole[] = [];
    const seen = new Set<string>();
    v.forEach((item, i) => {
      const path = `roles[${i}]`;
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        c.error(path, 'must be a mapping { enzyme, role, strength }');
        return;
      }
      const obj = item as Record<string, unknown>;
      for (const k of Object.keys(obj)) if (!['enzyme', 'role', 'strength'].includes(k)) c.error(`${path}.${k}`, 'unknown field; allowed: enzyme, role, strength');
      const enzyme = c.oneOf('enzyme', ENZYMES, true, obj, `${path}.enzyme`);
      const role = c.oneOf('role', ENZYME_ROLES, true, obj, `${path}.role`);
      const strengths: readonly string[] = role === 'substrate' ? SUBSTRATE_STRENGTHS : MODULATOR_STRENGTHS;
      const strength = role ? c.oneOf('strength', strengths, true, obj, `${path}.strength`) : undefined;
      if (enzyme && role) {
        const key = `${enzyme}/${role}`;
        if (seen.has(key)) c.error(path, `${enzyme} ${role} is listed twice`);
        seen.add(key);
      }
      if (enzyme && role && strength) out.push({ enzyme: enzyme, role, strength: strength as KbEnzymeRole['strength'] });
    });
    return out;
  }
}
