import { createHash } from 'node:crypto';
import {
  COMPILED_KB_FORMAT,
  type CompiledKnowledgeBase,
  type KbCitation,
  type KbClass,
  type KbDomain,
  type KbEnzymeRole,
  type KbIngredient,
  type KbLabelStatement,
  type KbModulatorCondition,
  type KbPathway,
  type KbProduct,
  type KbRule,
  type KbRuleSide,
  type KbSource,
} from '../model/compiled-kb.model';
import {
  CURATED_SOURCE_ID,
  DOCUMENTED_RISK_DOMAINS,
  ENZYMES,
  ENZYME_ROLES,
  EVIDENCE_LEVELS,
  MODULATOR_STRENGTHS,
  SEVERITIES,
  SUBSTRATE_STRENGTHS,
  pathwayRiskTag,
  type Enzyme,
  type EvidenceLevel,
  type ModulatorStrength,
  type Severity,
  type SubstrateStrength,
  severityRank,
} from '../model/kb-vocabulary';
import { boundedOsaDistance } from '../text/string-distance';
import { compactKey, slugify } from '../text/name.normalizer';
import type { KbCompileIssue } from './kb-compile-issue';
import { YamlSourceReader, type KnowledgeFileText, type LocatedEntry, type ParsedKnowledgeFile } from './yaml-source.reader';

export interface CompileOptions {
  /** Names of real drugs outside the knowledge base (fuzzy-match guard), one per entry. */
  otherNames?: readonly string[];
  /** Fallback release timestamp (ISO) when there is no release.yaml; default SOURCE_DATE_EPOCH, else 1970-01-01. */
  releasedAt?: string;
}

export interface CompileResult {
  /** Always produced; entries with errors are left out, so it is only trustworthy when `ok`. */
  kb: CompiledKnowledgeBase;
  issues: KbCompileIssue[];
  errorCount: number;
  warningCount: number;
  ok: boolean;
  /** Files read, by kind. */
  files: { path: string; kind: FileKind }[];
}

type FileKind = 'sources' | 'release' | 'ingredients' | 'products' | 'classes' | 'rules' | 'pathways' | 'labels' | 'domains';

const ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RULE_ID_RE = /^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/;
const TAG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ATC_RE = /^[A-Z]\d{2}[A-Z]{2}\d{2}$/;
const RXCUI_RE = /^\d{1,8}$/;
const URL_RE = /^https?:\/\/\S+$/;
const VERSION_DATE_RE = /^\d{4}\.\d{2}\.\d{2}$/;

const KEYS = {
  source: ['id', 'title', 'license', 'url'],
  ingredient: ['id', 'name', 'rxcui', 'atc', 'synonyms', 'salts', 'brands', 'roles', 'risks', 'reviewed'],
  product: ['id', 'name', 'ingredients'],
  class: ['id', 'name', 'members', 'includes', 'duplicateTherapy', 'severityForDuplicate'],
  rule: ['id', 'a', 'b', 'severity', 'risks', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'onc', 'siblingNote', 'citations'],
  pathway: ['id', 'enzyme', 'perpetrator', 'victim', 'severity', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'citations'],
  label: ['id', 'enzyme', 'substrates', 'substrateClasses', 'perpetrator', 'severity', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'citations'],
  labelPerpetrator: ['role', 'strength', 'also', 'except'],
  domain: ['id', 'name', 'severityByCount', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'citations'],
  release: ['version-date', 'releasedAt'],
} as const;

/** Validation helper bound to one entry: records issues with the entry's id and the field's line. */
class EntryCheck {
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

interface PendingRule {
  check: EntryCheck;
  rule: KbRule;
}

/**
 * Compiles the curated YAML knowledge base (knowledge/SCHEMA.md) into one JSON document. Validation is strict and
 * exhaustive: every problem is reported with its file, line and entry id, and the build fails on any error.
 */
export class KnowledgeCompiler {
  private readonly reader = new YamlSourceReader();

  compileDirectory(dir: string, options: CompileOptions = {}): CompileResult {
    return this.compileFiles(this.reader.readDirectory(dir), options);
  }

