import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { editColumn, NewButton, StatePanel, useNotice } from '@/components/admin/admin-parts.tsx';
import { usePanelState } from '@/components/admin/use-panel-state.ts';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import type { CrmRecordPage } from '../api/crm-accounts.ts';
import { useSearchText } from '@/lib/use-debounced-value.ts';
import { PAGE_SIZE, RecordPager, resultCount } from './record-list-parts.tsx';

/** What a list asks the server for: one page of the records matching the search and filter. */
export interface RecordListRequest<TFilter extends string> {
  search: string;
  filter: TFilter;
  page: number;
  page_size: number;
}

/** What the editor in the side panel is given to close itself and say what it did. */
export interface RecordPanelControls {
  /** The record being edited; null for a new one. */
  id: string | null;
  close: () => void;
  /** Shows another record (a new one, once created) in the panel. */
  open: (id: string) => void;
  /** A line above the list saying what was saved. */
  notify: (text: string) => void;
}

/** One list of the built-in CRM's records, described: the rest is the same for every kind. */
export interface RecordListDescription<TRow, TFilter extends string> {
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
  rowId: (row: TRow) => string;
  rowName: (row: TRow) => string;
  editor: (panel: RecordPanelControls) => ReactNode;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Search, filter, page, and edit in a side panel: a list of the built-in CRM's records. */
export function RecordList<TRow, TFilter extends string>(
  props: RecordListDescription<TRow, TFilter>,
) {
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
  const { columns: described, rowId, rowName } = props;
  const columns = useMemo(
    () => [
      ...described,
      editColumn(
        (row: TRow) => `Edit ${rowName(row)}`,
        (row) => open(rowId(row)),
      ),
    ],
    // open only sets state; the columns change with the description.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [described, rowId, rowName],
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
            getRowId={props.rowId}
            size="sm"
            isLoading={list.isPending}
            emptyState={search ? `No ${noun} matches “${search}”.` : `No ${plural} here yet.`}
            onRowOpen={(row) => open(props.rowId(row))}
            activeRowId={panel.isShown ? (panel.content?.id ?? null) : null}
          />
          {list.data ? (
            <RecordPager
              page={page}
              total={list.data.total}
              onPage={setPage}
              label={`${capitalized(noun)} pages`}
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
          <Fragment key={record.id ?? 'new'}>
            {props.editor({
              id: record.id,
              close: panel.close,
              open: (id) => panel.open({ id }),
              notify: notice.show,
            })}
          </Fragment>
        )}
      </StatePanel>
    </>
  );
}
