import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { useMoveLookupValue, type LookupList } from '../api/lookup-lists.ts';
import { AddValueRow } from './add-lookup-value-row.tsx';
import { lookupListName } from './lookup-list-names.ts';
import { LookupValueRow } from './lookup-value-row.tsx';

/** A list's values, each edited in its row, and a row to add one. */
export function LookupValuesTable({ list }: { list: LookupList }) {
  const move = useMoveLookupValue();
  const families = [
    ...new Set(list.values.flatMap((v) => (v.family === null ? [] : [v.family]))),
  ].sort();
  const hasFamilies = families.length > 0;
  const name = lookupListName(list.lookup);
  const offered = list.values.filter((v) => v.is_active).length;

  return (
    <>
      <Table responsive className="align-middle mb-2" aria-label={`Values of ${name}`}>
        <thead>
          <tr>
            <th scope="col" style={{ width: '6.5rem' }}>
              Order
            </th>
            <th scope="col" style={{ width: '9.5rem' }}>
              Code
            </th>
            <th scope="col">Label</th>
            {hasFamilies ? (
              <th scope="col" style={{ width: '10rem' }}>
                Family
              </th>
            ) : null}
            <th scope="col" style={{ width: '8rem' }}>
              Offered
            </th>
            <th scope="col" style={{ width: '9rem' }}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.values.map((value, index) => (
            <LookupValueRow
              key={value.value}
              lookup={list.lookup}
              value={value}
              families={hasFamilies ? families : null}
              canMoveUp={index > 0}
              canMoveDown={index < list.values.length - 1}
              isMoving={move.isPending}
              onMove={(direction) =>
                move.mutate({ lookup: list.lookup, value: value.value, direction })
              }
            />
          ))}
        </tbody>
        <tfoot>
          <AddValueRow list={list} families={hasFamilies ? families : null} />
        </tfoot>
      </Table>
      <p className="small text-body-secondary mb-0">
        {offered === 1 ? '1 value offered' : `${offered} values offered`}
        {list.values.length > offered ? `, ${list.values.length - offered} switched off` : ''}.
      </p>
      {move.isError ? (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          The order was not changed: {move.error.message}
        </Alert>
      ) : null}
    </>
  );
}
