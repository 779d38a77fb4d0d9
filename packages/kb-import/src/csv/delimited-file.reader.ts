import { createReadStream } from 'node:fs';
import type { ImportProgress } from '../model/import.model';
import { CsvParser } from './csv.parser';

/** What a format does with one file: check the header, then take each data row. */
export interface DelimitedFileHandler {
  /** Called with the first record. Return false when the header is unusable: the rest of the file is skipped. */
  header(fields: string[], line: number): boolean;
  row(fields: string[], line: number): void;
  /** Syntax errors of the file (line-precise). */
  error(line: number, message: string): void;
}

export interface DelimitedFileReaderOptions {
  /** Size of all files of the import, for progress. */
  totalBytes?: number;
  onProgress?: (progress: ImportProgress) => void;
}

const CHUNK_BYTES = 256 * 1024;

/**
 * Streams delimited files through a CsvParser in 256 KiB chunks (never the whole file in memory), counts data rows
 * and bytes over every file it reads, and reports progress after each chunk.
 */
export class DelimitedFileReader {
  rowsRead = 0;
  bytesRead = 0;

  constructor(private readonly options: DelimitedFileReaderOptions = {}) {}

  /** Reads one file. Resolves when it is done; an unreadable file is reported through `handler.error` (line 0). */
  async read(file: string, handler: DelimitedFileHandler, syntax: { delimiter?: string; quote?: string | null } = {}): Promise<void> {
    let headerSeen = false;
    let skip = false;
    const parser = new CsvParser({
      delimiter: syntax.delimiter,
      quote: syntax.quote,
      onRecord: ({ line, fields }) => {
        if (skip) return;
        if (!headerSeen) {
          headerSeen = true;
          if (!handler.header(fields, line)) skip = true;
          return;
        }
        this.rowsRead++;
        handler.row(fields, line);
      },
      onError: (line, message) => handler.error(line, message),
    });
    const bytesBefore = this.bytesRead;
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
    try {
      for await (const chunk of stream) {
        parser.feed(chunk as string);
        this.bytesRead = bytesBefore + stream.bytesRead;
        this.progress();
        if (skip) break;
      }
    } catch (e) {
      handler.error(0, `cannot read the file: ${(e as Error).message}`);
      return;
    } finally {
      stream.destroy();
    }
    if (!skip) parser.end();
    if (!headerSeen) handler.error(1, 'the file is empty (no header line)');
    this.progress();
  }

  private progress(): void {
    this.options.onProgress?.({ rowsRead: this.rowsRead, bytesRead: this.bytesRead, totalBytes: this.options.totalBytes ?? 0 });
  }
}
