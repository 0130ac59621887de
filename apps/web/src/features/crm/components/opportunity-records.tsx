import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';
import { dealTypeName } from '@bastion/domain/quotes/quote-types';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import {
  useCrmOpportunities,
  type CrmOpportunity,
  type CrmOpportunityStatus,
} from '../api/crm-opportunities.ts';
import { OpportunityForm } from './opportunity-form.tsx';
import { RecordOffcanvas } from './record-offcanvas.tsx';
import {
  PAGE_SIZE,
  RecordPager,
  resultCount,
  useDebouncedSearch,
  useRecordPanel,
} from './record-list-parts.tsx';

const STATUS_OPTIONS: readonly { value: CrmOpportunityStatus; label: string }[] = [
  { value: 'all', label: 'All opportunities' },
  { value: 'live', label: 'In lists' },
  { value: 'removed', label: 'Removed' },
];

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const isoDay = (iso: string | null) =>
  iso ? formatDate(Date.parse(`${iso}T00:00:00Z`) / 1000) : '—';

const NOTICES = {
  saved: (name: string) => `Saved “${name}”.`,
  removed: (name: string) => `Removed “${name}” from the lists. Restore it from the Removed list.`,
  restored: (name: string) => `Restored “${name}”: it is back in the lists.`,
};

/** The built-in CRM's opportunities: search, page, and edit in a side panel. */
export function OpportunityRecords() {
  const { text, setText, search } = useDebouncedSearch();
  const [status, setStatus] = useState<CrmOpportunityStatus>('all');
  const [page, setPage] = useState(1);
  const panel = useRecordPanel();
  const [notice, setNotice] = useState<string | null>(null);
  const list = useCrmOpportunities({ search, status, page, page_size: PAGE_SIZE });

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          type="search"
          className="flex-grow-1 w-auto"
          aria-label="Search opportunities"
          placeholder="Search by name, account or id"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
        <Form.Select
          className="w-auto"
          aria-label="Which opportunities"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as CrmOpportunityStatus);
            setPage(1);
          }}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <Button
          onClick={() => {
            setNotice(null);
            panel.open(null);
          }}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          New opportunity
        </Button>
      </div>
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading opportunities" />
      ) : list.isError ? (
        <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <p className="text-body-secondary mb-0">
          {search ? `No opportunity matches “${search}”.` : 'No opportunities here yet.'}
        </p>
      ) : (
        <>
          <div className="small text-body-secondary mb-2" aria-live="polite">
            {resultCount(list.data.total)}
            {list.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
          </div>
          <Table
            responsive
            hover
            size="sm"
            className="align-middle mb-0"
            aria-label="Opportunities"
          >
            <thead>
              <tr>
                <th scope="col">Opportunity</th>
                <th scope="col">Account</th>
                <th scope="col">Region</th>
                <th scope="col">Deal type</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Close date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <div className={row.removed_at ? 'text-body-secondary' : undefined}>
                      {row.name}
                      {row.removed_at ? (
                        <Badge bg="danger" className="ms-2">
                          Removed
                        </Badge>
                      ) : null}
                    </div>
                    <div className="small text-body-secondary">
                      <code>{row.id}</code>
                      {` · changed ${formatDateTime(Date.parse(row.modified_on) / 1000, userTimeZone)}`}
                      {row.modified_by ? ` by ${row.modified_by}` : ''}
                    </div>
                  </td>
                  <td>{row.account_name}</td>
                  <td className="text-nowrap">{row.region}</td>
                  <td className="text-nowrap">{dealTypeName(row.deal_type) ?? row.deal_type}</td>
                  <td className="text-end text-nowrap">
                    {formatCurrency(row.amount_minor, row.currency_code)}
                  </td>
                  <td className="text-nowrap">{isoDay(row.close_date)}</td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      aria-label={`Edit ${row.name}`}
                      onClick={() => {
                        setNotice(null);
                        panel.open(row.id);
                      }}
                    >
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <RecordPager
            page={page}
            total={list.data.total}
            onPage={setPage}
            label="Opportunity pages"
          />
        </>
      )}
      <RecordOffcanvas
        show={panel.isOpen}
        title={panel.record?.id ? 'Edit opportunity' : 'New opportunity'}
        onHide={panel.close}
        onExited={panel.clear}
      >
        {panel.record ? (
          <OpportunityForm
            key={panel.record.id ?? 'new'}
            id={panel.record.id}
            onCancel={panel.close}
            onSaved={(opportunity: CrmOpportunity, change) => {
              setNotice(NOTICES[change](opportunity.name));
              panel.close();
            }}
          />
        ) : null}
      </RecordOffcanvas>
    </>
  );
}
