import { IonIcon, IonSpinner } from '@ionic/react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { chevronBack, chevronDown, chevronForward, downloadOutline, refreshOutline } from 'ionicons/icons';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import {
  type CsvValue,
  collectAllRows,
  csvFileName,
  downloadCsv,
  type FetchPage,
  type PageOf,
  pageOfList,
  toCsv,
} from '../lib/csv.ts';
import { errorText } from '../lib/errors.ts';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column's value in the CSV export; a column without it is left out (actions). */
  csv?: (row: Row) => CsvValue;
  /**
   * num: right-aligned tabular figures; mono: ids, hashes, addresses; actions: buttons; wrap: text that
   * may take several lines; clip: long text cut with an ellipsis (the whole of it in its title).
   */
  kind?: 'num' | 'mono' | 'actions' | 'wrap' | 'clip';
  /** In the CSV only (a line's whole detail): not a column on screen. */
  hidden?: boolean;
}

/** A list the server pages (`page`, `page_size`, `total`), with the filters in `queryKey` and `fetchPage`. */
export interface ServerSource<Row> {
  queryKey: QueryKey;
  fetchPage: FetchPage<Row>;
}

/** A list the server answers whole, filtered here: paged on screen. */
export interface LocalSource<Row> {
  rows: Row[] | undefined;
  loading?: boolean;
  error?: unknown;
  refresh?: () => void;
}

export type DataTableProps<Row> = {
  testId: string;
  title?: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** The CSV file's name ("withdrawals"); no export button without it. */
  exportName?: string;
  /** Filters, shown above the table; they belong in the source (query key, rows). */
  toolbar?: ReactNode;
  empty?: string;
  /** A row's detail, shown under it when its chevron (or the row) is pressed. */
  expand?: (row: Row) => ReactNode;
  /** Pressing a row (outside its buttons): opens it. */
  onOpen?: (row: Row) => void;
  rowTestId?: (row: Row) => string;
  /** Rows a page on screen for local lists (the server's page size for paged ones). */
  pageSize?: number;
} & (ServerSource<Row> | LocalSource<Row>);

const LOCAL_PAGE_SIZE = 20;

function isServer<Row>(props: DataTableProps<Row>): props is DataTableProps<Row> & ServerSource<Row> {
  return 'fetchPage' in props;
}

/** The page shown, from the server or cut from a whole list; back to page 1 when the filters change. */
function usePage<Row>(props: DataTableProps<Row>) {
  const server = isServer(props);
  const [page, setPage] = useState(1);
  const filterKey = server ? JSON.stringify(props.queryKey) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters changing is the trigger
  useEffect(() => setPage(1), [filterKey]);
  const query = useQuery({
    queryKey: server ? [...props.queryKey, 'page', page] : ['local-table', props.testId],
    queryFn: () => (server ? props.fetchPage(page) : Promise.resolve(null)),
    enabled: server,
    placeholderData: keepPreviousData,
  });
  if (server) {
    return {
      page,
      setPage,
      data: (query.data ?? undefined) as PageOf<Row> | undefined,
      loading: query.isPending,
      fetching: query.isFetching,
      error: query.error,
      refresh: () => void query.refetch(),
    };
  }
  const local = props as LocalSource<Row>;
  const size = props.pageSize ?? LOCAL_PAGE_SIZE;
  const rows = local.rows ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(page, pages);
  return {
    page: shown,
    setPage,
    data: local.rows ? pageOfList(rows, shown, size) : undefined,
    loading: local.loading ?? !local.rows,
    fetching: local.loading ?? false,
    error: local.error,
    refresh: local.refresh,
  };
}

