/** One record: its fields and the (1-based) line on which it starts. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvParserOptions {
  /** Field separator (default `,`). */
  delimiter?: string;
  /** Quote character, or `null` for formats without quoting (Drugs@FDA's tab files contain literal `"`). Default `"`. */
  quote?: string | null;
  onRecord: (record: CsvRecord) => void;
  onError: (line: number, message: string) => void;
}

const LF = 10;
const CR = 13;

/**
 * Push parser for RFC 4180 text, fed in chunks of any size (a quoted field, a doubled quote or a CRLF may straddle two
 * chunks). Quoted fields may hold delimiters, doubled quotes and line breaks. LF, CRLF and lone CR end a record.
 * Empty and blank lines are skipped; a UTF-8 byte-order mark is dropped. Syntax errors (a quote inside an unquoted
 * field, text after a closing quote, a quoted field still open at the end) are reported with their line and the
 * parser carries on, so one pass reports every problem of a file.
 */
export class CsvParser {
  private readonly delimiter: number;
  private readonly quote: number;
  private readonly onRecord: (record: CsvRecord) => void;
  private readonly onError: (line: number, message: string) => void;

  private fields: string[] = [];
  private field = '';
  /** 0 = start of field, 1 = unquoted field, 2 = inside quotes, 3 = quote seen inside quotes, 4 = after closing quote. */
  private state = 0;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  private recordQuoted = false;
  private skipLf = false;
  private started = false;
  private ended = false;

  constructor(options: CsvParserOptions) {
    const delimiter = options.delimiter ?? ',';
    if (delimiter.length !== 1) throw new Error('CsvParser: the delimiter must be one character');
    const quote = options.quote === undefined ? '"' : options.quote;
    if (quote !== null && quote.length !== 1) throw new Error('CsvParser: the quote must be one character or null');
    this.delimiter = delimiter.charCodeAt(0);
    this.quote = quote === null ? -1 : quote.charCodeAt(0);
    this.onRecord = options.onRecord;
    this.onError = options.onError;
  }

  /** Parses a whole text at once (tests, small files). */
  static parse(text: string, options: Omit<CsvParserOptions, 'onRecord' | 'onError'> = {}): { records: CsvRecord[]; errors: { line: number; message: string }[] } {
    const records: CsvRecord[] = [];
    const errors: { line: number; message: string }[] = [];
    const p = new CsvParser({ ...options, onRecord: (r) => records.push(r), onError: (line, message) => errors.push({ line, message }) });
    p.feed(text);
    p.end();
    return { records, errors };
  }

  feed(chunk: string): void {
    if (this.ended) throw new Error('CsvParser: feed after end');
    let i = 0;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    const n = chunk.length;
    const delim = this.delimiter;
    const quote = this.quote;
    let seg = i;
    while (i < n) {
      const c = chunk.charCodeAt(i);
      switch (this.state) {
        case 0: // start of a field
        case 1: // inside an unquoted field
          if (this.skipLf) {
            this.skipLf = false;
            if (c === LF) {
              seg = ++i;
              continue;
            }
          }
          if (c === delim) {
            this.field += chunk.slice(seg, i);
            this.endField();
            seg = i + 1;
          } else if (c === LF || c === CR) {
            this.field += chunk.slice(seg, i);
            this.endRecord();
            this.line++;
            this.recordLine = this.line;
            if (c === CR) this.skipLf = true;
            seg = i + 1;
          } else if (c === quote) {
            if (this.state === 0) {
              this.state = 2;
              this.recordQuoted = true;
              this.quoteLine = this.line;
              seg = i + 1;
            } else {
              this.onError(this.line, 'a quote inside an unquoted field (quote the whole field and double the inner quotes)');
            }
          } else this.state = 1;
          break;
        case 2: // inside quotes
          if (c === quote) {
            this.field += chunk.slice(seg, i);
            this.state = 3;
            seg = i + 1;
          } else if (c === LF) this.line++;
          break;
        case 3: // a quote inside quotes: doubled quote, or the closing one
          if (c === quote) {
            this.field += '"';
            this.state = 2;
            seg = i + 1;
            break;
          }
          this.state = 4;
          continue; // re-examine this character after the closing quote
        case 4: // after the closing quote: only a delimiter or a line end may follow
          if (c === delim || c === LF || c === CR) {
            this.state = 1;
            seg = i;
            continue;
          }
          this.onError(this.line, 'text after the closing quote of a field');
          this.state = 1;
          seg = i;
          continue;
      }
      i++;
    }
    if (this.state === 0 || this.state === 1 || this.state === 2) this.field += chunk.slice(seg, n);
  }

  /** Ends the input: emits the last record (a final line without a line break) and reports an open quote. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.state === 2) {
      this.onError(this.quoteLine, `unterminated quoted field (opened on line ${this.quoteLine}, still open at the end of the file)`);
      this.field = '';
      this.fields = [];
      return;
    }
    if (this.fields.length > 0 || this.field !== '' || this.state === 3 || this.state === 4) this.endRecord();
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.state = 0;
  }

  private endRecord(): void {
    this.fields.push(this.field);
    const fields = this.fields;
    this.fields = [];
    this.field = '';
    this.state = 0;
    const quoted = this.recordQuoted;
    this.recordQuoted = false;
    if (!quoted && fields.length === 1 && fields[0].trim() === '') return; // empty or blank line
    this.onRecord({ line: this.recordLine, fields });
  }
}
