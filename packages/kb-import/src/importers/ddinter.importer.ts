import { SEVERITIES, foldText, severityRank, type KbRule, type Severity } from '@vigil/engine';
import type { FormatImporter, ImportContext } from './format-importer';

const HEADER = ['DDInterID_A', 'Drug_A', 'DDInterID_B', 'Drug_B', 'Level'] as const;
const ID_RE = /^DDInter\d+$/;
const LEVELS: Readonly<Record<string, Severity>> = { major: 'major', moderate: 'moderate', minor: 'minor', unknown: 'unknown' };

/** Pair key of two dense drug indexes (unordered). */
const pairKey = (i: number, j: number) => (i < j ? i * 0x200000 + j : j * 0x200000 + i);
/** At most this many files per import (the file index is packed with the line). */
const MAX_FILES = 1024;
/** Value of a pair: severity rank (3 bits), file index (10 bits), first line. */
const packPair = (rank: number, fileIndex: number, line: number) => (line * MAX_FILES + fileIndex) * 8 + rank;

/**
 * DDInter per-ATC downloads (`DDInterID_A,Drug_A,DDInterID_B,Drug_B,Level`, RFC 4180). A pair listed in several
 * files, or in both orientations, is merged; if its levels disagree the most severe is kept and counted. Drugs are
 * identified by their DDInter id; each is linked to a base ingredient or becomes a new one, and every distinct pair
 * becomes one rule `<sourceId>:<a>--<b>` (ids sorted) with neutral text: DDInter has no mechanism or management text.
 */
export class DdinterImporter implements FormatImporter {
  static readonly HEADER = HEADER;
  static readonly HOME_PAGE = 'https://ddinter.scbdd.com/';

  /** `Major`/`Moderate`/`Minor`/`Unknown` (any case, surrounding spaces ignored) → severity; anything else → undefined. */
  static mapLevel(level: string): Severity | undefined {
    return LEVELS[level.trim().toLowerCase()];
  }

  /** The neutral summary of a DDInter rule. */
  static summary(severity: Severity, title = 'DDInter'): string {
    const what = severity === 'unknown' ? 'an interaction of unknown severity' : `a ${severity} interaction`;
    return `Listed as ${what} by ${title}; no mechanism or management text is provided by this source: consult the product labels.`;
  }

