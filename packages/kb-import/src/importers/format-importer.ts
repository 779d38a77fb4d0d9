import type { DelimitedFileHandler } from '../csv/delimited-file.reader';
import type { SourceDocumentBuilder } from '../document/source-document.builder';
import type { IngredientLinker } from '../link/ingredient.linker';
import type { IngredientLink } from '../model/import.model';
import type { ImportReportBuilder } from '../report/import.report';

/** What the dispatcher hands to a format importer (internal). */
export interface ImportContext {
  files: readonly string[];
  sourceId: string;
  title: string;
  url?: string;
  /** Streams one file with this format's delimiter/quoting; progress and row counts are shared by all files. */
  read(file: string, handler: DelimitedFileHandler, options?: { delimiter?: string; quote?: string | null }): Promise<void>;
  report: ImportReportBuilder;
  linker: IngredientLinker;
  doc: SourceDocumentBuilder;
  links: IngredientLink[];
}

/** One input format. `run` fills the context's document and report; errors in the report make the import fail. */
export interface FormatImporter {
  run(context: ImportContext): Promise<void>;
}
