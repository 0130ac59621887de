import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { useCrmAccounts, type CrmAccountKind } from '../api/crm-accounts.ts';
import { AccountForm } from './account-form.tsx';
import { RecordOffcanvas } from './record-offcanvas.tsx';
import {
  PAGE_SIZE,
  RecordPager,
  resultCount,
  useDebouncedSearch,
  useRecordPanel,
} from './record-list-parts.tsx';
import { ACCOUNT_KINDS, accountKindLabel } from './record-options.ts';

/** The built-in CRM's customers, partners and distributors, with their contacts. */
export function AccountRecords() {
  const { text, setText, search } = useDebouncedSearch();
  const [kind, setKind] = useState<CrmAccountKind | ''>('');
  const [page, setPage] = useState(1);
  const panel = useRecordPanel();
  const [notice, setNotice] = useState<string | null>(null);
  const list = useCrmAccounts({ search, kind: kind || null, page, page_size: PAGE_SIZE });

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          type="search"
          className="flex-grow-1 w-auto"
          aria-label="Search accounts"
          placeholder="Search by name, id or country"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
        <Form.Select
          className="w-auto"
          aria-label="Kind of account"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as CrmAccountKind | '');
            setPage(1);
          }}
        >
          <option value="">All kinds</option>
          {ACCOUNT_KINDS.map((option) => (
            <option key={option.value} value={option.value}>
              {`${option.label}s`}
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
          New account
        </Button>
      </div>
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading accounts" />
      ) : list.isError ? (
        <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <p className="text-body-secondary mb-0">
          {search ? `No account matches “${search}”.` : 'No accounts here yet.'}
        </p>
      ) : (
        <>
          <div className="small text-body-secondary mb-2" aria-live="polite">
            {resultCount(list.data.total)}
            {list.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
          </div>
          <Table responsive hover size="sm" className="align-middle mb-0" aria-label="Accounts">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Region</th>
                <th scope="col">Country</th>
                <th scope="col" className="text-end">
                  Contacts
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <div>{row.name}</div>
                    <div className="small text-body-secondary">
                      <code>{row.id}</code>
                    </div>
                  </td>
                  <td className="text-nowrap">
                    {accountKindLabel(row.kind)}
                    {row.partner_type ? (
                      <span className="small text-body-secondary ms-1">({row.partner_type})</span>
                    ) : null}
                  </td>
                  <td className="text-nowrap">{row.region || '—'}</td>
                  <td>{row.country || '—'}</td>
                  <td className="text-end">{row.contact_count}</td>
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
          <RecordPager page={page} total={list.data.total} onPage={setPage} label="Account pages" />
        </>
      )}
      <RecordOffcanvas
        show={panel.isOpen}
        title={panel.record?.id ? 'Edit account' : 'New account'}
        onHide={panel.close}
        onExited={panel.clear}
      >
        {panel.record ? (
          <AccountForm
            key={panel.record.id ?? 'new'}
            id={panel.record.id}
            onCancel={panel.close}
            onSaved={(account, isCreated) => {
              if (isCreated) {
                // Stay in the panel, now editing the new account, so its contacts can be added.
                setNotice(`Created “${account.name}”. Add its contacts in the panel.`);
                panel.open(account.id);
              } else {
                setNotice(`Saved “${account.name}”.`);
                panel.close();
              }
            }}
          />
        ) : null}
      </RecordOffcanvas>
    </>
  );
}
