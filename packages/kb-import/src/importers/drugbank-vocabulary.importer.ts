import { compactKey } from '@vigil/engine';
import type { FormatImporter, ImportContext } from './format-importer';

const REQUIRED_COLUMNS = ['DrugBank ID', 'Common name', 'Synonyms'] as const;
const KNOWN_COLUMNS: ReadonlySet<string> = new Set(['DrugBank ID', 'Accession Numbers', 'Common name', 'CAS', 'UNII', 'Synonyms', 'Standard InChI Key']);
const ID_RE = /^DB\d+$/;
/** Longer synonyms are systematic chemical names: left out. */
const MAX_SYNONYM_LENGTH = 60;

interface Entry {
  id: string;
  name: string;
  synonyms: string[];
  file: string;
  line: number;
}

/**
 * DrugBank open vocabulary (`DrugBank ID,Accession Numbers,Common name,CAS,UNII,Synonyms,Standard InChI Key`,
 * synonyms ` | `-separated). An entry whose common name links to a base ingredient (exact, synonym, salt-stripped)
 * adds its common name and synonyms to that ingredient's synonyms, skipping any name another drug owns (in the base,
 * earlier in this document, or as another entry's common name) and systematic chemical names. Entries are never
 * linked through their synonyms: those collide with abbreviations ("TMP", "MMF") and enantiomers ("Levosalbutamol").
 *
 * Entries that do not link do NOT become ingredients: most are experimental compounds, and an ingredient without rules
 * would make a check report "no interaction" for it. Their common names go to the document's `otherNames` (real
 * drugs the knowledge base does not cover): the resolver reports them as such and never spell-corrects them into a
 * knowledge-base drug. UNII, CAS and InChI keys are not kept: the compiled model has no field for them.
 */
export class DrugbankVocabularyImporter implements FormatImporter {
  /** `a | b | c` → ["a", "b", "c"] (trimmed, empty and repeated names removed). */
  static splitSynonyms(cell: string): string[] {
    return [
      ...new Set(
        cell
          .split(' | ')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
  }

  /** A systematic chemical name nobody types ("4-Hydroxy-3-(3-oxo-1-phenylbutyl)coumarin"): not added. */
  static isSystematicName(name: string): boolean {
    return name.length > MAX_SYNONYM_LENGTH || (/\d/.test(name) && /[([{,]/.test(name));
  }

  async run(ctx: ImportContext): Promise<void> {
    const { report } = ctx;
    const entries: Entry[] = [];
    const seenIds = new Map<string, string>();

    for (const file of ctx.files) {
      let columns = new Map<string, number>();
      let width = 0;
      await ctx.read(file, {
        header: (fields, line) => {
          const names = fields.map((h) => h.trim());
          columns = new Map(names.map((h, i) => [h, i]));
          width = names.length;
          const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
          const unknown = names.filter((h) => !KNOWN_COLUMNS.has(h));
          if (missing.length > 0 || unknown.length > 0 || columns.size !== names.length) {
            report.error(
              file,
              line,
              `not a DrugBank vocabulary file: ${missing.length > 0 ? `missing column(s) ${missing.join(', ')}` : unknown.length > 0 ? `unknown column(s) ${unknown.join(', ')}` : 'a column appears twice'}`,
            );
            return false;
          }
          return true;
        },
        row: (fields, line) => {
          if (fields.length !== width) {
            report.error(file, line, `expected ${width} fields, found ${fields.length}`);
            return;
          }
          const id = fields[columns.get('DrugBank ID')!].trim();
          if (!ID_RE.test(id)) {
            report.error(file, line, `DrugBank ID "${id}" is not a DrugBank id (DB<number>)`);
            return;
          }
          const name = fields[columns.get('Common name')!].trim();
          if (name === '') {
            report.reject(file, line, `${id} has no common name`);
            return;
          }
          const first = seenIds.get(id);
          if (first !== undefined) {
            report.reject(file, line, `${id} is listed again (first at ${first})`);
            return;
          }
          seenIds.set(id, `${file}:${line}`);
          entries.push({ id, name, synonyms: DrugbankVocabularyImporter.splitSynonyms(fields[columns.get('Synonyms')!]), file, line });
        },
        error: (line, message) => report.error(file, line, message),
      });
    }
    if (report.hasErrors) return;

    entries.sort((a, b) => Number(a.id.slice(2)) - Number(b.id.slice(2)));
    report.report.drugs = entries.length;
    const commonName = new Map<string, string>();
    for (const e of entries) {
      const key = compactKey(e.name);
      if (!commonName.has(key)) commonName.set(key, e.id);
    }

    for (const e of entries) {
      const link = ctx.linker.link(e.name);
      if (link.kind === 'conflict') {
        report.reject(e.file, e.line, link.reason);
        continue;
      }
      if (link.kind === 'unlinked') {
        ctx.doc.addOtherName(e.name);
        continue;
      }
      const id = ctx.doc.useLinked(link.ingredientId);
      report.report.linkedBy[link.match]++;
      ctx.links.push({ source: `${e.name} (${e.id})`, ingredientId: id, match: link.match });
      for (const name of [e.name, ...e.synonyms]) {
        const key = compactKey(name);
        if (key.length < 3 || !/[a-z]/i.test(name) || DrugbankVocabularyImporter.isSystematicName(name)) continue;
        const owner = commonName.get(key);
        if (owner !== undefined && owner !== e.id) continue;
        ctx.doc.addName(id, 'synonyms', name);
      }
    }
  }
}
