import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import {
  useApprovalSkuOptions,
  useApprovalSkus,
  useDeleteApprovalSku,
  useSaveApprovalSku,
  type ApprovalSku,
  type ApprovalSkuList,
} from '../api/approval-skus.ts';
import { KIND_LABELS } from '../components/kind-labels.ts';
import { LoadState, MarginDataLayout, ReadOnlyNotice } from '../components/margin-data-layout.tsx';
import { fieldProblemsOf, problemOf } from '../components/problem-of.ts';
import { ConfirmRemoveButton, RowStatus, SaveButton } from '../components/row-controls.tsx';

const MAX_REASON_LENGTH = 300;

/** The server's rule for a reason, checked as the user types. */
function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'Please enter why this SKU needs approval.';
  if (trimmed.length > MAX_REASON_LENGTH) {
    return `The reason is too long (at most ${MAX_REASON_LENGTH} characters).`;
  }
  return null;
}

/** ps-approval-sku (spec §2): SKUs whose presence on a quote asks for approval, and why. */
export function ApprovalSkusPage() {
  const list = useApprovalSkus();
  return (
    <MarginDataLayout
      title="Approval SKUs"
      subtitle="Products that need approval whenever a quote includes them. The reason tells the approver what to check."
    >
      <LoadState query={list} what="the approval SKUs">
        {(data) => <ApprovalSkusContent data={data} />}
      </LoadState>
    </MarginDataLayout>
  );
}