  compileFiles(files: readonly KnowledgeFileText[], options: CompileOptions = {}): CompileResult {
    const issues: KbCompileIssue[] = [];
    const byKind = new Map<FileKind, ParsedKnowledgeFile[]>();
    const fileList: { path: string; kind: FileKind }[] = [];
    for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const kind = classify(f.path);
      if (!kind) {
        issues.push({
          level: 'error',
          file: f.path,
          message:
            'unrecognised knowledge file: expected sources.yaml, release.yaml, products.yaml, classes.yaml, pathways.yaml, labels.yaml, domains.yaml, ingredients/*.yaml or rules/*.yaml',
        });
        continue;
      }
      fileList.push({ path: f.path, kind });
      const parsed = this.reader.parse(f, issues);
      if (kind === 'release' ? parsed.kind === 'list' : parsed.kind === 'mapping') {
        issues.push({ level: 'error', file: f.path, line: 1, message: kind === 'release' ? 'must be a mapping' : 'must be a list of entries' });
        continue;
      }
      byKind.set(kind, [...(byKind.get(kind) ?? []), parsed]);
    }
    const entries = (kind: FileKind): LocatedEntry[] => (byKind.get(kind) ?? []).flatMap((f) => f.entries);
    for (const required of ['sources', 'ingredients'] as const) {
      if (!byKind.has(required)) {
        issues.push({ level: 'error', file: required === 'sources' ? 'sources.yaml' : 'ingredients/', message: 'missing: the knowledge base needs it' });
      }
    }
    for (const optional of ['classes', 'rules', 'pathways', 'domains', 'products'] as const) {
      if (!byKind.has(optional)) {
        const file = optional === 'rules' ? 'rules/' : `${optional}.yaml`;
        issues.push({ level: 'warning', file, message: 'missing: compiled without it' });
      }
    }

    const checkOf = (e: LocatedEntry): EntryCheck | undefined => {
      if (!e.value || typeof e.value !== 'object' || Array.isArray(e.value)) {
        issues.push({ level: 'error', file: e.file, line: e.line, entry: `#${e.index + 1}`, message: 'each entry must be a mapping' });
        return undefined;
      }
      return new EntryCheck(issues, e, e.value as Record<string, unknown>);
    };

