import { describe, expect, it } from 'vitest';
import { ExtractedTable, readByRecipe, shownCell, toCsv, toJson, toTsv, writingOf, type TableColumn } from '../../../src/shared/table';
import { RunResult } from '../../../src/shared/schedule';
import { pageText, verifyRows } from '../../../src/agent/policies/extract-verify';
import { compareResults, resultFromTable } from '../../../src/workflows/schedule/changes';

const PAGE = ['Hotel | Price | Rating', 'Seaside Inn | $383.12 | 4.5', 'Hotel Adler | 1,027.39 € | 4.1', 'Old Mill | $1,299.50 | 3.9'].join('\n');
const COLUMNS: TableColumn[] = [{ name: 'hotel', type: 'text' }, { name: 'price', type: 'number' }, { name: 'rating', type: 'number' }];

const table = (rows: ExtractedTable['rows'], shown?: ExtractedTable['shown']): ExtractedTable => ({
  title: 'hotels',
  columns: COLUMNS,
  rows,
  ...(shown ? { shown } : {}),
  url: '',
  pages: 1,
  unfilled: [],
  refused: [],
});

describe("an extracted table keeps the page's own text beside each number", () => {
  it('keeps "$383.12" and "1,027.39 €" however the model gave the number, and the number for sums', () => {
    const page = pageText(PAGE);
    // as the page writes it, the digits alone, a JSON number: the page's writing is kept every time
    const read = verifyRows([['Seaside Inn', '$383.12', '4.5'], ['Hotel Adler', '1,027.39 €', 4.1], ['Old Mill', 1299.5, '3.9'], ['Seaside Inn', '383.12', 4.5]], COLUMNS, page);
    expect(read.refused).toEqual([]);
    expect(read.rows).toEqual([['Seaside Inn', 383.12, 4.5], ['Hotel Adler', 1027.39, 4.1], ['Old Mill', 1299.5, 3.9], ['Seaside Inn', 383.12, 4.5]]);
    const t = table(read.rows, read.shown);
    expect(read.rows.map((_, r) => shownCell(t, r, 1))).toEqual(['$383.12', '1,027.39 €', '$1,299.50', '$383.12']);
    // a number is read from its row's own line: a stock of 17 is not another row's "$17.00"
    const stock = verifyRows([['Kettle', 17]], [{ name: 'name', type: 'text' }, { name: 'stock', type: 'number' }], pageText('Lamp | $17.00 | 3\nKettle | $9.00 | 17'));
    expect(stock.shown).toEqual([[null, null]]);
        // a rating the page writes as the value itself keeps nothing beside it
    expect(read.shown.map((r) => r[2])).toEqual([null, null, null, null]);
  });

  it('reads the page text beside the rows a recipe finds, as a replay does', () => {
    const { rows, shown } = readByRecipe(PAGE, { cellCount: 3, cells: [0, 1, 2], header: 'Hotel | Price | Rating', next: '' }, COLUMNS);
    expect(rows[0]).toEqual(['Seaside Inn', 383.12, 4.5]);
    expect(shownCell({ rows, shown }, 0, 1)).toBe('$383.12');
    expect(shownCell({ rows, shown }, 1, 1)).toBe('1,027.39 €');
  });

  it('finds how a page writes a number with its currency or unit', () => {
    expect(writingOf('Total: $383.12.', 383.12)).toBe('$383.12');
    expect(writingOf('Zimmer 1,027.39 € pro Nacht', 1027.39)).toBe('1,027.39 €');
    expect(writingOf('12 % off', 12)).toBe('12 %');
    expect(writingOf('costs 4.5 today', 4.5)).toBe('4.5');
    expect(writingOf('nothing here', 4.5)).toBeNull();
    // the digits the model copied, where the page writes them bare, over another row's price
    expect(writingOf('Kettle | $17.00 | 3\nLamp | $9.00 | 17', 17, '17')).toBe('17');
    expect(writingOf('Kettle | $17.00 | 3', 17, '17')).toBe('$17.00');
  });

  it('puts numbers in files and the clipboard, with a shared currency in the header and mixed ones as the page wrote them', () => {
    const dollars = table([['Seaside Inn', 383.12, 4.5], ['Old Mill', 1299.5, 3.9]], [[null, '$383.12', null], [null, '$1,299.50', null]]);
    expect(toTsv(dollars)).toBe('hotel\tprice ($)\trating\nSeaside Inn\t383.12\t4.5\nOld Mill\t1299.5\t3.9\n');
    expect(toCsv(dollars).split('\r\n')[0]).toBe('hotel,price ($),rating');
    expect(JSON.parse(toJson(dollars))).toEqual([{ hotel: 'Seaside Inn', price: 383.12, rating: 4.5 }, { hotel: 'Old Mill', price: 1299.5, rating: 3.9 }]);
    const mixed = table([['Seaside Inn', 383.12, 4.5], ['Hotel Adler', 1027.39, 4.1]], [[null, '$383.12', null], [null, '1,027.39 €', null]]);
    expect(toCsv(mixed)).toBe('hotel,price,rating\r\nSeaside Inn,$383.12,4.5\r\nHotel Adler,"1,027.39 €",4.1\r\n');
    expect(JSON.parse(toJson(mixed))[1]).toEqual({ hotel: 'Hotel Adler', price: '1,027.39 €', rating: 4.1 });
    // words beside a number name no unit: the header stays the column's name
    const reviews = table([['Seaside Inn', 123, 4.5]], [[null, '123 reviews', '4.5 stars']]);
    expect(toCsv(reviews).split('\r\n')[0]).toBe('hotel,price,rating');
  });

  it('reads tables and schedule results kept before page text was kept, and drops page text that does not parse', () => {
    const old = ExtractedTable.parse({ title: 'hotels', columns: COLUMNS, rows: [['Seaside Inn', 383.12, 4.5]] });
    expect(old.shown).toBeUndefined();
    expect(shownCell(old, 0, 1)).toBe('383.12');
    expect(toTsv(old)).toBe('hotel\tprice\trating\nSeaside Inn\t383.12\t4.5\n');
    const broken = ExtractedTable.parse({ title: 'hotels', columns: COLUMNS, rows: [['Seaside Inn', 383.12, 4.5]], shown: 'no' });
    expect(broken.rows).toHaveLength(1);
    expect(shownCell(broken, 0, 1)).toBe('383.12');

    const before = RunResult.parse({ kind: 'table', title: 'hotels', columns: ['hotel', 'price', 'rating'], rows: [['Seaside Inn', 383.12, 4.5]] });
    const same = resultFromTable(table([['Seaside Inn', 383.12, 4.5]], [[null, '$383.12', null]]));
    expect(compareResults(before, same).changed).toBe(false);
    const dearer = resultFromTable(table([['Seaside Inn', 390, 4.5]], [[null, '$390.00', null]]));
    expect(compareResults(same, dearer).details).toEqual(['Seaside Inn: price $383.12 → $390.00']);
  });
});
