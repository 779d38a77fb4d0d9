import type { KbClass } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, DOSE_SITES, type DoseSite, SEVERITIES, type Severity } from '../model/kb-vocabulary';
import { ID_RE, KEYS, dedupe, didYouMean, where } from './compile.helpers';
import type { CheckOf, EntryCheck } from './entry.check';
import { readNotAt } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/**
 * `classes.yaml` and `classes/*.yaml`: drug classes with direct members and included classes (resolved
 * transitively, cycles refused), whether taking two members is duplicate therapy, and whether members count only when
 * used systemically (`systemicOnly`) or are left out at some sites (`notAt`), both carried into every class that
 * includes them unless listed there directly.
 */
export class ClassSectionCompiler {
  /** `classIds`: every declared class id (rules may name one); `validClassIds`: the classes compiled without errors. */
  compile(entries: readonly LocatedEntry[], checkOf: CheckOf, ingredientIds: ReadonlySet<string>): { classes: KbClass[]; classIds: Set<string>; validClassIds: Set<string> } {
    const classEntries = new Map<
      string,
      { c: EntryCheck; name: string; members: string[]; includes: string[]; dup: boolean; sev: Severity; systemicOnly: boolean; notAt: DoseSite[] }
    >();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.class);
      const id = c.id_('id', ID_RE);
      const name = c.str('name', true);
      const members = c.strList('members');
      const seen = new Set<string>();
      members.forEach((m, i) => {
        if (!ingredientIds.has(m)) c.error(`members[${i}]`, `unknown ingredient "${m}"${didYouMean(m, ingredientIds)}`);
        if (seen.has(m)) c.warn(`members[${i}]`, `"${m}" is listed twice`);
        seen.add(m);
      });
      const includes = dedupe(c.strList('includes'));
      const dupRaw = c.obj.duplicateTherapy;
      if (dupRaw !== undefined && typeof dupRaw !== 'boolean') c.error('duplicateTherapy', 'must be true or false');
      const sev = c.oneOf('severityForDuplicate', SEVERITIES, false) ?? 'moderate';
      if (c.obj.severityForDuplicate !== undefined && dupRaw !== true) c.warn('severityForDuplicate', 'has no effect without duplicateTherapy: true');
      const systemicOnly = c.obj.systemicOnly;
      if (systemicOnly !== undefined && typeof systemicOnly !== 'boolean') c.error('systemicOnly', 'must be true or false');
      const notAt = readNotAt(c);
      if (notAt && systemicOnly === true) c.error('notAt', 'a systemicOnly class already leaves out every site: give one of the two');
      if (members.length === 0 && includes.length === 0) c.error('members', 'a class needs members or includes');
      if (id && classEntries.has(id)) c.error('id', `duplicate class id (first at ${where(classEntries.get(id)!.c.entry)})`);
      else if (id)
        classEntries.set(id, {
          c,
          name: name ?? id,
          members: dedupe(members.filter((m) => ingredientIds.has(m))),
          includes,
          dup: dupRaw === true,
          sev,
          systemicOnly: systemicOnly === true,
          notAt: notAt ?? [],
        });
    }
    const classIds = new Set(classEntries.keys());
    for (const [, ce] of classEntries) {
      ce.includes.forEach((inc, i) => {
        if (!classIds.has(inc)) ce.c.error(`includes[${i}]`, `unknown class "${inc}"${didYouMean(inc, classIds)}`);
      });
    }
    const resolved = new Map<string, string[] | null>();
    const resolveMembers = (id: string, stack: string[]): string[] | null => {
      const done = resolved.get(id);
      if (done !== undefined) return done;
      if (stack.includes(id)) return null;
      const ce = classEntries.get(id)!;
      const set = new Set(ce.members);
      for (const inc of ce.includes) {
        if (!classIds.has(inc)) continue;
        if ([...stack, id].includes(inc)) {
          ce.c.error('includes', `include cycle: ${[...stack, id, inc].join(' → ')}`);
          resolved.set(id, null);
          return null;
        }
        const sub = resolveMembers(inc, [...stack, id]);
        if (sub) for (const m of sub) set.add(m);
      }
      const out = [...set].sort();
      resolved.set(id, out);
      return out;
    };
    // Sites where a member is left out: every site for all members of a systemicOnly class, the `notAt` sites for all
    // members of a class with `notAt`; plus what an included class leaves out for a member this class does not list
    // directly. Cycles were refused above (null members).
    const leftOutOf = new Map<string, Map<string, Set<DoseSite>>>();
    const resolveLeftOut = (id: string, stack: string[]): Map<string, Set<DoseSite>> => {
      const done = leftOutOf.get(id);
      if (done) return done;
      const ce = classEntries.get(id)!;
      const out = new Map<string, Set<DoseSite>>();
      const add = (m: string, sites: Iterable<DoseSite>) => {
        const set = out.get(m) ?? new Set<DoseSite>();
        for (const s of sites) set.add(s);
        out.set(m, set);
      };
      const own = ce.systemicOnly ? DOSE_SITES : ce.notAt;
      if (own.length > 0) for (const m of resolved.get(id) ?? []) add(m, own);
      for (const inc of ce.includes) {
        if (!classIds.has(inc) || [...stack, id].includes(inc)) continue;
        for (const [m, sites] of resolveLeftOut(inc, [...stack, id])) if (!ce.members.includes(m)) add(m, sites);
      }
      leftOutOf.set(id, out);
      return out;
    };
    const classes: KbClass[] = [];
    for (const [id, ce] of classEntries) {
      const members = resolveMembers(id, []);
      if (members && members.length === 0 && ce.c.errors === 0) ce.c.error('members', 'the class has no valid members');
      if (ce.c.errors === 0 && members) {
        classes.push({
          id,
          name: ce.name,
          directMembers: [...ce.members].sort(),
          includes: [...ce.includes].sort(),
          members,
          duplicateTherapy: ce.dup,
          severityForDuplicate: ce.sev,
          ...leftOutFields(resolveLeftOut(id, [])),
          sourceId: CURATED_SOURCE_ID,
        });
      }
    }
    const validClassIds = new Set(classes.map((c) => c.id));
    return { classes, classIds, validClassIds };
  }
}

/** A member left out at every site is systemic-only (`systemicOnlyMembers`); the others are listed per site (`notAtMembers`). */
function leftOutFields(members: ReadonlyMap<string, ReadonlySet<DoseSite>>): Pick<KbClass, 'systemicOnlyMembers' | 'notAtMembers'> {
  const systemicOnly = [...members].filter(([, sites]) => sites.size === DOSE_SITES.length).map(([m]) => m);
  const notAt: Partial<Record<DoseSite, string[]>> = {};
  for (const site of DOSE_SITES) {
    const list = [...members].filter(([, sites]) => sites.size < DOSE_SITES.length && sites.has(site)).map(([m]) => m);
    if (list.length > 0) notAt[site] = list.sort();
  }
  return {
    ...(systemicOnly.length > 0 ? { systemicOnlyMembers: systemicOnly.sort() } : {}),
    ...(Object.keys(notAt).length > 0 ? { notAtMembers: notAt } : {}),
  };
}
