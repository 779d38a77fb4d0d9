import type { KbClass, KbWashout } from '../model/compiled-kb.model';
import { ID_RE, KEYS, dedupe, where } from './compile.helpers';
import type { CheckOf } from './entry.check';
import { readCitations, readMembers } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/** Longest washout the pack may state (10 years): anything longer is a typo. */
export const MAX_WASHOUT_DAYS = 3650;

/**
 * `washouts.yaml`: how long a stopped drug still interacts. Each entry names ingredients and/or classes (expanded to
 * their members here), a whole number of days and a cited summary.
 */
export class WashoutSectionCompiler {
  compile(
    entries: readonly LocatedEntry[],
    checkOf: CheckOf,
    refs: { ingredientIds: ReadonlySet<string>; classes: ReadonlyMap<string, KbClass>; sourceIds: ReadonlyMap<string, LocatedEntry> },
  ): KbWashout[] {
    const out: KbWashout[] = [];
    const ids = new Map<string, LocatedEntry>();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.washout);
      const id = c.id_('id', ID_RE);
      const members = readMembers(c, refs);
      if (e.value && typeof e.value === 'object' && !('ingredients' in e.value) && !('classes' in e.value)) c.error(undefined, 'needs ingredients or classes');
      const days = (e.value as Record<string, unknown>).days;
      if (days === undefined) c.error('days', 'is required');
      else if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_WASHOUT_DAYS) {
        c.error('days', `must be a whole number of days from 1 to ${MAX_WASHOUT_DAYS}`);
      }
      const summary = c.text('summary', true);
      const citations = readCitations(c, refs.sourceIds);
      if (id && ids.has(id)) c.error('id', `duplicate washout id (first at ${where(ids.get(id)!)})`);
      if (id) ids.set(id, e);
      if (c.errors === 0 && id && typeof days === 'number') out.push({ id, ingredients: dedupe(members).sort(), days, summary, citations });
    }
    return out;
  }
}
