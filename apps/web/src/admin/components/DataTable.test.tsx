import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PageOf, pageOfList } from '../lib/csv.ts';
import { type Column, DataTable } from './DataTable.tsx';

interface Person {
  id: number;
  email: string;
  country: string;
}

const people: Person[] = Array.from({ length: 47 }, (_, i) => ({
  id: i + 1,
  email: `person-${i + 1}@example.com`,
  country: i % 2 === 0 ? 'GB' : 'FR',
}));

const columns: Column<Person>[] = [
  { key: 'id', header: 'ID', cell: (p) => p.id, csv: (p) => p.id },
  { key: 'email', header: 'Email', cell: (p) => p.email, csv: (p) => p.email },
  { key: 'country', header: 'Country', cell: (p) => p.country, csv: (p) => p.country },
  { key: 'act', header: '', kind: 'actions', cell: () => <button type="button">Open</button> },
];

let downloads: { name: string; text: Promise<string> }[];

/** jsdom's Blob has no text(): read it as a browser's FileReader would. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  downloads = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        lastBlob = blob;
        return 'blob:test';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) downloads.push({ name: this.download, text: readBlob(lastBlob) });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderTable(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('the console table’s CSV export', () => {
  it('pages through the whole filtered list on the server, not just the page shown, and downloads it', async () => {
    const asked: string[] = [];
    const country = 'GB';
    const fetchPage = vi.fn(async (page: number): Promise<PageOf<Person>> => {
      asked.push(`${country}:${page}`);
      return pageOfList(
        people.filter((p) => p.country === country),
        page,
        10,
      );
    });
    renderTable(
      <DataTable
        testId="people"
        columns={columns}
        rowKey={(p) => p.id}
        queryKey={['people', country]}
        fetchPage={fetchPage}
        exportName="people-gb"
      />,
    );
    expect((await screen.findByTestId('people-range')).textContent).toBe('');
    await waitFor(() => expect(screen.getByTestId('people-range').textContent).toBe('1–10 of 24'));
    expect(screen.getAllByRole('row')).toHaveLength(11);

    fireEvent.click(screen.getByTestId('people-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const csv = (await downloads[0]!.text).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Email,Country');
    expect(lines).toHaveLength(25);
    expect(lines.slice(1).every((line) => line.endsWith(',GB'))).toBe(true);
    expect(lines[1]).toBe('1,person-1@example.com,GB');
    expect(lines[24]).toBe('47,person-47@example.com,GB');
    expect(asked).toEqual(['GB:1', 'GB:1', 'GB:2', 'GB:3']);
    expect(downloads[0]!.name).toMatch(/^fit24-people-gb-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  });

  it('exports every row of a whole list, though it shows twenty at a time', async () => {
    renderTable(
      <DataTable testId="all" columns={columns} rowKey={(p) => p.id} rows={people} exportName="all" />,
    );
    expect((await screen.findByTestId('all-range')).textContent).toBe('1–20 of 47');
    fireEvent.click(screen.getByTestId('all-next'));
    expect(screen.getByTestId('all-range').textContent).toBe('21–40 of 47');
    fireEvent.click(screen.getByTestId('all-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const lines = (await downloads[0]!.text).trimEnd().split('\r\n');
    expect(lines).toHaveLength(48);
  });

  it('says so when a page of the export fails, and downloads nothing', async () => {
    const fetchPage = async (page: number): Promise<PageOf<Person>> => {
      if (page === 2) throw new Error('The server answered with HTTP 500.');
      return pageOfList(people, page, 20);
    };
    renderTable(
      <DataTable
        testId="bad"
        columns={columns}
        rowKey={(p) => p.id}
        queryKey={['bad']}
        fetchPage={fetchPage}
        exportName="bad"
      />,
    );
    await waitFor(() => expect(screen.getByTestId('bad-range').textContent).toBe('1–20 of 47'));
    fireEvent.click(screen.getByTestId('bad-export'));
    expect((await screen.findByRole('alert')).textContent).toContain('The server answered with HTTP 500.');
    expect(downloads).toHaveLength(0);
  });
});
