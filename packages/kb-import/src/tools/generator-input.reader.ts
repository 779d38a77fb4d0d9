import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CsvParser } from '../csv/csv.parser';

/** The arguments every Drugs@FDA names generator takes. */
export interface GeneratorInput {
  /** The Drugs@FDA directory (Products.txt, MarketingStatus.txt). */
  dir: string;
  /** The generated knowledge file. */
  out: string;
  /** The DrugBank vocabulary CSV that brands are screened against. */
  vocabFile: string;
}

/**
 * Reads what the Drugs@FDA names generators (fda-names, fda-combinations) share: `<drugs-at-fda dir> <output yaml>
 * [--vocabulary <drugbank_vocabulary.csv>]` (the vocabulary is found next to the Drugs@FDA directory unless given),
 * and the DrugBank vocabulary as lists of names.
 */
export class GeneratorInputReader {
  /** The parsed arguments, or a message for stderr (usage, or a missing vocabulary). */
  static args(argv: readonly string[], tool: string): GeneratorInput | { error: string } {
    const args = [...argv];
    const v = args.indexOf('--vocabulary');
    const vocabulary = v >= 0 ? args.splice(v, 2)[1] : undefined;
    const [dir, out] = args;
    if (!dir || !out) return { error: `usage: ${tool} <drugs-at-fda dir> <output yaml> [--vocabulary <drugbank_vocabulary.csv>]\n` };
    const vocabFile = vocabulary ?? join(dirname(resolve(dir)), 'drugbank-vocabulary', 'drugbank_vocabulary.csv');
    if (!existsSync(vocabFile)) return { error: `no DrugBank vocabulary at ${vocabFile}: brands are screened against it (give --vocabulary)\n` };
    return { dir, out, vocabFile };
  }

  /** DrugBank vocabulary rows as lists of names (common name first). */
  static drugbankNames(file: string): string[][] {
    const { records } = CsvParser.parse(readFileSync(file, 'utf8'));
    return records.slice(1).map((r) => [r.fields[2] ?? '', ...(r.fields[5] ?? '').split(' | ')].map((s) => s.trim()).filter((s) => s !== ''));
  }
}
