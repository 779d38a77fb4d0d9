import { stat } from 'node:fs/promises';
import { CURATED_SOURCE_ID, type KbSource, type KnowledgeBase } from '@vigil/engine';
import { DelimitedFileReader } from '../csv/delimited-file.reader';
import { DEFAULT_RELEASED_AT, SourceDocumentBuilder } from '../document/source-document.builder';
import { IngredientLinker } from '../link/ingredient.linker';
import { IMPORT_FORMATS, type ImportFormat, type ImportInput, type ImportResult, type IngredientLink } from '../model/import.model';
import type { FormatImporter, ImportContext } from './format-importer';
import { ImportReportBuilder } from '../report/import.report';
import { DdinterImporter } from './ddinter.importer';
import { DrugbankVocabularyImporter } from './drugbank-vocabulary.importer';
import { DrugsAtFdaImporter } from './drugs-at-fda.importer';
import { VigilCsvImporter } from './vigil-csv.importer';

/** Default `sources` entry per format (overridden by `sourceId`, `title`, `license`, `url`). */
export const FORMAT_DEFAULTS: Readonly<Record<ImportFormat, KbSource>> = {
  ddinter: { id: 'ddinter', title: 'DDInter', license: 'CC BY-NC-SA 4.0', url: DdinterImporter.HOME_PAGE },
  'drugs-at-fda': {
    id: 'drugs-at-fda',
    title: 'Drugs@FDA product names',
    license: 'Public domain (US Government work)',
    url: 'https://www.fda.gov/drugs/drug-approvals-and-databases/drugsfda-data-files',
  },
  'drugbank-vocabulary': { id: 'drugbank-vocabulary', title: 'DrugBank Vocabulary', license: 'CC0 1.0', url: 'https://go.drugbank.com/releases/latest#open-data' },
  'vigil-csv': { id: 'local', title: 'Local interaction rules', license: 'Local rules (not for redistribution)' },
};

const SOURCE_ID_RE = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Imports one external source into a compiled knowledge-base document that merges after the base
 * (`buildKnowledgeBase([curated, result.doc], { sourcePrecedence })`). Never throws for bad input: a malformed file
 * gives `ok: false` with line-precise errors (the document is not produced at all).
 */
export class SourceImporter {
  private readonly importers: Readonly<Record<ImportFormat, FormatImporter>> = {
    ddinter: new DdinterImporter(),
    'drugs-at-fda': new DrugsAtFdaImporter(),
    'drugbank-vocabulary': new DrugbankVocabularyImporter(),
    'vigil-csv': new VigilCsvImporter(),
  };

  async import(input: ImportInput, base: KnowledgeBase): Promise<ImportResult> {
    const files = [...(input.files ?? [])];
    const format = input.format;
    const defaults = (IMPORT_FORMATS as readonly string[]).includes(format) ? FORMAT_DEFAULTS[format] : undefined;
    const sourceId = input.sourceId ?? defaults?.id ?? 'unknown';
    const report = new ImportReportBuilder(format, sourceId, files);
    const fail = (): ImportResult => ({ ok: false, errors: report.errors, report: report.finish() });

    if (!defaults) report.error('', 0, `unknown format "${format}" (expected one of ${IMPORT_FORMATS.join(', ')})`);
    if (!SOURCE_ID_RE.test(sourceId)) report.error('', 0, `source id "${sourceId}" must be kebab-case (a-z, 0-9, -), at most 63 characters`);
    if (sourceId === CURATED_SOURCE_ID) report.error('', 0, `source id "${CURATED_SOURCE_ID}" is reserved for the curated knowledge base`);
    if (input.releasedAt !== undefined && Number.isNaN(Date.parse(input.releasedAt))) report.error('', 0, `releasedAt "${input.releasedAt}" is not an ISO-8601 time`);
    if (files.length === 0) report.error('', 0, 'no input files');
    if (new Set(files).size !== files.length) report.error('', 0, 'the same file is given twice');
    let totalBytes = 0;
    for (const file of files) {
      try {
        const s = await stat(file);
        if (!s.isFile()) report.error(file, 0, 'not a regular file');
        totalBytes += s.size;
      } catch (e) {
        report.error(file, 0, `cannot read the file: ${(e as Error).message}`);
      }
    }
    if (report.hasErrors || !defaults) return fail();

    const source: KbSource = {
      id: sourceId,
      title: input.title ?? defaults.title,
      license: input.license ?? defaults.license,
      ...((input.url ?? defaults.url) ? { url: input.url ?? defaults.url } : {}),
    };
    const reader = new DelimitedFileReader({ totalBytes, onProgress: input.onProgress });
    const links: IngredientLink[] = [];
    const doc = new SourceDocumentBuilder(base, source, input.releasedAt ?? DEFAULT_RELEASED_AT);
    const context: ImportContext = {
      files,
      sourceId,
      title: source.title,
      url: source.url,
      read: (file, handler, syntax) => reader.read(file, handler, syntax),
      report,
      linker: new IngredientLinker(base),
      doc,
      links,
    };
    await this.importers[format].run(context);
    report.report.rowsRead = reader.rowsRead;
    if (report.hasErrors) return fail();

    const built = doc.build();
    const r = report.report;
    r.rules = built.rules.length;
    r.linkedIngredients = doc.linkedCount;
    r.newIngredients = doc.newCount;
    r.vocabulary = { ...doc.added };
    links.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.ingredientId < b.ingredientId ? -1 : a.ingredientId > b.ingredientId ? 1 : 0));
    return { ok: true, doc: built, report: report.finish(), links };
  }
}

/**
 * Imports `input.files` in `input.format` against `base` (the curated knowledge base from `loadCuratedKb()`, or an
 * already merged one so that names also link to ingredients earlier imports introduced).
 */
export function importSource(input: ImportInput, base: KnowledgeBase): Promise<ImportResult> {
  return new SourceImporter().import(input, base);
}
