import { LOCAL_ROUTES, type LocalRoute } from '@vigil/contracts';
import type { KbClass, KbLocalUse } from '../model/compiled-kb.model';
import { ID_RE, KEYS, dedupe, where } from './compile.helpers';
import type { CheckOf } from './entry.check';
import { readCitations, readMembers } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/**
 * `local-use.yaml`: drugs whose systemic exposure is negligible when applied to the skin, eye or ear. Each entry names
 * ingredients and/or classes (expanded to their members here), the routes, and a cited summary.
 */
export class LocalUseSectionCompiler {
  compile(
    entries: readonly LocatedEntry[],
    checkOf: CheckOf,
    refs: { ingredientIds: ReadonlySet<string>; classes: ReadonlyMap<string, KbClass>; sourceIds: ReadonlyMap<string, LocatedEntry> },
  ): KbLocalUse[] {
    const out: KbLocalUse[] = [];
    const ids = new Map<string, LocatedEntry>();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.localUse);
      const id = c.id_('id', ID_RE);
      const members = readMembers(c, refs);
      if (members.length === 0 && c.errors === 0) c.error(undefined, 'needs ingredients or classes');
      const routes: LocalRoute[] = [];
      for (const [i, r] of c.strList('routes').entries()) {
        if ((LOCAL_ROUTES as readonly string[]).includes(r)) routes.push(r as LocalRoute);
        else c.error(`routes[${i}]`, `unknown route "${r}"; routes: ${LOCAL_ROUTES.join(', ')}`);
      }
      if (routes.length === 0 && c.errors === 0) c.error('routes', `is required: one or more of ${LOCAL_ROUTES.join(', ')}`);
      const brands = dedupe(c.strList('brands'));
      if (brands.length > 0 && routes.length > 1) c.error('brands', 'brands name one local product: give them in an entry with a single route');
      const summary = c.text('summary', true);
      const citations = readCitations(c, refs.sourceIds);
      if (id && ids.has(id)) c.error('id', `duplicate local-use id (first at ${where(ids.get(id)!)})`);
      if (id) ids.set(id, e);
      if (c.errors === 0 && id)
        out.push({ id, ingredients: dedupe(members).sort(), routes: (dedupe(routes) as LocalRoute[]).sort(), ...(brands.length > 0 ? { brands } : {}), summary, citations });
    }
    return out;
  }
}
