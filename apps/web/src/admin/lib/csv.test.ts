import { describe, expect, it } from 'vitest';
import { collectAllRows, csvCell, csvFileName, type PageOf, pageOfList, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
  });

  it('defuses what a spreadsheet would run as a formula, but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-0.5')).toBe('-0.5');
    expect(csvCell('-12')).toBe('-12');
  });

  it('writes a header and one CRLF line per row', () => {
    const rows = [
      { id: 1, email: 'ada@example.com', note: 'a, b' },
      { id: 2, email: 'bob@example.com', note: null },
    ];
    const text = toCsv(
      [
        { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
        { header: 'Email', value: (r: (typeof rows)[number]) => r.email },
        { header: 'Note', value: (r: (typeof rows)[number]) => r.note },
      ],
      rows,
    );
    expect(text).toBe('ID,Email,Note\r\n1,ada@example.com,"a, b"\r\n2,bob@example.com,\r\n');
  });

  it('names the file after the list and the local time', () => {
    expect(csvFileName('withdrawals', new Date(2026, 10, 26, 14, 5))).toBe(
      'fit24-withdrawals-2026-11-26-1405.csv',
    );
  });
});

/** A server that pages `all` by 20, like the API (page, page_size, total), recording the pages asked. */
function server(all: { id: number }[], pageSize = 20) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<PageOf<{ id: number }>> => {
    asked.push(page);
    return pageOfList(all, page, pageSize);
  };
  return { fetchPage, asked };
}

describe('collecting every page of a list', () => {
  const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

  it('reads page after page until the total, in order', async () => {
    const { fetchPage, asked } = server(rows(45));
    const progress: string[] = [];
    const all = await collectAllRows(
      fetchPage,
      (r) => r.id,
      (done, total) => progress.push(`${done}/${total}`),
    );
    expect(all.map((r) => r.id)).toEqual(rows(45).map((r) => r.id));
    expect(asked).toEqual([1, 2, 3]);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
  });

  it('reads one page of an empty list', async () => {
    const { fetchPage, asked } = server([]);
    expect(await collectAllRows(fetchPage, (r) => r.id)).toEqual([]);
    expect(asked).toEqual([1]);
  });

  it('keeps a row once when a new one pushes the list down while exporting', async () => {
    let list = rows(40, 10);
    const asked: number[] = [];
    const fetchPage = async (page: number) => {
      asked.push(page);
      const answer = pageOfList(list, page, 20);
      // A new row arrives at the top (newest first) after the first page was read.
      if (page === 1) list = [{ id: 99 }, ...list];
      return answer;
    };
    const all = await collectAllRows(fetchPage, (r) => r.id);
    expect(all.map((r) => r.id)).toEqual(rows(40, 10).map((r) => r.id));
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page even if the total said more', async () => {
    const fetchPage = async (page: number) => ({
      rows: page === 1 ? rows(20) : [],
      page,
      pageSize: 20,
      total: 500,
    });
    expect((await collectAllRows(fetchPage, (r) => r.id)).length).toBe(20);
  });
});
