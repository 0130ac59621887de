import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { quoteStatusColor } from '@bastion/domain/quotes/status-display';
import { REVISION_REASON_LABELS } from '@bastion/domain/revisions/api';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import {
  useQuoteRevisions,
  useRestoreRevision,
  type QuoteRevisionRow,
  type QuoteRevisions,
} from '../api/revisions.ts';
import { RevisionComparison } from '../components/revision-comparison.tsx';
import { SaveRevisionForm } from '../components/save-revision-form.tsx';

const WORKING = 'working';

const revisionLabel = (r: QuoteRevisionRow) => `Revision ${r.revision_number} “${r.name}”`;

/**
 * quote-revisions/{id}/{ref} (issue 37, decision 039): a quote's named revisions, newest first,
 * any two of them (or one and the working copy) compared side by side, and a revision restored as
 * the working copy.
 */
export function QuoteRevisionsPage() {
  const { id = '', ref = 'ref' } = useParams();
  const revisions = useQuoteRevisions(id);
  return (
    <SectionLoadState query={revisions} what="the revisions">
      {(data) => <Revisions data={data} quoteRef={ref} />}
    </SectionLoadState>
  );
}

function Revisions({ data, quoteRef }: { data: QuoteRevisions; quoteRef: string }) {
  const { quote, revisions } = data;
  const latest = revisions[0];
  // ?from=2&to=3 (revision numbers) opens with those sides compared: the approval panel and
  // the approvers' e-mail link here to show what changed since a group approved.
  const [search] = useSearchParams();
  const idOf = (number: string | null) =>
    revisions.find((r) => String(r.revision_number) === number)?.id;
  const [from, setFrom] = useState(idOf(search.get('from')) ?? latest?.id ?? '');
  const [to, setTo] = useState(idOf(search.get('to')) ?? WORKING);
  // Opened to compare (from an approval): the comparison is what the reader came for, so it
  // comes first.
  const isLinkedComparison = search.has('from');
  const restore = useRestoreRevision(quote.id);
  const [restored, setRestored] = useState<string | null>(null);
  // A revision saved after the page opened becomes the first side when none was chosen.
  const fromSide = from === '' ? (latest?.id ?? '') : from;
  const sides = [
    ...revisions.map((r) => ({ value: r.id, label: revisionLabel(r) })),
    { value: WORKING, label: `Working copy (version ${quote.version})` },
  ];
  const compare =
    revisions.length > 0 ? (
      <Card className="mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            Compare
          </Card.Title>
          <div className="row g-2 mb-3">
            <SideSelect label="From" value={fromSide} sides={sides} onChange={setFrom} />
            <SideSelect label="To" value={to} sides={sides} onChange={setTo} />
          </div>
          <RevisionComparison quoteId={quote.id} from={fromSide} to={to} />
        </Card.Body>
      </Card>
    ) : null;
  return (
    <>
      <PageHeader
        title="Revisions"
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
        actions={
          <Link
            className="btn btn-outline-secondary"
            to={`/cpq/view-quote/${quote.id}/${quoteRef}`}
          >
            Back to the quote
          </Link>
        }
      />
      {restored ? (
        <Alert variant="success" dismissible onClose={() => setRestored(null)}>
          {restored} <Link to={`/cpq/view-quote/${quote.id}/${quoteRef}`}>Open the quote</Link>
        </Alert>
      ) : null}
      {restore.isError ? (
        <Alert variant="danger">The revision was not restored: {restore.error.message}</Alert>
      ) : null}

      {isLinkedComparison ? compare : null}
      {data.can_save ? (
        <Card className="mb-3">
          <Card.Body>
            <Card.Title as="h2" className="h5">
              Save a revision
            </Card.Title>
            <SaveRevisionForm quoteId={quote.id} version={quote.version} />
          </Card.Body>
        </Card>
      ) : null}

      <Card className="mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            Revisions
          </Card.Title>
          {data.can_save && data.restore_blocked ? (
            <p className="small text-body-secondary">{data.restore_blocked}</p>
          ) : null}
          {revisions.length === 0 ? (
            <NoData
              title="No revision yet"
              icon="bi-clock-history"
              message="A revision is taken when the quote is submitted, when a document of it is made or sent, and whenever one is saved here."
            />
          ) : (
            <Table responsive size="sm" className="align-middle small" aria-label="Revisions">
              <thead>
                <tr>
                  <th scope="col">Revision</th>
                  <th scope="col">Why</th>
                  <th scope="col">Taken</th>
                  <th scope="col">Status then</th>
                  <th scope="col" className="text-end">
                    Net
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {revisions.map((revision) => (
                  <tr key={revision.id}>
                    <td>
                      <div className="fw-semibold">
                        {revision.revision_number}. {revision.name}
                      </div>
                      <div className="text-body-secondary">version {revision.quote_version}</div>
                    </td>
                    <td>{REVISION_REASON_LABELS[revision.reason]}</td>
                    <td>
                      <div className="text-nowrap">
                        {formatDateTime(Date.parse(revision.created_at) / 1000)}
                      </div>
                      <div className="text-body-secondary">
                        by {revision.created_by ?? 'a former user'}
                      </div>
                    </td>
                    <td>
                      <StatusBadge
                        label={revision.status_label}
                        tone={quoteStatusColor(revision.status_id)}
                      />
                    </td>
                    <td className="text-end text-nowrap">
                      {revision.net_minor === null
                        ? 'not priced'
                        : formatCurrency(revision.net_minor, revision.currency_code)}
                    </td>
                    <td className="text-end">
                      <div className="d-flex flex-wrap gap-2 justify-content-end">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={`Compare ${revisionLabel(revision)} with the working copy`}
                          onClick={() => {
                            setFrom(revision.id);
                            setTo(WORKING);
                          }}
                        >
                          Compare
                        </Button>
                        {data.can_restore ? (
                          <ConfirmButton
                            size="sm"
                            variant="warning"
                            label={`Restore ${revisionLabel(revision)}`}
                            text="Restore"
                            question={`Make revision ${revision.revision_number} the working copy? The quote gets a new version; its history names the revision.`}
                            confirmText={`Restore revision ${revision.revision_number}`}
                            isPending={restore.isPending}
                            onConfirm={() =>
                              restore.mutate(
                                { revision_id: revision.id, version: quote.version },
                                {
                                  onSuccess: (done) =>
                                    setRestored(
                                      `Revision ${done.restored_revision_number} is the working copy again (version ${done.version}).`,
                                    ),
                                },
                              )
                            }
                          />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card.Body>
      </Card>

      {isLinkedComparison ? null : compare}
    </>
  );
}

/** One side of the comparison: a revision or the working copy. */
function SideSelect(props: {
  label: string;
  value: string;
  sides: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group className="col-sm-6" controlId={`compare-${props.label.toLowerCase()}`}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.sides.map((side) => (
          <option key={side.value} value={side.value}>
            {side.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