function ApprovalSkusContent({ data }: { data: ApprovalSkuList }) {
  return (
    <div className="d-flex flex-column gap-3">
      {data.can_edit ? null : <ReadOnlyNotice whoCanEdit="deal desk admins and catalog admins" />}
      {data.can_edit ? <AddApprovalSkuCard /> : null}
      <Card>
        <Card.Body>
          {data.rows.length === 0 ? (
            <p className="text-body-secondary mb-0">No SKU needs approval yet.</p>
          ) : (
            <Table responsive className="mb-0 align-middle" aria-label="Approval SKUs">
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Applies</th>
                  {data.can_edit ? (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <ApprovalSkuRow key={row.sku} row={row} canEdit={data.can_edit} />
                ))}
              </tbody>
            </Table>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}

function ApprovalSkuRow({ row, canEdit }: { row: ApprovalSku; canEdit: boolean }) {
  const save = useSaveApprovalSku();
  const remove = useDeleteApprovalSku();
  const [reason, setReason] = useState<string | null>(null);
  const [isActive, setIsActive] = useState<boolean | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const shownReason = reason ?? row.reason;
  const shownActive = isActive ?? row.is_active;
  const problem = reason === null ? null : reasonProblem(reason);
  const isChanged =
    (reason !== null && reason.trim() !== row.reason) ||
    (isActive !== null && isActive !== row.is_active);
  const edited = () => {
    setIsSaved(false);
    save.reset();
    remove.reset();
  };
  const submit = () => {
    if (!isChanged || problem) return;
    save.mutate(
      { sku: row.sku, reason: shownReason.trim(), is_active: shownActive },
      {
        onSuccess: () => {
          setReason(null);
          setIsActive(null);
          setIsSaved(true);
        },
      },
    );
  };
  return (
    <tr>
      <th scope="row" className="fw-normal" style={{ minWidth: '12rem', maxWidth: '18rem' }}>
        <div className="fw-semibold font-monospace">{row.sku}</div>
        <div className="small text-body-secondary">
          {row.name} · {KIND_LABELS[row.kind]}
          {row.is_sku_active ? null : (
            <Badge bg="secondary" className="ms-2">
              Retired
            </Badge>
          )}
        </div>
      </th>
      <td style={{ minWidth: '22rem' }}>
        {canEdit ? (
          <>
            <Form.Control
              as="textarea"
              rows={3}
              size="sm"
              aria-label={`Reason for ${row.sku}`}
              value={shownReason}
              isInvalid={problem !== null}
              onChange={(event) => {
                setReason(event.target.value);
                edited();
              }}
            />
            <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
          </>
        ) : (
          row.reason
        )}
      </td>
      <td>
        {canEdit ? (
          <Form.Check
            type="switch"
            id={`approval-active-${row.sku}`}
            aria-label={`Approval for ${row.sku} applies`}
            checked={shownActive}
            onChange={(event) => {
              setIsActive(event.target.checked);
              edited();
            }}
          />
        ) : (
          <Badge bg={row.is_active ? 'success' : 'secondary'}>
            {row.is_active ? 'Active' : 'Inactive'}
          </Badge>
        )}
      </td>
      {canEdit ? (
        <td style={{ width: '13rem' }}>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SaveButton
              label={`Save approval for ${row.sku}`}
              isDisabled={!isChanged || problem !== null}
              isPending={save.isPending}
              onSave={submit}
            />
            <ConfirmRemoveButton
              label={`Remove ${row.sku} from the approval list`}
              question="Quotes with it will no longer need this approval."
              isPending={remove.isPending}
              onConfirm={() => remove.mutate(row.sku)}
            />
            <RowStatus isSaved={isSaved} problem={problemOf(save.error ?? remove.error)} />
          </div>
        </td>
      ) : null}
    </tr>
  );
}

/** The SKU search as typed, and as sent: a moment after the typing stops. */
function useDebounced(text: string, delayMs = 250) {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return debounced;
}

function AddApprovalSkuCard() {
  const save = useSaveApprovalSku();
  const [sku, setSku] = useState('');
  const [reason, setReason] = useState('');
  const [isActive, setIsActive] = useState(true);
  const [isTouched, setIsTouched] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const search = useDebounced(sku);
  const options = useApprovalSkuOptions(search, search.length >= 2);
  const chosen = options.data?.rows.find((row) => row.sku === sku.trim());
  const skuProblem = sku.trim() === '' ? 'Say which SKU.' : null;
  const reasonError = reasonProblem(reason);
  const serverProblems = fieldProblemsOf(save.error);
  const change = (apply: () => void) => {
    apply();
    setAdded(null);
    save.reset();
  };
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">Add a SKU</h2>
      </Card.Header>
      <Card.Body>
        <Form
          noValidate
          aria-label="Add an approval SKU"
          className="row g-3"
          onSubmit={(event) => {
            event.preventDefault();
            setIsTouched(true);
            if (skuProblem || reasonError) return;
            save.mutate(
              { sku: sku.trim(), reason: reason.trim(), is_active: isActive },
              {
                onSuccess: (saved) => {
                  setAdded(`${saved.sku} now needs approval.`);
                  setSku('');
                  setReason('');
                  setIsActive(true);
                  setIsTouched(false);
                },
              },
            );
          }}
        >
          <Form.Group className="col-12 col-lg-4" controlId="approval-sku-code">
            <Form.Label>SKU</Form.Label>
            <Form.Control
              list="approval-sku-options"
              placeholder="Type a part number or name"
              autoComplete="off"
              value={sku}
              isInvalid={(isTouched && skuProblem !== null) || Boolean(serverProblems.sku)}
              onChange={(event) => change(() => setSku(event.target.value))}
            />
            <datalist id="approval-sku-options">
              {(options.data?.rows ?? []).map((option) => (
                <option key={option.sku} value={option.sku}>
                  {`${option.name}${option.is_listed ? ' (already listed)' : ''}`}
                </option>
              ))}
            </datalist>
            <Form.Control.Feedback type="invalid">
              {serverProblems.sku ?? skuProblem}
            </Form.Control.Feedback>
            {chosen ? (
              <Form.Text>
                {chosen.name} · {KIND_LABELS[chosen.kind]}
                {chosen.is_listed ? ' · already on the list: adding changes its reason' : ''}
              </Form.Text>
            ) : null}
          </Form.Group>
          <Form.Group className="col-12 col-lg-6" controlId="approval-sku-reason">
            <Form.Label>Why it needs approval</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={reason}
              isInvalid={
                ((isTouched || reason !== '') && reasonError !== null) ||
                Boolean(serverProblems.reason)
              }
              onChange={(event) => change(() => setReason(event.target.value))}
            />
            <Form.Control.Feedback type="invalid">
              {reasonError ?? serverProblems.reason}
            </Form.Control.Feedback>
            <Form.Text>
              {reason.trim().length} / {MAX_REASON_LENGTH} characters
            </Form.Text>
          </Form.Group>
          <div className="col-12 col-lg-2 d-flex flex-column gap-2 pt-lg-4">
            <Form.Check
              id="approval-sku-active"
              type="switch"
              label="Applies now"
              checked={isActive}
              onChange={(event) => change(() => setIsActive(event.target.checked))}
            />
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner animation="border" size="sm" aria-hidden="true" /> : 'Add'}
            </Button>
          </div>
        </Form>
        {added ? (
          <Alert variant="success" className="mt-3 mb-0" role="status">
            {added}
          </Alert>
        ) : null}
        {save.isError && Object.keys(serverProblems).length === 0 ? (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {problemOf(save.error)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
