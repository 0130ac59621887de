import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useLookupLists } from '../api/lookup-lists.ts';
import { byListName, lookupListName } from './lookup-list-names.ts';
import { LookupValuesTable } from './lookup-values-table.tsx';

/**
 * The lookup lists forms offer (issue 6): pick a list, relabel, retire and reorder its values,
 * add new ones. The lists themselves come with the product.
 */
export function LookupListsSection() {
  const lists = useLookupLists();
  const [selected, setSelected] = useState<string | null>(null);

  if (lists.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the lists" />;
  }
  if (lists.isError) {
    return <ErrorScreen error={lists.error} onRetry={() => void lists.refetch()} />;
  }
  const names = lists.data.map((list) => list.lookup).sort(byListName);
  const lookup = selected !== null && names.includes(selected) ? selected : names[0];
  const list = lists.data.find((l) => l.lookup === lookup);
  if (lookup === undefined || list === undefined) {
    return <NoData title="No lists yet" message="Lists appear here once forms use them." />;
  }

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-center gap-3">
        <h2 className="h5 mb-0 me-auto">{lookupListName(lookup)}</h2>
        <Form.Group controlId="lookup-list-choice" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0">List</Form.Label>
          <Form.Select size="sm" value={lookup} onChange={(e) => setSelected(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {lookupListName(name)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">
          Forms offer the values switched on, in this order. The code is what quotes store, so it
          never changes: to rename a value, change its label. A value switched off stays on the
          quotes that chose it; new choices no longer offer it.
        </p>
        <LookupValuesTable key={lookup} list={list} />
      </Card.Body>
    </Card>
  );
}