    // ---- sources
    const sources: KbSource[] = [];
    const sourceIds = new Map<string, LocatedEntry>();
    for (const e of entries('sources')) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.source);
      const id = c.id_('id', ID_RE);
      const title = c.str('title', true);
      const license = c.str('license', true);
      const url = c.str('url', false);
      if (url && !URL_RE.test(url)) c.error('url', `"${url}" is not an http(s) URL`);
      if (id && sourceIds.has(id)) c.error('id', `duplicate source id (first at ${where(sourceIds.get(id)!)})`);
      if (c.errors === 0 && id && title && license) {
        sourceIds.set(id, e);
        sources.push({ id, title, license, ...(url ? { url } : {}) });
      }
    }
    if (byKind.has('sources') && !sourceIds.has(CURATED_SOURCE_ID)) {
      issues.push({ level: 'warning', file: 'sources.yaml', message: `no "${CURATED_SOURCE_ID}" source: added a default entry (rules are asserted by it)` });
      sources.push({ id: CURATED_SOURCE_ID, title: 'Vigil curated knowledge base', license: 'Apache-2.0' });
    }

    // ---- domains (needed to validate ingredient risks)
    const domains: KbDomain[] = [];
    const domainIds = new Map<string, LocatedEntry>();
    for (const e of entries('domains')) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.domain);
      const id = c.id_('id', ID_RE);
      const name = c.str('name', true);
      const sbc = c.mapping('severityByCount', true);
      const severityByCount: Record<string, Severity> = {};
      if (sbc) {
        const keys = Object.keys(sbc);
        if (keys.length === 0) c.error('severityByCount', 'needs at least one count');
        for (const k of keys) {
          if (!/^\d+$/.test(k) || Number(k) < 2) c.error(`severityByCount.${k}`, `"${k}" must be a drug count of 2 or more`);
          const sev = c.oneOf(k, SEVERITIES, true, sbc, `severityByCount.${k}`);
          if (sev && /^\d+$/.test(k)) severityByCount[String(Number(k))] = sev;
        }
      }
      const texts = this.texts(c);
      const evidence = this.evidence(c, false);
      const citations = this.citations(c, sourceIds);
      if (id && domainIds.has(id)) c.error('id', `duplicate domain id (first at ${where(domainIds.get(id)!)})`);
      if (id) domainIds.set(id, e);
      if (c.errors === 0 && id && name) {
        domains.push({ id, name, severityByCount: sortCountKeys(severityByCount), ...texts, evidence, citations, sourceId: CURATED_SOURCE_ID });
      }
    }
    const knownDomains: ReadonlySet<string> = byKind.has('domains') ? new Set(domainIds.keys()) : new Set(DOCUMENTED_RISK_DOMAINS);

    // ---- ingredients
    const ingredients: KbIngredient[] = [];
    /** `reviewed:` as written in an ingredient's YAML (otherwise derived from what the pack says about it). */
    const explicitReview = new Map<string, boolean>();
    const ingredientAt = new Map<string, LocatedEntry>();
    const rxcuiOwner = new Map<string, string>();
    const atcOwner = new Map<string, string>();
    const names = new NameRegistry();
    for (const e of entries('ingredients')) {
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
      const risks = dedupe(c.strList('risks'));
      risks.forEach((r, i) => {
        if (!knownDomains.has(r)) {
          c.error(`risks[${i}]`, `unknown risk domain "${r}"${didYouMean(r, knownDomains)}; domains: ${[...knownDomains].join(', ')}`);
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
      const reviewed = c.obj.reviewed;
      if (reviewed !== undefined && typeof reviewed !== 'boolean') c.error('reviewed', 'must be true or false');
      if (c.errors === 0 && id && name) {
        ingredients.push({ id, name, ...(rxcui ? { rxcui } : {}), atc, synonyms, salts, brands, roles, risks, sourceId: CURATED_SOURCE_ID });
        if (typeof reviewed === 'boolean') explicitReview.set(id, reviewed);
      }
    }
    const ingredientIds = new Set(ingredientAt.keys());

    // ---- products
    const products: KbProduct[] = [];
    const productIds = new Map<string, LocatedEntry>();
    for (const e of entries('products')) {
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
      if (id && productIds.has(id)) c.error('name', `duplicate product "${name}" (first at ${where(productIds.get(id)!)})`);
      if (id) productIds.set(id, e);
      if (name && id) names.add(name, 'product', `product:${id}`, c, 'name');
      if (c.errors === 0 && id && name) products.push({ id, name, ingredients: ings, sourceId: CURATED_SOURCE_ID });
    }

    // ---- classes
    const classEntries = new Map<string, { c: EntryCheck; name: string; members: string[]; includes: string[]; dup: boolean; sev: Severity }>();
    for (const e of entries('classes')) {
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
      if (members.length === 0 && includes.length === 0) c.error('members', 'a class needs members or includes');
      if (id && classEntries.has(id)) c.error('id', `duplicate class id (first at ${where(classEntries.get(id)!.c.entry)})`);
      else if (id) classEntries.set(id, { c, name: name ?? id, members: dedupe(members.filter((m) => ingredientIds.has(m))), includes, dup: dupRaw === true, sev });
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
          sourceId: CURATED_SOURCE_ID,
        });
      }
    }
    const validClassIds = new Set(classes.map((c) => c.id));

    // ---- rules
    const ruleIds = new Map<string, LocatedEntry>();
    const pending: PendingRule[] = [];
    const sidesSeen = new Map<string, string>();
    for (const e of entries('rules')) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.rule);
      const id = c.id_('id', RULE_ID_RE);
      if (id && ruleIds.has(id)) c.error('id', `duplicate rule id (first at ${where(ruleIds.get(id)!)})`);
      if (id && !ruleIds.has(id)) ruleIds.set(id, e);
      const a = this.side(c, 'a', ingredientIds, classIds);
      const b = this.side(c, 'b', ingredientIds, classIds);
      if (a && b && 'ingredient' in a && 'ingredient' in b && a.ingredient === b.ingredient) c.error('b', 'a rule cannot pair an ingredient with itself');
      if (a && b) {
        const key = [sideKey(a), sideKey(b)].sort().join(' × ');
        const other = sidesSeen.get(key);
        if (other && other !== id) c.warn(undefined, `another rule ("${other}") already covers ${key}`);
        else if (id) sidesSeen.set(key, id);
      }
      const severity = c.oneOf('severity', SEVERITIES, true);
      const risks = this.riskTags(c);
      const texts = this.texts(c);
      const evidence = this.evidence(c, true);
      const onc = c.obj.onc;
      if (onc !== undefined && (typeof onc !== 'number' || !Number.isInteger(onc) || onc < 1 || onc > 15)) {
        c.error('onc', `must be an ONC high-priority group number 1-15, got ${JSON.stringify(onc)}`);
      }
      const siblingNote = c.str('siblingNote', false);
      const citations = this.citations(c, sourceIds);
      if (c.errors === 0 && id && a && b && severity) {
        const rule: KbRule = {
          id,
          sourceId: CURATED_SOURCE_ID,
          a,
          b,
          severity,
          risks,
          ...texts,
          evidence,
          ...(typeof onc === 'number' ? { onc } : {}),
          ...(siblingNote ? { siblingNote } : {}),
          citations,
        };
        pending.push({ check: c, rule });
      }
    }
    const rules = pending.filter((p) => [p.rule.a, p.rule.b].every((s) => !('class' in s) || validClassIds.has(s.class))).map((p) => p.rule);
    for (const p of pending) {
      for (const [field, s] of [
        ['a', p.rule.a],
        ['b', p.rule.b],
      ] as const) {
        if ('class' in s && classIds.has(s.class) && !validClassIds.has(s.class)) {
          p.check.error(`${field}.class`, `class "${s.class}" has errors (see above); rule left out`);
        }
      }
    }

    // ---- pathways
    const pathways: KbPathway[] = [];
    for (const e of entries('pathways')) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.pathway);
      const id = c.id_('id', RULE_ID_RE);
      if (id && ruleIds.has(id)) c.error('id', `duplicate rule id (first at ${where(ruleIds.get(id)!)})`);
      if (id && !ruleIds.has(id)) ruleIds.set(id, e);
      const enzyme = c.oneOf('enzyme', ENZYMES, true);
      const perp = c.mapping('perpetrator', true);
      let perpetrator: KbPathway['perpetrator'] | undefined;
      if (perp) {
        for (const k of Object.keys(perp)) if (k !== 'role' && k !== 'strength') c.error(`perpetrator.${k}`, 'unknown field; allowed: role, strength');
        const role = c.oneOf('role', ['inhibitor', 'inducer'] as const, true, perp, 'perpetrator.role');
        const strength = this.strengthList(c, perp, 'perpetrator.strength', MODULATOR_STRENGTHS) as ModulatorStrength[];
        if (role && strength.length > 0) perpetrator = { role, strength };
      }
      const vic = c.mapping('victim', true);
      let victim: KbPathway['victim'] | undefined;
      if (vic) {
        for (const k of Object.keys(vic)) if (k !== 'strength' && k !== 'role') c.error(`victim.${k}`, 'unknown field; allowed: strength');
        if (vic.role !== undefined && vic.role !== 'substrate') c.error('victim.role', 'the victim of a pathway rule is always a substrate');
        const strength = this.strengthList(c, vic, 'victim.strength', SUBSTRATE_STRENGTHS) as SubstrateStrength[];
        if (strength.length > 0) victim = { strength };
      }
      const severity = c.oneOf('severity', SEVERITIES, true);
      const texts = this.texts(c);
      const evidence = this.evidence(c, true);
      const citations = this.citations(c, sourceIds);
      if (c.errors === 0 && id && enzyme && perpetrator && victim && severity) {
        pathways.push({ id, sourceId: CURATED_SOURCE_ID, enzyme, perpetrator, victim, severity, ...texts, evidence, citations });
      }
    }

    // ---- substrate label statements
    const labels = this.labels(entries('labels'), checkOf, {
      ruleIds,
      ingredientIds,
      classes: new Map(classes.map((k) => [k.id, k])),
      sourceIds,
      roles: new Map(ingredients.map((i) => [i.id, i.roles])),
      pathways,
    });

    // ---- release
    const release = this.release(entries('release'), issues, options);

    // Entries left out for errors must not leave dangling references behind (lenient output).
    const valid = new Set(ingredients.map((i) => i.id));
    const okSide = (s: KbRuleSide) => ('ingredient' in s ? valid.has(s.ingredient) : true);
    const keptProducts = products.filter((p) => p.ingredients.every((i) => valid.has(i)));
    const keptClasses = classes
      .map((c) => ({ ...c, members: c.members.filter((m) => valid.has(m)), directMembers: c.directMembers.filter((m) => valid.has(m)) }))
      .filter((c) => c.members.length > 0);
    const keptClassIds = new Set(keptClasses.map((c) => c.id));
    const keptRules = rules.filter((r) => okSide(r.a) && okSide(r.b) && [r.a, r.b].every((s) => !('class' in s) || keptClassIds.has(s.class)));
    const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const keptLabels = labels.filter((l) => l.substrates.every((i) => valid.has(i)));
    markReviewed(ingredients, explicitReview, keptRules, keptClasses, keptLabels);
    const content = {
      sources,
      ingredients: ingredients.sort(byId),
      classes: keptClasses.sort(byId),
      products: keptProducts.sort(byId),
      rules: keptRules.sort(byId),
      pathways: pathways.sort(byId),
      labels: keptLabels.sort(byId),
      domains: domains.sort(byId),
      ...(options.otherNames && options.otherNames.length > 0 ? { otherNames: [...new Set(options.otherNames.map((n) => n.trim()).filter(Boolean))].sort() } : {}),
    };
    const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 8);
    const kb: CompiledKnowledgeBase = {
      format: COMPILED_KB_FORMAT,
      version: `curated-${release.versionDate}-${hash}`,
      releasedAt: release.releasedAt,
      ...content,
    };
    const errorCount = issues.filter((i) => i.level === 'error').length;
    return { kb, issues, errorCount, warningCount: issues.length - errorCount, ok: errorCount === 0, files: fileList };
  }

  /**
   * Label statements: every substrate and excepted perpetrator must exist, strengths must be known, every citation
   * must name the label section, and no substrate may get two statements for the same enzyme, role and strength
   * (the engine would not know which one the label means).
   */
  private labels(
    list: readonly LocatedEntry[],
    checkOf: (e: LocatedEntry) => EntryCheck | undefined,
    ctx: {
      ruleIds: Map<string, LocatedEntry>;
      ingredientIds: ReadonlySet<string>;
      classes: ReadonlyMap<string, KbClass>;
      sourceIds: ReadonlyMap<string, LocatedEntry>;
      roles: ReadonlyMap<string, readonly KbEnzymeRole[]>;
      pathways: readonly KbPathway[];
    },
  ): KbLabelStatement[] {
    const out: KbLabelStatement[] = [];
    /** `substrate|enzyme|role|strength` → statement id. */
    const claimed = new Map<string, string>();
    for (const e of list) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.label);
      const id = c.id_('id', RULE_ID_RE);
      if (id && ctx.ruleIds.has(id)) c.error('id', `duplicate rule id (first at ${where(ctx.ruleIds.get(id)!)})`);
      if (id && !ctx.ruleIds.has(id)) ctx.ruleIds.set(id, e);
      const enzyme = c.oneOf('enzyme', ENZYMES, true);
      const direct = dedupe(c.strList('substrates'));
      direct.forEach((s, i) => {
        if (!ctx.ingredientIds.has(s)) c.error(`substrates[${i}]`, `unknown ingredient "${s}"${didYouMean(s, ctx.ingredientIds)}`);
      });
      const substrateClasses = dedupe(c.strList('substrateClasses'));
      const members = new Set(direct.filter((s) => ctx.ingredientIds.has(s)));
      substrateClasses.forEach((k, i) => {
        const cls = ctx.classes.get(k);
        if (!cls) c.error(`substrateClasses[${i}]`, `unknown class "${k}"${didYouMean(k, new Set(ctx.classes.keys()))}`);
        else for (const m of cls.members) members.add(m);
      });
      if (direct.length === 0 && substrateClasses.length === 0) c.error('substrates', 'a label statement needs substrates or substrateClasses');
      const perpetrator = this.labelPerpetrator(c, enzyme, ctx.ingredientIds);
      const severity = c.oneOf('severity', SEVERITIES, true);
      const texts = this.texts(c);
      const evidence = this.evidence(c, true);
      const citations = this.citations(c, ctx.sourceIds);
      citations.forEach((k, i) => {
        if (!k.section) c.error(`citations[${i}].section`, 'a label statement cites the label section that says it (e.g. "7.1 CYP3A4 inhibitors")');
      });
      const substrates = [...members].sort();
      if (enzyme && perpetrator && id) {
        for (const s of substrates) {
          for (const st of perpetrator.strength) {
            const key = `${s}|${enzyme}|${perpetrator.role}|${st}`;
            const other = claimed.get(key);
            if (other && other !== id) c.error('substrates', `"${s}" already has a label statement for ${st} ${enzyme} ${perpetrator.role}s ("${other}")`);
            else claimed.set(key, id);
          }
          if (!(ctx.roles.get(s) ?? []).some((r) => r.enzyme === enzyme && r.role === 'substrate')) {
            c.warn('substrates', `"${s}" has no ${enzyme} substrate role in its ingredient entry (the statement still applies)`);
          }
        }
      }
      if (enzyme && perpetrator && severity) {
        // A label statement replaces the generic template: say so when that makes the answer less severe.
        for (const s of substrates) {
          for (const r of ctx.roles.get(s) ?? []) {
            if (r.enzyme !== enzyme || r.role !== 'substrate') continue;
            for (const p of ctx.pathways) {
              if (p.enzyme !== enzyme || p.perpetrator.role !== perpetrator.role || !(p.victim.strength as string[]).includes(r.strength)) continue;
              if (!p.perpetrator.strength.some((x) => perpetrator.strength.includes(x))) continue;
              if (severityRank(p.severity) < severityRank(severity)) {
                c.warn('severity', `for "${s}" it replaces the more severe generic template "${p.id}" (${p.severity}); check the label really says less`);
              }
            }
          }
        }
      }
      if (c.errors === 0 && id && enzyme && perpetrator && severity && substrates.length > 0) {
        out.push({ id, sourceId: CURATED_SOURCE_ID, enzyme, substrates, substrateClasses, perpetrator, severity, ...texts, evidence, citations });
      }
    }
    return out;
  }

  private labelPerpetrator(c: EntryCheck, enzyme: Enzyme | undefined, ingredientIds: ReadonlySet<string>): KbLabelStatement['perpetrator'] | undefined {
    const perp = c.mapping('perpetrator', true);
    if (!perp) return undefined;
    for (const k of Object.keys(perp)) {
      if (!(KEYS.labelPerpetrator as readonly string[]).includes(k)) c.error(`perpetrator.${k}`, `unknown field; allowed: ${KEYS.labelPerpetrator.join(', ')}`);
    }
    const role = c.oneOf('role', ['inhibitor', 'inducer'] as const, true, perp, 'perpetrator.role');
    const strength = this.strengthList(c, perp, 'perpetrator.strength', MODULATOR_STRENGTHS) as ModulatorStrength[];
    const also: KbModulatorCondition[] = [];
    const rawAlso = perp.also;
    if (rawAlso !== undefined && !Array.isArray(rawAlso)) c.error('perpetrator.also', 'must be a list of { enzyme, role, strength }');
    if (Array.isArray(rawAlso)) {
      rawAlso.forEach((item, i) => {
        const path = `perpetrator.also[${i}]`;
        if (!item || typeof item !== 'object' || Array.isArray(item)) {
          c.error(path, 'must be a mapping { enzyme, role, strength }');
          return;
        }
        const obj = item as Record<string, unknown>;
        for (const k of Object.keys(obj)) if (!['enzyme', 'role', 'strength'].includes(k)) c.error(`${path}.${k}`, 'unknown field; allowed: enzyme, role, strength');
        const en = c.oneOf('enzyme', ENZYMES, true, obj, `${path}.enzyme`);
        if (en && en === enzyme) c.error(`${path}.enzyme`, `is the statement's own enzyme; put its strengths in perpetrator.strength`);
        const ro = c.oneOf('role', ['inhibitor', 'inducer'] as const, true, obj, `${path}.role`);
        const st = this.strengthList(c, obj, `${path}.strength`, MODULATOR_STRENGTHS) as ModulatorStrength[];
        if (en && ro && st.length > 0) also.push({ enzyme: en, role: ro, strength: st });
      });
    }
    const except = dedupe(c.strList('except', perp, 'perpetrator.except'));
    except.forEach((x, i) => {
      if (!ingredientIds.has(x)) c.error(`perpetrator.except[${i}]`, `unknown ingredient "${x}"${didYouMean(x, ingredientIds)}`);
    });
    return role && strength.length > 0 ? { role, strength, also, except } : undefined;
  }

  private texts(c: EntryCheck): { summary: string; consequence: string; mechanism: string; management: string } {
    return {
      summary: c.text('summary', true, true),
      consequence: c.text('consequence', false),
      mechanism: c.text('mechanism', true),
      management: c.text('management', true),
    };
  }

  private evidence(c: EntryCheck, required: boolean): { level: EvidenceLevel | 'unknown' } {
    const ev = c.mapping('evidence', required);
    if (!ev) return { level: 'unknown' };
    for (const k of Object.keys(ev)) if (k !== 'level') c.error(`evidence.${k}`, 'unknown field; allowed: level');
    return { level: c.oneOf('level', EVIDENCE_LEVELS, true, ev, 'evidence.level') ?? 'unknown' };
  }

  private citations(c: EntryCheck, sourceIds: ReadonlyMap<string, LocatedEntry>): KbCitation[] {
    const v = c.obj.citations;
    if (!Array.isArray(v) || v.length === 0) {
      c.error('citations', v === undefined ? 'at least one citation is required' : 'must be a non-empty list');
      return [];
    }
    const out: KbCitation[] = [];
    v.forEach((item, i) => {
      const path = `citations[${i}]`;
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        c.error(path, 'must be a mapping { source, title, section, url }');
        return;
      }
      const obj = item as Record<string, unknown>;
      for (const k of Object.keys(obj)) if (!['source', 'title', 'section', 'url'].includes(k)) c.error(`${path}.${k}`, 'unknown field; allowed: source, title, section, url');
      const source = c.str('source', true, obj, `${path}.source`);
      if (source && !sourceIds.has(source)) c.error(`${path}.source`, `unknown source id "${source}"${didYouMean(source, new Set(sourceIds.keys()))}`);
      const title = c.str('title', true, obj, `${path}.title`);
      const section = c.str('section', false, obj, `${path}.section`);
      const url = c.str('url', false, obj, `${path}.url`);
      if (url && !URL_RE.test(url)) c.error(`${path}.url`, `"${url}" is not an http(s) URL`);
      if (source && title) out.push({ source, title, ...(section ? { section } : {}), ...(url ? { url } : {}) });
    });
    return out;
  }

  private side(c: EntryCheck, field: 'a' | 'b', ingredientIds: ReadonlySet<string>, classIds: ReadonlySet<string>): KbRuleSide | undefined {
    const m = c.mapping(field, true);
    if (!m) return undefined;
    const keys = Object.keys(m);
    if (keys.length !== 1 || (keys[0] !== 'ingredient' && keys[0] !== 'class')) {
      c.error(field, 'must be exactly one of { ingredient: <id> } or { class: <id> }');
      return undefined;
    }
    const kind = keys[0];
    const id = c.str(kind, true, m, `${field}.${kind}`);
    if (!id) return undefined;
    const known = kind === 'ingredient' ? ingredientIds : classIds;
    if (!known.has(id)) {
      const other = kind === 'ingredient' ? classIds : ingredientIds;
      const hint = other.has(id)
        ? ` ("${id}" is a${kind === 'ingredient' ? ' class' : 'n ingredient'}: use { ${kind === 'ingredient' ? 'class' : 'ingredient'}: ${id} })`
        : didYouMean(id, known);
      c.error(`${field}.${kind}`, `unknown ${kind} "${id}"${hint}`);
      return undefined;
    }
    return kind === 'ingredient' ? { ingredient: id } : { class: id };
  }

  private riskTags(c: EntryCheck): string[] {
    const tags = dedupe(c.strList('risks'));
    tags.forEach((t, i) => {
      if (!TAG_RE.test(t)) c.error(`risks[${i}]`, `"${t}" is not a kebab-case risk tag`);
      else if (t.startsWith('pk-') && !ENZYMES.some((e) => pathwayRiskTag(e) === t)) {
        c.warn(`risks[${i}]`, `"${t}" matches no pathway enzyme (${ENZYMES.map(pathwayRiskTag).join(', ')}): it will not suppress pathway findings`);
      }
    });
    if (tags.length === 0) c.warn('risks', 'no risk tags: this rule cannot suppress, or be suppressed by, other findings on the same pair');
    return tags;
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

  private strengthList(c: EntryCheck, obj: Record<string, unknown>, path: string, allowed: readonly string[]): string[] {
    const v = obj.strength;
    const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : undefined;
    if (!list || list.length === 0) {
      c.error(path, `is required: a list of ${allowed.join(' | ')}`);
      return [];
    }
    const out: string[] = [];
    list.forEach((s, i) => {
      if (typeof s !== 'string' || !allowed.includes(s)) c.error(`${path}[${i}]`, `${JSON.stringify(s)} is not one of ${allowed.join(' | ')}`);
      else if (!out.includes(s)) out.push(s);
    });
    return out;
  }

  private release(entries: LocatedEntry[], issues: KbCompileIssue[], options: CompileOptions): { versionDate: string; releasedAt: string } {
    const e = entries[0];
    if (e) {
      const c = new EntryCheck(issues, e, (e.value ?? {}) as Record<string, unknown>);
      c.id = 'release';
      c.allowKeys(KEYS.release);
      const rawDate = c.obj['version-date'];
      const rawAt = c.obj.releasedAt;
      const at = rawAt instanceof Date ? rawAt.toISOString() : typeof rawAt === 'string' ? rawAt.trim() : undefined;
      let releasedAt: string | undefined;
      if (at === undefined) c.error('releasedAt', 'is required (ISO-8601, e.g. 2025-11-21T00:00:00Z)');
      else if (Number.isNaN(Date.parse(at))) c.error('releasedAt', `"${at}" is not an ISO-8601 timestamp`);
      else releasedAt = new Date(Date.parse(at)).toISOString();
      let versionDate = typeof rawDate === 'string' ? rawDate.trim() : rawDate instanceof Date ? rawDate.toISOString().slice(0, 10).replace(/-/g, '.') : undefined;
      if (versionDate === undefined && releasedAt) versionDate = releasedAt.slice(0, 10).replace(/-/g, '.');
      if (versionDate !== undefined && !VERSION_DATE_RE.test(versionDate)) {
        c.error('version-date', `"${versionDate}" must be YYYY.MM.DD`);
        versionDate = undefined;
      }
      if (releasedAt && versionDate) return { versionDate, releasedAt };
    }
    const fallback = options.releasedAt ?? (process.env.SOURCE_DATE_EPOCH ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString() : undefined);
    if (!e) {
      issues.push({
        level: 'warning',
        file: 'release.yaml',
        message: fallback
          ? `missing: release date taken from ${options.releasedAt ? 'the compile options' : 'SOURCE_DATE_EPOCH'}`
          : 'missing: add { version-date: YYYY.MM.DD, releasedAt: <ISO timestamp> } (1970-01-01 used meanwhile)',
      });
    }
    const releasedAt = fallback ?? '1970-01-01T00:00:00.000Z';
    return { versionDate: releasedAt.slice(0, 10).replace(/-/g, '.'), releasedAt };
  }
}

