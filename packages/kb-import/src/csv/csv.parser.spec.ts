import { CsvParser, type CsvRecord } from './csv.parser';

type Rows = [line: number, fields: string[]][];
const rows = (records: CsvRecord[]): Rows => records.map((r) => [r.line, r.fields]);

/** Parses the text in one piece, then fed one character at a time and in 3-character chunks: all must agree. */
function parseEveryWay(text: string, options: { delimiter?: string; quote?: string | null } = {}) {
  const whole = CsvParser.parse(text, options);
  for (const size of [1, 3]) {
    const records: CsvRecord[] = [];
    const errors: { line: number; message: string }[] = [];
    const p = new CsvParser({ ...options, onRecord: (r) => records.push(r), onError: (line, message) => errors.push({ line, message }) });
    for (let i = 0; i < text.length; i += size) p.feed(text.slice(i, i + size));
    p.end();
    expect({ records, errors }).toEqual(whole);
  }
  return whole;
}

describe('CsvParser', () => {
  it.each<[string, string, Rows]>([
    [
      'plain LF',
      'a,b,c\n1,2,3\n',
      [
        [1, ['a', 'b', 'c']],
        [2, ['1', '2', '3']],
      ],
    ],
    [
      'no final line break',
      'a,b\n1,2',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'CRLF',
      'a,b\r\n1,2\r\n',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'lone CR',
      'a,b\r1,2\r',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    ['quoted comma (DDInter names)', 'DDInter1,"Thyroid, porcine",x\n', [[1, ['DDInter1', 'Thyroid, porcine', 'x']]]],
    ['doubled quotes', '"say ""hi""",b\n', [[1, ['say "hi"', 'b']]]],
    ['empty quoted field', '"",b\n', [[1, ['', 'b']]]],
    [
      'line break inside quotes keeps the line numbers right',
      'a,"x\ny"\nb,c\n',
      [
        [1, ['a', 'x\ny']],
        [3, ['b', 'c']],
      ],
    ],
    [
      'CRLF inside quotes',
      'a,"x\r\ny"\r\nb,c\r\n',
      [
        [1, ['a', 'x\r\ny']],
        [3, ['b', 'c']],
      ],
    ],
    [
      'empty and blank lines are skipped',
      '\na,b\n\n   \n1,2\n\n',
      [
        [2, ['a', 'b']],
        [5, ['1', '2']],
      ],
    ],
    [
      'empty fields',
      'a,,c\n,,\n',
      [
        [1, ['a', '', 'c']],
        [2, ['', '', '']],
      ],
    ],
    ['a byte-order mark is dropped', '\ufeffa,b\n', [[1, ['a', 'b']]]],
    ['a quoted empty line is a record', '""\n', [[1, ['']]]],
  ])('%s', (_, text, expected) => {
    const { records, errors } = parseEveryWay(text);
    expect(errors).toEqual([]);
    expect(rows(records)).toEqual(expected);
  });

  it('parses tab-separated text without quoting (Drugs@FDA names contain literal quotes)', () => {
    const { records, errors } = parseEveryWay('017412\tGERMA-MEDICA "MG"\tHEXACHLOROPHENE\n"a\tb"\n', { delimiter: '\t', quote: null });
    expect(errors).toEqual([]);
    expect(rows(records)).toEqual([
      [1, ['017412', 'GERMA-MEDICA "MG"', 'HEXACHLOROPHENE']],
      [2, ['"a', 'b"']],
    ]);
  });

  it.each<[string, string, { line: number; message: RegExp }[]]>([
    ['an unterminated quote, reported on the line it opens', 'a,b\n1,2\n3,"never closed\n4,5\n', [{ line: 3, message: /unterminated quoted field \(opened on line 3/ }]],
    ['a quote inside an unquoted field', 'a,b\n1,x"y\n', [{ line: 2, message: /quote inside an unquoted field/ }]],
    ['text after a closing quote', 'a,b\n"x"y,2\n', [{ line: 2, message: /text after the closing quote/ }]],
    [
      'every error of a file, each on its line',
      'a,b\n1,x"y\n2,ok\n"p"q,3\n',
      [
        { line: 2, message: /quote inside/ },
        { line: 4, message: /after the closing quote/ },
      ],
    ],
  ])('reports %s', (_, text, expected) => {
    const { errors } = parseEveryWay(text);
    expect(errors).toHaveLength(expected.length);
    errors.forEach((e, i) => {
      expect(e.line).toBe(expected[i].line);
      expect(e.message).toMatch(expected[i].message);
    });
  });

  it('keeps going after an error and still emits the following records', () => {
    const { records, errors } = parseEveryWay('a,b\n1,x"y\n2,3\n');
    expect(errors).toHaveLength(1);
    expect(rows(records)).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'x"y']],
      [3, ['2', '3']],
    ]);
  });

  it('rejects bad options and feeding after the end', () => {
    const noop = () => undefined;
    expect(() => new CsvParser({ delimiter: ',,', onRecord: noop, onError: noop })).toThrow(/one character/);
    const p = new CsvParser({ onRecord: noop, onError: noop });
    p.end();
    expect(() => p.feed('x')).toThrow(/after end/);
  });
});
