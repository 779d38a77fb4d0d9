import type { ProblemFieldError } from '../problem.response';
import { SEVERITIES, type Severity } from './severity';

export const MIN_DRUGS = 2;
export const MAX_DRUGS = 100;
export const MAX_NAME_LENGTH = 200;
export const INCLUDE_FIELDS = ['evidence', 'mechanism', 'management'] as const;
const IDENTIFIERS = ['name', 'rxcui', 'atc', 'ndc'] as const;

export type CheckDrugEntry = string | { id?: string; name?: string; rxcui?: string; atc?: string; ndc?: string };

/** `POST /v1/interactions/check` body. */
export interface CheckInteractionsRequest {
  drugs: CheckDrugEntry[];
  options?: { minSeverity?: Severity; include?: (typeof INCLUDE_FIELDS)[number][] };
}

const PATTERNS: Record<(typeof IDENTIFIERS)[number], RegExp> = {
  name: /\S/,
  rxcui: /^\d{1,10}$/,
  atc: /^[A-Za-z]\d{2}([A-Za-z]([A-Za-z](\d{2})?)?)?$/,
  ndc: /^\d{4,5}-?\d{3,4}-?\d{1,2}$/,
};

/**
 * Validates a check request and returns every problem with its JSON pointer (empty = valid). A drug entry is a
 * non-empty name string, or an object with exactly one identifier (`name`, `rxcui`, `atc`, `ndc`) and an optional
 * client `id`; unknown fields and options are errors.
 */
export function validateCheckRequest(body: unknown): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  const err = (pointer: string, code: string, message: string) => errors.push({ pointer, code, message });
  if (!isObject(body)) {
    err('', 'type', 'the body must be a JSON object with a "drugs" array');
    return errors;
  }
  for (const k of Object.keys(body)) if (k !== 'drugs' && k !== 'options') err(`/${k}`, 'unknown_field', `unknown field "${k}"`);
  const drugs = body.drugs;
  if (!Array.isArray(drugs)) {
    err('/drugs', 'type', '"drugs" must be an array of 2 to 100 entries');
  } else {
    if (drugs.length < MIN_DRUGS) err('/drugs', 'min_items', `send at least ${MIN_DRUGS} drugs (got ${drugs.length})`);
    if (drugs.length > MAX_DRUGS) err('/drugs', 'max_items', `send at most ${MAX_DRUGS} drugs (got ${drugs.length})`);
    drugs.slice(0, MAX_DRUGS + 1).forEach((d, i) => validateEntry(d, `/drugs/${i}`, err));
  }
  if (body.options !== undefined) {
    const o = body.options;
    if (!isObject(o)) {
      err('/options', 'type', '"options" must be an object');
    } else {
      for (const k of Object.keys(o)) if (k !== 'minSeverity' && k !== 'include') err(`/options/${k}`, 'unknown_option', `unknown option "${k}"`);
      if (o.minSeverity !== undefined && !(SEVERITIES as readonly unknown[]).includes(o.minSeverity)) err('/options/minSeverity', 'enum', `must be one of ${SEVERITIES.join(', ')}`);
      if (o.include !== undefined) {
        if (!Array.isArray(o.include)) err('/options/include', 'type', `must be an array of ${INCLUDE_FIELDS.join(', ')}`);
        else o.include.forEach((v, i) => { if (!(INCLUDE_FIELDS as readonly unknown[]).includes(v)) err(`/options/include/${i}`, 'enum', `must be one of ${INCLUDE_FIELDS.join(', ')}`); });
      }
    }
  }
  return errors;
}

function validateEntry(d: unknown, p: string, err: (pointer: string, code: string, message: string) => void): void {
  if (typeof d === 'string') {
    if (!d.trim()) err(p, 'empty', 'a drug name must not be empty');
    else if (d.length > MAX_NAME_LENGTH) err(p, 'max_length', `at most ${MAX_NAME_LENGTH} characters`);
    return;
  }
  if (!isObject(d)) {
    err(p, 'type', 'each drug must be a name string or an object with one of name, rxcui, atc, ndc');
    return;
  }
  const present = IDENTIFIERS.filter((k) => d[k] !== undefined);
  for (const k of Object.keys(d)) if (k !== 'id' && !(IDENTIFIERS as readonly string[]).includes(k)) err(`${p}/${k}`, 'unknown_field', `unknown field "${k}"`);
  if (present.length !== 1) err(p, 'one_identifier', `give exactly one of ${IDENTIFIERS.join(', ')} (got ${present.length})`);
  for (const k of present) {
    const v = d[k];
    if (typeof v !== 'string') err(`${p}/${k}`, 'type', `"${k}" must be a string`);
    else if (!v.trim()) err(`${p}/${k}`, 'empty', `"${k}" must not be empty`);
    else if (v.length > MAX_NAME_LENGTH) err(`${p}/${k}`, 'max_length', `at most ${MAX_NAME_LENGTH} characters`);
    else if (!PATTERNS[k].test(v.trim())) err(`${p}/${k}`, 'format', `"${v}" is not a valid ${k.toUpperCase() === 'NAME' ? 'name' : k.toUpperCase()}`);
  }
  if (d.id !== undefined && (typeof d.id !== 'string' || d.id.length > 100)) err(`${p}/id`, 'type', '"id" must be a string of at most 100 characters');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