/**
 * The console's one table: dense rows, a pager, filters above, and "Export CSV", which reads every page
 * of the filtered list (not just the one shown) and downloads it.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { testId, title, columns, rowKey, exportName, toolbar, empty, expand, onOpen, rowTestId } = props;
  const visible = columns.filter((c) => !c.hidden);
  const view = usePage(props);
  const [open, setOpen] = useState<Set<string | number>>(new Set());
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const toggle = (id: string | number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportAll = async () => {
    if (!exportName || exporting !== null) return;
    setExportError(null);
    setExporting('…');
    try {
      const rows = isServer(props)
        ? await collectAllRows(props.fetchPage, rowKey, (done, total) => setExporting(`${done}/${total}`))
        : ((props as LocalSource<Row>).rows ?? []);
      const csvColumns = columns.flatMap((c) => (c.csv ? [{ header: c.header, value: c.csv }] : []));
      downloadCsv(csvFileName(exportName), toCsv(csvColumns, rows));
    } catch (error) {
      setExportError(`The export stopped: ${errorText(error)}`);
    } finally {
      setExporting(null);
    }
  };

  const data = view.data;
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : (view.page - 1) * (data?.pageSize ?? 1) + 1;
  const last = data ? first + data.rows.length - (total === 0 ? 0 : 1) : 0;
  const pages = data ? Math.max(1, Math.ceil(total / Math.max(1, data.pageSize))) : 1;
  const span = visible.length + (expand ? 1 : 0);

  return (
    <section className="adm-card adm-table-card" data-testid={testId} aria-busy={view.fetching}>
      <header className="adm-table-bar">
        {title && <h2 className="adm-card__title">{title}</h2>}
        {toolbar && <div className="adm-filters">{toolbar}</div>}
        <div className="adm-table-tools">
          {view.fetching && <IonSpinner name="crescent" className="adm-spinner" aria-label="Loading" />}
          {view.refresh && (
            <button type="button" className="adm-icon-btn" onClick={view.refresh} aria-label="Refresh">
              <IonIcon icon={refreshOutline} aria-hidden="true" />
            </button>
          )}
          {exportName && (
            <button
              type="button"
              className="adm-btn adm-btn--ghost"
              onClick={() => void exportAll()}
              disabled={exporting !== null || total === 0}
              data-testid={`${testId}-export`}
            >
              <IonIcon icon={downloadOutline} aria-hidden="true" />
              {exporting === null ? 'Export CSV' : `Exporting ${exporting}`}
            </button>
          )}
        </div>
      </header>
      {exportError && (
        <p className="adm-error" role="alert">
          {exportError}
        </p>
      )}
      <div className="adm-table-scroll">
        <table className="adm-table">
          <thead>
            <tr>
              {expand && <th className="adm-col-toggle" aria-label="Details" />}
              {visible.map((c) => (
                <th key={c.key} className={c.kind ? `adm-col-${c.kind}` : undefined} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.error ? (
              <tr>
                <td colSpan={span} className="adm-table-note adm-table-note--error" role="alert">
                  {errorText(view.error)}
                </td>
              </tr>
            ) : !data ? (
              <tr>
                <td colSpan={span} className="adm-table-note">
                  Loading…
                </td>
              </tr>
            ) : data.rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="adm-table-note" data-testid={`${testId}-empty`}>
                  {empty ?? 'Nothing here.'}
                </td>
              </tr>
            ) : (
              data.rows.map((row) => {
                const id = rowKey(row);
                const isOpen = open.has(id);
                const activate = expand ? () => toggle(id) : onOpen ? () => onOpen(row) : undefined;
                return (
                  <Fragment key={id}>
                    <tr
                      className={`${activate ? 'adm-row--active' : ''}${isOpen ? ' adm-row--open' : ''}`}
                      data-testid={rowTestId?.(row)}
                      data-row={String(id)}
                      onClick={(event) => {
                        if ((event.target as HTMLElement).closest('button, a, input, select')) return;
                        activate?.();
                      }}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') activate?.();
                      }}
                    >
                      {expand && (
                        <td className="adm-col-toggle">
                          <button
                            type="button"
                            className="adm-icon-btn adm-icon-btn--small"
                            aria-expanded={isOpen}
                            aria-label={isOpen ? 'Hide details' : 'Show details'}
                            onClick={() => toggle(id)}
                          >
                            <IonIcon icon={isOpen ? chevronDown : chevronForward} aria-hidden="true" />
                          </button>
                        </td>
                      )}
                      {visible.map((c) => (
                        <td
                          key={c.key}
                          className={c.kind ? `adm-col-${c.kind}` : undefined}
                          data-label={c.header}
                        >
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                    {expand && isOpen && (
                      <tr className="adm-row-detail">
                        <td colSpan={span}>{expand(row)}</td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <footer className="adm-pager">
        <span data-testid={`${testId}-range`}>{data ? `${first}–${last} of ${total}` : ''}</span>
        <div className="adm-pager__buttons">
          <button
            type="button"
            className="adm-icon-btn"
            onClick={() => view.setPage(view.page - 1)}
            disabled={view.page <= 1}
            aria-label="Previous page"
            data-testid={`${testId}-prev`}
          >
            <IonIcon icon={chevronBack} aria-hidden="true" />
          </button>
          <span className="adm-pager__page">
            Page {view.page} of {pages}
          </span>
          <button
            type="button"
            className="adm-icon-btn"
            onClick={() => view.setPage(view.page + 1)}
            disabled={view.page >= pages}
            aria-label="Next page"
            data-testid={`${testId}-next`}
          >
            <IonIcon icon={chevronForward} aria-hidden="true" />
          </button>
        </div>
      </footer>
    </section>
  );
}
