// @vigil/kb-import: turns external interaction and vocabulary files into compiled knowledge-base source documents.
// Pure TypeScript: no framework, no database, no network. Streaming, deterministic.
export * from './model/import.model';
export { SourceImporter, importSource, FORMAT_DEFAULTS } from './importers/source.importer';
export { DdinterImporter } from './importers/ddinter.importer';
export { DrugsAtFdaImporter } from './importers/drugs-at-fda.importer';
export { DrugbankVocabularyImporter } from './importers/drugbank-vocabulary.importer';
export { VigilCsvImporter } from './importers/vigil-csv.importer';
export { IngredientLinker, type LinkResult } from './link/ingredient.linker';
export { CsvParser, type CsvParserOptions, type CsvRecord } from './csv/csv.parser';
export { DelimitedFileReader, type DelimitedFileHandler, type DelimitedFileReaderOptions } from './csv/delimited-file.reader';
export { SourceDocumentBuilder, DEFAULT_RELEASED_AT, type NameList } from './document/source-document.builder';
export { ImportReportBuilder, MAX_REPORTED_ERRORS } from './report/import.report';