/** Every name (generic, id, synonym, salt, brand, product) must point at one drug only. */
class NameRegistry {
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

/**
 * An ingredient is reviewed when the pack says something about its interactions: a rule names it, it belongs to a
 * class, a label statement covers it, or it has enzyme roles or risk domains; or its YAML says `reviewed: true`
 * (looked at, nothing to say). Otherwise it is known by name only (`reviewed: false`, the only value written).
 */
function markReviewed(
  ingredients: KbIngredient[],
  explicit: ReadonlyMap<string, boolean>,
  rules: readonly KbRule[],
  classes: readonly KbClass[],
  labels: readonly { substrates: readonly string[] }[],
): void {
  const mentioned = new Set<string>();
  for (const r of rules) for (const side of [r.a, r.b]) if ('ingredient' in side) mentioned.add(side.ingredient);
  for (const c of classes) for (const m of c.members) mentioned.add(m);
  for (const l of labels) for (const s of l.substrates) mentioned.add(s);
  for (const i of ingredients) {
    const reviewed = explicit.get(i.id) ?? (i.roles.length > 0 || i.risks.length > 0 || mentioned.has(i.id));
    if (!reviewed) i.reviewed = false;
  }
}

function classify(path: string): FileKind | undefined {
  if (!/\.ya?ml$/i.test(path)) return undefined;
  const p = path.replace(/\.ya?ml$/i, '');
  if (p === 'sources') return 'sources';
  if (p === 'release') return 'release';
  if (p === 'products') return 'products';
  if (p === 'classes' || p.startsWith('classes/')) return 'classes';
  if (p === 'pathways') return 'pathways';
  if (p === 'labels') return 'labels';
  if (p === 'domains') return 'domains';
  if (p.startsWith('ingredients/')) return 'ingredients';
  if (p.startsWith('rules/')) return 'rules';
  return undefined;
}

function where(e: LocatedEntry): string {
  return `${e.file}:${e.line}`;
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}

function sideKey(s: KbRuleSide): string {
  return 'ingredient' in s ? `ingredient:${s.ingredient}` : `class:${s.class}`;
}

function sortCountKeys(r: Record<string, Severity>): Record<string, Severity> {
  const out: Record<string, Severity> = {};
  for (const k of Object.keys(r).sort((a, b) => Number(a) - Number(b))) out[k] = r[k];
  return out;
}

/** ` (did you mean "fluconazole"?)` when a known id is within 3 edits. */
export function didYouMean(value: string, known: Iterable<string>): string {
  let best: string | undefined;
  let bestD = 4;
  for (const k of known) {
    const d = boundedOsaDistance(value, k, 3);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}
