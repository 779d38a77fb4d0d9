import { EVIDENCE_LEVELS, SEVERITIES, foldText, isSeverity, type KbRule, type KbRuleSide, type Severity } from '@vigil/engine';
import type { LinkMatch } from '../model/import.model';
import type { FormatImporter, ImportContext } from './format-importer';

const REQUIRED = ['a', 'b', 'severity', 'mechanism', 'management', 'citation'] as const;
const OPTIONAL = ['summary', 'consequence', 'evidence', 'source_url', 'risks'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
const ALL: ReadonlySet<string> = new Set<string>([...REQUIRED, ...OPTIONAL]);
const CLASS_PREFIX = 'class:';
const RISK_RE = /^[a-z0-9][a-z0-9-]*$/;
const URL_RE = /^https?:\/\/\S+$/i;

interface Side {
  side: KbRuleSide;
  /** Sort and id key: the ingredient id, or `class:<id>`. */
  key: string;
}

/**
 * Vigil CSV (see VIGIL-CSV.md): local pair and class rules, one per row, RFC 4180. Any structural problem — header,
 * field count, quoting, a severity/evidence/URL/risk tag that is not allowed, an empty required field — rejects the
 * whole import with line-precise errors. A row naming an unknown drug or class, a combination product, or the same
 * ingredient twice is rejected on its own (with its line); so is a second, different rule for a pair already given.
 * An identical repeated row is merged.
 */
export class VigilCsvImporter implements FormatImporter {
  static readonly REQUIRED_COLUMNS = REQUIRED;
  static readonly OPTIONAL_COLUMNS = OPTIONAL;

  async run(ctx: ImportContext): Promise<void> {
    const { report } = ctx;
    const rules = new Map<string, { rule: KbRule; where: string; body: string }>();
    const sides = new Set<string>();
    /** Drug names met (folded text → link), for the report. */
    const names = new Map<string, { ingredientId: string; match: LinkMatch }>();

    for (const file of ctx.files) {
      let columns = new Map<Column, number>();
      let width = 0;
      await ctx.read(file, {
        header: (fields, line) => {
          const names = fields.map((h) => h.trim().toLowerCase());
          width = names.length;
          const problems: string[] = [];
          const unknown = names.filter((h) => !ALL.has(h));
          if (unknown.length > 0) problems.push(`unknown column(s) ${unknown.map((u) => `"${u}"`).join(', ')}`);
          const missing = REQUIRED.filter((c) => !names.includes(c));
          if (missing.length > 0) problems.push(`missing column(s) ${missing.join(', ')}`);
          if (new Set(names).size !== names.length) problems.push('a column appears twice');
          if (problems.length > 0) {
            report.error(file, line, `bad header: ${problems.join('; ')} (expected ${REQUIRED.join(',')} plus optionally ${OPTIONAL.join(',')})`);
            return false;
          }
          columns = new Map(names.map((h, i) => [h as Column, i]));
          return true;
        },
        row: (fields, line) => {
          if (fields.length !== width) {
            report.error(file, line, `expected ${width} fields, found ${fields.length}`);
            return;
          }
          const get = (c: Column) => {
            const i = columns.get(c);
            return i === undefined ? '' : fields[i].trim();
          };
          let bad = false;
          const fail = (message: string) => {
            report.error(file, line, message);
            bad = true;
          };
          for (const c of REQUIRED) if (get(c) === '') fail(`${c} is empty`);
          const severity = get('severity').toLowerCase();
          if (severity !== '' && !isSeverity(severity)) fail(`unknown severity "${get('severity')}" (expected ${SEVERITIES.join(', ')})`);
          const evidence = get('evidence').toLowerCase();
          if (evidence !== '' && evidence !== 'unknown' && !(EVIDENCE_LEVELS as readonly string[]).includes(evidence)) {
            fail(`unknown evidence level "${get('evidence')}" (expected ${EVIDENCE_LEVELS.join(', ')} or unknown)`);
          }
          const url = get('source_url');
          if (url !== '' && !URL_RE.test(url)) fail(`source_url "${url}" is not an http(s) URL`);
          const risks =
            get('risks') === ''
              ? []
              : get('risks')
                  .split(';')
                  .map((r) => r.trim().toLowerCase());
          for (const r of risks) if (!RISK_RE.test(r)) fail(`risk tag "${r}" must be kebab-case (a-z, 0-9, -)`);
          if (bad || report.hasErrors) return;

          const a = this.side(ctx, get('a'), names);
          const b = this.side(ctx, get('b'), names);
          const problem = typeof a === 'string' ? a : typeof b === 'string' ? b : undefined;
          if (problem !== undefined) {
            report.reject(file, line, problem);
            return;
          }
          // The id is built on the sorted sides (a pair is unordered); the rule keeps the sides as written, for {a}/{b}.
          const [x, y] = [a as Side, b as Side].sort((p, q) => (p.key < q.key ? -1 : p.key > q.key ? 1 : 0));
          if (x.key === y.key && !('class' in x.side)) {
            report.reject(file, line, `"${get('a')}" and "${get('b')}" are the same ingredient (${x.key})`);
            return;
          }
          const sev = severity as Severity;
          const rule: KbRule = {
            id: `${ctx.sourceId}:${x.key}--${y.key}`,
            sourceId: ctx.sourceId,
            a: (a as Side).side,
            b: (b as Side).side,
            severity: sev,
            risks: [...new Set(risks)].sort(),
            summary: get('summary') || `Listed as ${sev === 'unknown' ? 'an interaction of unknown severity' : `a ${sev} interaction`} in ${ctx.title}.`,
            consequence: get('consequence'),
            mechanism: get('mechanism'),
            management: get('management'),
            evidence: { level: (evidence || 'unknown') as KbRule['evidence']['level'] },
            citations: [{ source: ctx.sourceId, title: get('citation'), ...(url ? { url } : {}) }],
          };
          const body = JSON.stringify({ ...rule, a: x.side, b: y.side });
          const prev = rules.get(rule.id);
          if (prev) {
            if (prev.body === body) report.report.duplicatesMerged++;
            else report.reject(file, line, `a different rule for the same pair is already given at ${prev.where}`);
            return;
          }
          rules.set(rule.id, { rule, where: `${file}:${line}`, body });
        },
        error: (line, message) => report.error(file, line, message),
      });
    }
    if (report.hasErrors) return;

    for (const { rule } of rules.values()) {
      for (const s of [rule.a, rule.b]) {
        if ('ingredient' in s) {
          ctx.doc.useLinked(s.ingredient);
          sides.add(s.ingredient);
        } else sides.add(`${CLASS_PREFIX}${s.class}`);
      }
      report.report.severityCounts[rule.severity]++;
      ctx.doc.addRule(rule);
    }
    report.report.pairs = rules.size;
    report.report.drugs = sides.size;
    for (const [text, { ingredientId, match }] of names) {
      report.report.linkedBy[match]++;
      ctx.links.push({ source: text, ingredientId, match });
    }
  }

  /** A rule side from its text: `class:<class-id>`, or an ingredient name/id; a string is the reason it is rejected. */
  private side(ctx: ImportContext, text: string, names: Map<string, { ingredientId: string; match: LinkMatch }>): Side | string {
    if (text.toLowerCase().startsWith(CLASS_PREFIX)) {
      const id = text.slice(CLASS_PREFIX.length).trim().toLowerCase();
      if (!ctx.linker.hasClass(id)) return `unknown class "${id}"`;
      return { side: { class: id }, key: `${CLASS_PREFIX}${id}` };
    }
    const link = ctx.linker.link(text);
    if (link.kind === 'conflict') return link.reason;
    if (link.kind === 'unlinked') return `unknown drug "${text}": not a name of any ingredient in the base knowledge base (new drugs are not created from local rules)`;
    const folded = foldText(text);
    if (!names.has(folded)) names.set(folded, { ingredientId: link.ingredientId, match: link.match });
    return { side: { ingredient: link.ingredientId }, key: link.ingredientId };
  }
}
