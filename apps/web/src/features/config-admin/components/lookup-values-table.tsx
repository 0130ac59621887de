import Alert from 'react-bootstrap/Alert';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { RowEditorsContext, useRowEditors } from '@/components/data-table/row-editors.ts';
import {
  useMoveLookupValue,
  useSaveLookupValue,
  type LookupList,
  type LookupValue,
} from '../api/lookup-lists.ts';
import { AddValueRow } from './add-lookup-value-row.tsx';
import { lookupListName } from './lookup-list-names.ts';
import {
  LOOKUP_VALUE_COLUMNS,
  LookupListContext,
  lookupValueEditing,
} from './lookup-value-columns.tsx';
import './lookup-values-table.css';

/** A list's values, each edited in its row, and a row to add one. */
export function LookupValuesTable({ list }: { list: LookupList }) {
  const move = useMoveLookupValue();
  const save = useSaveLookupValue();
  const editorOf = useRowEditors(lookupValueEditing(list.lookup, save.mutateAsync));
  const families = [
    ...new Set(list.values.flatMap((v) => (v.family === null ? [] : [v.family]))),
  ].sort();
  const hasFamilies = families.length > 0;
  const name = lookupListName(list.lookup);
  const offered = list.values.filter((v) => v.is_active).length;

  return (
    <RowEditorsContext.Provider
      value={{ editorOf: (row) => editorOf(row as LookupValue), canEdit: true }}
    >
      <LookupListContext.Provider
        value={{
          lookup: list.lookup,
          families,
          count: list.values.length,
          isMoving: move.isPending,
          onMove: (code, direction) => move.mutate({ lookup: list.lookup, value: code, direction }),
        }}
      >
        <DataTable
          data={list.values}
          columns={
            hasFamilies ? LOOKUP_VALUE_COLUMNS.withFamilies : LOOKUP_VALUE_COLUMNS.withoutFamilies
          }
          caption={`Values of ${name}`}
          getRowId={(value) => value.value}
          rowClassName={(value) => (value.is_active ? undefined : 'text-body-secondary')}
          className="lookup-values mb-2"
          footer={<AddValueRow list={list} families={hasFamilies ? families : null} />}
        />
      </LookupListContext.Provider>
      <p className="small text-body-secondary mb-0">
        {offered === 1 ? '1 value offered' : `${offered} values offered`}
        {list.values.length > offered ? `, ${list.values.length - offered} switched off` : ''}.
      </p>
      {move.isError ? (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          The order was not changed: {move.error.message}
        </Alert>
      ) : null}
    </RowEditorsContext.Provider>
  );
}
