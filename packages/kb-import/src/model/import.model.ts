import type { CompiledKnowledgeBase, Severity } from '@vigil/engine';

/** Input formats the importer understands. */
export const IMPORT_FORMATS = ['ddinter', 'drugs-at-fda', 'drugbank-vocabulary', 'vigil-csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Progress of a running import (called after every chunk read). */
export interface ImportProgress {
  /** Data rows read so far (headers and empty lines excluded), over all files. */
  rowsRead: number;
  bytesRead: number;
  /** Size of all input files together. */
  totalBytes: number;
}

export interface ImportInput {
  format: ImportFormat;
  /** Input files, read in the order given (a pair repeated across files is merged). */
  files: string[];
  /** Source id of the document (kebab-case). Defaults per format: `ddinter`, `drugs-at-fda`, `drugbank-vocabulary`, `local`. */
  sourceId?: string;
  title?: string;
  license?: string;
  /** Source home page for the `sources` entry and citations (a default exists for the public formats). */
  url?: string;
  /** `releasedAt` of the document (ISO-8601). Default `1970-01-01T00:00:00.000Z`, so that re-importing is byte-identical. */
  releasedAt?: string;
  onProgress?: (progress: ImportProgress) => void;
}

/** A line-precise problem that makes a file (and so the whole import) invalid. `line` 0 = the file as a whole. */
export interface ImportError {
  file: string;
  line: number;
  message: string;
}

/** A row that was skipped while the import as a whole went ahead. */
export interface RejectedRow {
  file: string;
  line: number;
  reason: string;
}

/** How one source drug name was matched to an ingredient of the base knowledge base. */
export type LinkMatch = 'exact' | 'synonym' | 'salt-stripped';

/** One source drug and the ingredient it became (an existing one, or a new imported one). */
export interface IngredientLink {
  /** The drug as the source names it (for DDInter: `Name (DDInterID)`). */
  source: string;
  ingredientId: string;
  match: LinkMatch | 'new';
}

export interface ImportReport {
  format: ImportFormat;
  sourceId: string;
  files: string[];
  /** Data rows read (headers and empty lines excluded), over all files. */
  rowsRead: number;
  /** Distinct unordered pairs the source holds, counted on the source's own drug identities. */
  pairs: number;
  /** Rules in the produced document: `pairs` after linking (two source drugs may link to one ingredient). */
  rules: number;
  /** Distinct drugs the source names (interaction formats: drugs in accepted pairs; vocabularies: entries read). */
  drugs: number;
  /** Rows that repeated a pair already read (same or other file, either orientation) and were merged into it. */
  duplicatesMerged: number;
  /** Merged pairs whose rows disagreed on the severity (the most severe is kept). */
  severityConflicts: number;
  /** Source pairs that landed on an ingredient pair another source pair had already produced (most severe kept). */
  pairsFoldedByLinking: number;
  /** Source pairs whose two drugs link to the same ingredient (e.g. two calcium salts): no rule. */
  selfPairsAfterLinking: number;
  rejected: RejectedRow[];
  /** Distinct existing ingredients of the base knowledge base that the source's drugs were linked to. */
  linkedIngredients: number;
  /** Distinct new ingredients the document introduces (flagged by their `sourceId`). */
  newIngredients: number;
  /** Source drugs by how they were linked. */
  linkedBy: Record<LinkMatch | 'new', number>;
  /** Severity of the distinct source pairs. */
  severityCounts: Record<Severity, number>;
  /** Names added to existing (or new) ingredients and products. */
  vocabulary: { brands: number; synonyms: number; salts: number; products: number; otherNames: number };
  /** Drugs@FDA products dropped because every marketing status is "Discontinued". */
  discontinuedProducts: number;
  /** All line-precise errors found (the `errors` list of a failed import is capped). */
  errorCount: number;
  elapsedMs: number;
}

export type ImportResult = { ok: true; doc: CompiledKnowledgeBase; report: ImportReport; links: IngredientLink[] } | { ok: false; errors: ImportError[]; report: ImportReport };
