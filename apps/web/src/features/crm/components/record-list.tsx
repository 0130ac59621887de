import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ComponentType } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { editColumn, NewButton, StatePanel, useNotice } from '@/components/admin/admin-parts.tsx';
import { usePanelState } from '@/components/admin/use-panel-state.ts';
import { TablePager } from '@/components/data-table/paged-table.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import type { CrmRecordPage } from '../api/crm-accounts.ts';
import { useSearchText } from '@/lib/use-debounced-value.ts';
import { PAGE_SIZE, resultCount } from './record-list-parts.tsx';

/** What a list asks the server for: one page of the records matching the search and filter. */
export interface RecordListRequest<TFilter extends string> {
  search: string;
  filter: TFilter;
  page: number;
  page_size: number;
}

/** What the list gives its editor's `onSaved` to close the side panel and say what was saved. */
export interface RecordPanelControls {
  close: () => void;
  /** Shows another record (a new one, once created) in the panel. */
  open: (id: string) => void;
  /** A line above the list saying what was saved. */
  notify: (text: string) => void;
}

/** A record as its list shows it: the id opens it, the name labels its Edit button. */
interface NamedRecord {
  id: string;
  name: string;
}

const idOf = (row: NamedRecord) => row.id;

/** One list of the built-in CRM's records, described: the rest is the same for every kind. */
export interface RecordListDescription<
  TRow extends NamedRecord,
  TFilter extends string,
  TOnSaved extends (...saved: never[]) => void,
> {
  /** Singular and plural, as in "New account", "Search accounts", "No accounts here yet." */
  noun: string;
  plural: string;
  searchPlaceholder: string;
  filter: {
    label: string;
    initial: TFilter;
    options: readonly { value: TFilter; label: string }[];
  };
  useRecords: (request: RecordListRequest<TFilter>) => UseQueryResult<CrmRecordPage<TRow>>;
  columns: ColumnDef<TRow, never>[];
  /** The side panel's editor of one record (none for a new one). */
  Editor: ComponentType<{ id: string | null; onCancel: () => void; onSaved: TOnSaved }>;
  /** What the list does once the editor saved. */
  onSaved: (panel: RecordPanelControls) => TOnSaved;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A list of the built-in CRM's records, as described: search, filter, page, edit in a side panel. */
export function recordList<
  TRow extends NamedRecord,
  TFilter extends string,
  TOnSaved extends (...saved: never[]) => void,
>(description: RecordListDescription<TRow, TFilter, TOnSaved>) {
  return function DescribedRecordList() {
    return <RecordList {...description} />;
  };
}

function RecordList<
  TRow extends NamedRecord,
  TFilter extends string,
  TOnSaved extends (...saved: never[]) => void,
>(props: RecordListDescription<TRow, TFilter, TOnSaved>) {
  const { noun, plural, filter } = props;
  const { text, setText, search } = useSearchText();
  const [filterValue, setFilterValue] = useState<TFilter>(filter.initial);
  const [page, setPage] = useState(1);
  const panel = usePanelState<{ id: string | null }>();
  const notice = useNotice();
  const list = props.useRecords({ search, filter: filterValue, page, page_size: PAGE_SIZE });
  const caption = capitalized(plural);

  const open = (id: string | null) => {
    notice.clear();
    panel.open({ id });
  };
  const { columns: described } = props;
  const columns = useMemo(
    () => [
      ...described,
      editColumn(
        (row: TRow) => `Edit ${row.name}`,
        (row) => open(row.id),
      ),
    ],
    // open only sets state; the columns change with the description.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [described],
  );

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          type="search"
          className="flex-grow-1 w-auto"
          aria-label={`Search ${plural}`}
          placeholder={props.searchPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
        <Form.Select
          className="w-auto"
          aria-label={filter.label}
          value={filterValue}
          onChange={(event) => {
            setFilterValue(event.target.value as TFilter);
            setPage(1);
          }}
        >
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <NewButton onClick={() => open(null)}>New {noun}</NewButton>
      </div>
      {notice.element}
      {list.isError ? (
        <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data ? (
            <div className="small text-body-secondary mb-2" aria-live="polite">
              {resultCount(list.data.total)}
              {list.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
            </div>
          ) : null}
          <DataTable
            data={list.data?.rows ?? []}
            columns={columns}
            caption={caption}
            getRowId={idOf}
            size="sm"
            isLoading={list.isPending}
            emptyState={search ? `No ${noun} matches “${search}”.` : `No ${plural} here yet.`}
            onRowOpen={(row) => open(row.id)}
            activeRowId={panel.isShown ? (panel.content?.id ?? null) : null}
          />
          {list.data ? (
            <TablePager
              page={page}
              total={list.data.total}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              label={`${capitalized(noun)} pages`}
              className="mt-3 mb-0"
            />
          ) : null}
        </>
      )}
      <StatePanel
        panel={panel}
        size="default"
        title={(record) => (record?.id ? `Edit ${noun}` : `New ${noun}`)}
      >
        {(record) => (
          <props.Editor
            key={record.id ?? 'new'}
            id={record.id}
            onCancel={panel.close}
            onSaved={props.onSaved({
              close: panel.close,
              open: (id) => panel.open({ id }),
              notify: notice.show,
            })}
          />
        )}
      </StatePanel>
    </>
  );
}