  async run(ctx: ImportContext): Promise<void> {
    const { report } = ctx;
    if (ctx.files.length > MAX_FILES) {
      report.error(ctx.files[MAX_FILES], 0, `at most ${MAX_FILES} DDInter files per import`);
      return;
    }
    const ids = new Map<string, number>();
    const drugIds: string[] = [];
    const names: string[] = [];
    const firstSeen: string[] = [];
    const pairs = new Map<number, number>();
    const conflicts = new Set<number>();

    for (let f = 0; f < ctx.files.length; f++) {
      const file = ctx.files[f];
      await ctx.read(file, {
        header: (fields, line) => {
          const got = fields.map((h) => h.trim());
          if (got.length !== HEADER.length || got.some((h, i) => h !== HEADER[i])) {
            report.error(file, line, `not a DDInter file: the header must be "${HEADER.join(',')}", found "${fields.join(',')}"`);
            return false;
          }
          return true;
        },
        row: (fields, line) => {
          if (fields.length !== HEADER.length) {
            report.error(file, line, `expected ${HEADER.length} fields, found ${fields.length}`);
            return;
          }
          const idA = fields[0].trim();
          const nameA = fields[1].trim();
          const idB = fields[2].trim();
          const nameB = fields[3].trim();
          const severity = DdinterImporter.mapLevel(fields[4]);
          let bad = false;
          for (const [col, id] of [
            ['DDInterID_A', idA],
            ['DDInterID_B', idB],
          ] as const) {
            if (!ID_RE.test(id)) {
              report.error(file, line, `${col} "${id}" is not a DDInter id (DDInter<number>)`);
              bad = true;
            }
          }
          for (const [col, name] of [
            ['Drug_A', nameA],
            ['Drug_B', nameB],
          ] as const) {
            if (name === '') {
              report.error(file, line, `${col} is empty`);
              bad = true;
            }
          }
          if (!severity) {
            report.error(file, line, `unknown level "${fields[4]}" (expected Major, Moderate, Minor or Unknown)`);
            bad = true;
          }
          if (bad || report.hasErrors) return; // the import will fail: only look for further errors
          if (idA === idB) {
            report.reject(file, line, `a drug paired with itself (${idA} ${nameA})`);
            return;
          }
          for (const [id, name] of [
            [idA, nameA],
            [idB, nameB],
          ]) {
            const i = ids.get(id);
            if (i !== undefined && names[i] !== name) {
              report.reject(file, line, `${id} is called "${name}" here but "${names[i]}" at ${firstSeen[i]}`);
              return;
            }
          }
          const a = this.drug(idA, nameA, `${file}:${line}`, ids, drugIds, names, firstSeen);
          const b = this.drug(idB, nameB, `${file}:${line}`, ids, drugIds, names, firstSeen);
          const key = pairKey(a, b);
          const rank = severityRank(severity!);
          const prev = pairs.get(key);
          if (prev === undefined) {
            pairs.set(key, packPair(rank, f, line));
            return;
          }
          report.report.duplicatesMerged++;
          const prevRank = prev % 8;
          if (prevRank !== rank) {
            conflicts.add(key);
            if (rank < prevRank) pairs.set(key, prev - prevRank + rank);
          }
        },
        error: (line, message) => report.error(file, line, message),
      });
    }
    if (report.hasErrors) return;

    const r = report.report;
    r.pairs = pairs.size;
    r.severityConflicts = conflicts.size;
    r.drugs = names.length;
    for (const v of pairs.values()) r.severityCounts[SEVERITIES[v % 8]]++;

    // Link every drug: an existing ingredient, a new one, or (a combination product's name) nothing.
    const ingredientOf: (string | undefined)[] = [];
    const unusable = new Map<number, string>();
    names.forEach((name, i) => {
      const source = `${name} (${drugIds[i]})`;
      const link = ctx.linker.link(name);
      if (link.kind === 'linked') {
        ingredientOf[i] = ctx.doc.useLinked(link.ingredientId);
        r.linkedBy[link.match]++;
        ctx.links.push({ source, ingredientId: link.ingredientId, match: link.match });
        return;
      }
      const id = link.kind === 'unlinked' ? ctx.doc.useNew(foldText(name)) : undefined;
      if (id === undefined) {
        unusable.set(i, link.kind === 'conflict' ? link.reason : `"${name}" cannot become a new ingredient: its name belongs to another drug`);
        return;
      }
      ingredientOf[i] = id;
      r.linkedBy.new++;
      ctx.links.push({ source, ingredientId: id, match: 'new' });
    });

    // Fold the source pairs onto ingredient pairs (two salts of one ingredient may both be listed).
    const rules = new Map<string, { a: string; b: string; rank: number }>();
    for (const [key, v] of pairs) {
      const i = Math.floor(key / 0x200000);
      const j = key % 0x200000;
      const bad = unusable.get(i) ?? unusable.get(j);
      if (bad !== undefined) {
        const rest = Math.floor(v / 8);
        report.reject(ctx.files[rest % MAX_FILES], Math.floor(rest / MAX_FILES), bad);
        r.pairs--;
        r.severityCounts[SEVERITIES[v % 8]]--;
        continue;
      }
      const ia = ingredientOf[i]!;
      const ib = ingredientOf[j]!;
      if (ia === ib) {
        r.selfPairsAfterLinking++;
        continue;
      }
      const [a, b] = ia < ib ? [ia, ib] : [ib, ia];
      const ruleKey = `${a}--${b}`;
      const prev = rules.get(ruleKey);
      if (prev) {
        r.pairsFoldedByLinking++;
        if (v % 8 < prev.rank) prev.rank = v % 8;
      } else rules.set(ruleKey, { a, b, rank: v % 8 });
    }

    const texts = SEVERITIES.map((s) => DdinterImporter.summary(s, ctx.title));
    const mechanism = `Not provided by ${ctx.title}.`;
    const management = 'Consult the product labels of both drugs.';
    const url = ctx.url ?? DdinterImporter.HOME_PAGE;
    // Shared by every rule (frozen): a third of the document's objects otherwise.
    const evidence = Object.freeze({ level: 'unknown' as const });
    const citations = Object.freeze([Object.freeze({ source: ctx.sourceId, title: ctx.title, url })]) as KbRule['citations'];
    const risks = Object.freeze([]) as unknown as string[];
    for (const [ruleKey, { a, b, rank }] of rules) {
      const rule: KbRule = {
        id: `${ctx.sourceId}:${ruleKey}`,
        sourceId: ctx.sourceId,
        a: { ingredient: a },
        b: { ingredient: b },
        severity: SEVERITIES[rank],
        risks,
        summary: texts[rank],
        consequence: '',
        mechanism,
        management,
        evidence,
        citations,
      };
      ctx.doc.addRule(rule);
    }
  }

  private drug(id: string, name: string, where: string, ids: Map<string, number>, drugIds: string[], names: string[], firstSeen: string[]): number {
    let i = ids.get(id);
    if (i === undefined) {
      i = names.length;
      ids.set(id, i);
      drugIds.push(id);
      names.push(name);
      firstSeen.push(where);
    }
    return i;
  }
}
