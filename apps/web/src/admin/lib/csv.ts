import { downloadText } from '../../lib/download.ts';

/**
 * CSV export of the console's lists (RFC 4180: comma-separated, CRLF lines, fields quoted when they hold
 * a comma, a quote or a line break). A cell that a spreadsheet would run as a formula (=, +, -, @, tab or
 * carriage return first) is prefixed with an apostrophe — except plain numbers such as "-0.5" — so an
 * email or a note a user wrote cannot execute in the reviewer's spreadsheet.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** One page of a list, as the server's paged answers give it (`page`, `page_size`, `total`). */
export interface PageOf<Row> {
  rows: Row[];
  page: number;
  pageSize: number;
  total: number;
}

export type FetchPage<Row> = (page: number) => Promise<PageOf<Row>>;

/** Pages read at most: the contract's largest page number. */
const MAX_PAGES = 100_000;

/**
 * Every row of a filtered list, page after page until `total` is reached or a page comes back empty.
 * Rows are kept once by `key`: a row added while exporting (lists are newest first) pushes the rest one
 * place down, and a row seen on one page would otherwise show again at the top of the next.
 */
export async function collectAllRows<Row>(
  fetchPage: FetchPage<Row>,
  key: (row: Row) => string | number,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const seen = new Set<string | number>();
  const rows: Row[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await fetchPage(page);
    for (const row of answer.rows) {
      const id = key(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
    const pages = Math.max(1, Math.ceil(answer.total / Math.max(1, answer.pageSize)));
    onProgress?.(Math.min(page, pages), pages);
    if (answer.rows.length === 0 || page >= pages) break;
  }
  return rows;
}

/** A whole list held in memory, cut into pages as the server would. */
export function pageOfList<Row>(rows: readonly Row[], page: number, pageSize: number): PageOf<Row> {
  const start = (page - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), page, pageSize, total: rows.length };
}

/** "withdrawals" → "fit24-withdrawals-2026-11-26-1405.csv" (local time). */
export function csvFileName(name: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `fit24-${name}-${day}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}

/** Hands the text to the browser as a download (a byte-order mark first, for spreadsheets' UTF-8). */
export function downloadCsv(fileName: string, text: string): void {
  downloadText(fileName, `\uFEFF${text}`, 'text/csv;charset=utf-8');
}
