import { boundedOsaDistance } from '../text/string-distance';
import type { KbCompileIssue } from './kb-compile-issue';
import type { LocatedEntry } from './yaml-source.reader';

/** Validation helper bound to one entry: records issues with the entry's id and the field's line. */
export class EntryCheck {
  id: string;

  constructor(
    private readonly issues: KbCompileIssue[],
    readonly entry: LocatedEntry,
    readonly obj: Record<string, unknown>,
  ) {
    this.id = typeof obj.id === 'string' && obj.id ? obj.id : typeof obj.name === 'string' && obj.name ? obj.name : `#${entry.index + 1}`;
  }

  errors = 0;

  lineOf(field?: string): number {
    if (!field) return this.entry.line;
    const path = field.replace(/\[(\d+)\]/g, '.$1');
    for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
      const l = this.entry.nestedLines[p];
      if (l !== undefined) return l;
    }
    return this.entry.line;
  }

  error(field: string | undefined, message: string): void {
    this.errors++;
    this.issues.push({ level: 'error', file: this.entry.file, line: this.lineOf(field), entry: this.id, ...(field ? { field } : {}), message });
  }

  warn(field: string | undefined, message: string): void {
    this.issues.push({ level: 'warning', file: this.entry.file, line: this.lineOf(field), entry: this.id, ...(field ? { field } : {}), message });
  }

  allowKeys(keys: readonly string[]): void {
    for (const k of Object.keys(this.obj)) {
      if (!keys.includes(k)) {
        const close = keys.find((c) => boundedOsaDistance(c.toLowerCase(), k.toLowerCase(), 2) <= 2);
        this.error(k, `unknown field${close ? ` (did you mean "${close}"?)` : ''}; allowed: ${keys.join(', ')}`);
      }
    }
  }

  str(field: string, required: boolean, obj: Record<string, unknown> = this.obj, path = field): string | undefined {
    const v = obj[field];
    if (v === undefined || v === null || v === '') {
      if (required) this.error(path, 'is required');
      return undefined;
    }
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string') {
      this.error(path, 'must be a string');
      return undefined;
    }
    const t = v.trim();
    if (t === '' && required) this.error(path, 'is required');
    return t || undefined;
  }

  id_(field: string, re: RegExp): string | undefined {
    const v = this.str(field, true);
    if (v !== undefined && !re.test(v)) this.error(field, `"${v}" is not a valid id (lower-case kebab-case: letters, digits and "-")`);
    return v;
  }

  strList(field: string, obj: Record<string, unknown> = this.obj, path = field): string[] {
    const v = obj[field];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.error(path, 'must be a list');
      return [];
    }
    const out: string[] = [];
    v.forEach((item, i) => {
      if (typeof item === 'number') out.push(String(item));
      else if (typeof item !== 'string' || item.trim() === '') this.error(`${path}[${i}]`, 'must be a non-empty string');
      else out.push(item.trim());
    });
    return out;
  }

  oneOf<T extends string>(field: string, values: readonly T[], required: boolean, obj: Record<string, unknown> = this.obj, path = field): T | undefined {
    const v = this.str(field, required, obj, path);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) {
      this.error(path, `"${v}" is not one of ${values.join(' | ')}`);
      return undefined;
    }
    return v as T;
  }

  mapping(field: string, required: boolean): Record<string, unknown> | undefined {
    const v = this.obj[field];
    if (v === undefined || v === null) {
      if (required) this.error(field, 'is required');
      return undefined;
    }
    if (typeof v !== 'object' || Array.isArray(v)) {
      this.error(field, 'must be a mapping');
      return undefined;
    }
    return v as Record<string, unknown>;
  }

  text(field: string, required: boolean, oneLine = false): string {
    const v = this.str(field, false);
    if (v === undefined) {
      if (required) this.error(field, 'is required (write it in our own words)');
      else this.warn(field, 'is missing');
      return '';
    }
    if (oneLine && v.includes('\n')) this.warn(field, 'should be one line');
    return v.replace(/\s+/g, ' ');
  }
}

/** An entry's check, or undefined (with an error recorded) when the entry is not a mapping. */
export type CheckOf = (e: LocatedEntry) => EntryCheck | undefined;
