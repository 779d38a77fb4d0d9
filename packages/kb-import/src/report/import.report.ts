import type { ImportError, ImportFormat, ImportReport } from '../model/import.model';

/** At most this many errors are returned; `report.errorCount` keeps the full number. */
export const MAX_REPORTED_ERRORS = 100;

/** Collects the counts, rejected rows and line-precise errors of one import. */
export class ImportReportBuilder {
  readonly report: ImportReport;
  readonly errors: ImportError[] = [];
  private readonly started = process.hrtime.bigint();

  constructor(format: ImportFormat, sourceId: string, files: readonly string[]) {
    this.report = {
      format,
      sourceId,
      files: [...files],
      rowsRead: 0,
      pairs: 0,
      rules: 0,
      drugs: 0,
      duplicatesMerged: 0,
      severityConflicts: 0,
      pairsFoldedByLinking: 0,
      selfPairsAfterLinking: 0,
      rejected: [],
      linkedIngredients: 0,
      newIngredients: 0,
      linkedBy: { exact: 0, synonym: 0, 'salt-stripped': 0, new: 0 },
      severityCounts: { contraindicated: 0, major: 0, moderate: 0, minor: 0, unknown: 0 },
      vocabulary: { brands: 0, synonyms: 0, salts: 0, products: 0, otherNames: 0 },
      discontinuedProducts: 0,
      errorCount: 0,
      elapsedMs: 0,
    };
  }

  get hasErrors(): boolean {
    return this.report.errorCount > 0;
  }

  /** A problem that invalidates the file (and the import). */
  error(file: string, line: number, message: string): void {
    this.report.errorCount++;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push({ file, line, message });
  }

  /** A row skipped on its own; the import goes ahead. */
  reject(file: string, line: number, reason: string): void {
    this.report.rejected.push({ file, line, reason });
  }

  /** The report with the elapsed time filled in; errors sorted by file order, then line. */
  finish(): ImportReport {
    this.report.elapsedMs = Math.round(Number(process.hrtime.bigint() - this.started) / 1e6);
    const order = new Map(this.report.files.map((f, i) => [f, i]));
    const byPlace = (a: { file: string; line: number }, b: { file: string; line: number }) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1) || a.line - b.line;
    this.errors.sort(byPlace);
    this.report.rejected.sort(byPlace);
    return this.report;
  }
}
