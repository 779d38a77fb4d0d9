import { compactKey } from '../text/name.normalizer';
import type { EntryCheck } from './entry.check';

/** Every name (generic, id, synonym, salt, brand, product) must point at one drug only. */
export class NameRegistry {
  private readonly owners = new Map<string, { target: string; label: string; where: string }>();

  add(name: string, kind: string, target: string, c: EntryCheck, field: string): void {
    const key = compactKey(name);
    if (key === '') {
      c.error(field, 'name has no letters or digits');
      return;
    }
    const prev = this.owners.get(key);
    const label = target.startsWith('product:') ? `product "${target.slice(8)}"` : `ingredient "${target}"`;
    if (!prev) {
      this.owners.set(key, { target, label: `${kind} of ${label}`, where: `${c.entry.file}:${c.lineOf(field)}` });
      return;
    }
    if (prev.target !== target) {
      c.error(field, `${kind} "${name}" of ${label} is already the ${prev.label} (${prev.where}); a name must point at one drug`);
    }
  }
}
