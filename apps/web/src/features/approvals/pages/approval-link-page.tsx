import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { ZApprovalLinkDecisionForm, type LinkDecision } from '@bastion/domain/approvals/link-api';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams, useSearchParams } from 'react-router';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { RevisionComparison } from '../../revisions/index.ts';
import {
  useApprovalLink,
  useDecideByLink,
  type ApprovalLinkDecided,
  type ApprovalLinkView,
} from '../api/approval-link.ts';

const QUEUE = '/cpq/grid/quote-approvals/ref';

const percent = (value: number | null) => (value === null ? '—' : `${value} %`);

/**
 * approval-link/{token}?decision=approve|reject (issue 37, decision 041): the page an approval
 * e-mail's button opens, made for a phone. It shows what the approver decides on and why they are
 * asked; nothing happens until they confirm. A used, expired or foreign link says so.
 */
export function ApprovalLinkPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const initial: LinkDecision = search.get('decision') === 'reject' ? 'reject' : 'approve';
  const view = useApprovalLink(token);
  const [decided, setDecided] = useState<ApprovalLinkDecided | null>(null);
  return (
    <>
      <PageHeader title="Your approval" />
      {decided ? (
        <Decided decided={decided} />
      ) : view.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading the approval" />
      ) : view.isError ? (
        <Alert variant="warning">
          <p className="mb-2">{view.error.message}</p>
          <Link to={QUEUE}>Open your approvals</Link>
        </Alert>
      ) : (
        <>
          <ApprovalFacts view={view.data} />
          <DecisionForm token={token} initial={initial} view={view.data} onDecided={setDecided} />
          {view.data.changes ? (
            <Card className="mb-3">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  What changed since revision {view.data.changes.from_number}
                </Card.Title>
                <RevisionComparison
                  quoteId={view.data.quote.id}
                  from={view.data.changes.from_revision_id}
                  to={view.data.changes.to_revision_id}
                />
              </Card.Body>
            </Card>
          ) : null}
        </>
      )}
    </>
  );
}

function ApprovalFacts({ view }: { view: ApprovalLinkView }) {
  const { quote, discounts } = view;
  const facts: [string, string][] = [
    ['Customer', quote.account_name || '—'],
    ['Net', formatCurrency(quote.net_minor, quote.currency_code)],
    ['Largest seller discount', percent(discounts.max_seller_discount_percent)],
    ['Largest effective discount', percent(discounts.max_line_discount_percent)],
    ['Total discount', percent(discounts.total_discount_percent)],
    ...(view.margin_percent === null
      ? []
      : ([['Margin', percent(view.margin_percent)]] as [string, string][])),
    ['Submitted by', view.submitted_by?.name ?? '—'],
  ];
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5 d-flex flex-wrap align-items-center gap-2">
          <span>
            {quote.quote_number} · {quote.quote_name}
          </span>
          <StatusBadge label={quote.status_label} tone={quote.status_tone} />
        </Card.Title>
        <p className="mb-2">
          You are asked to approve it for <strong>{view.step.group_name}</strong> (
          {view.step.stage_name}).
        </p>
        {view.step.why.length > 0 ? (
          <>
            <h3 className="h6 mb-1">Why</h3>
            <ul className="small mb-2">
              {view.step.why.map((why) => (
                <li key={why}>{why}</li>
              ))}
            </ul>
          </>
        ) : null}
        {view.asked_again ? (
          <Alert variant="info" className="py-2 small">
            <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
            {view.asked_again.since_revision !== null
              ? `Your group approved revision ${view.asked_again.since_revision}; you are asked again: `
              : 'You are asked after a change: '}
            {view.asked_again.reasons.join(' ') || 'the quote changed.'}
          </Alert>
        ) : null}
        <dl className="decision-facts mb-0">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="small text-body-secondary mt-2 mb-0">
          This link works once, until {formatDateTime(new Date(view.expires_at).getTime() / 1000)}.{' '}
          <Link to={`/cpq/quote-summary/${quote.id}/${quote.quote_type}`}>
            Open the whole quote
          </Link>
        </p>
      </Card.Body>
    </Card>
  );
}

function DecisionForm({
  token,
  initial,
  view,
  onDecided,
}: {
  token: string;
  initial: LinkDecision;
  view: ApprovalLinkView;
  onDecided: (decided: ApprovalLinkDecided) => void;
}) {
  const decide = useDecideByLink();
  const form = useZodForm(ZApprovalLinkDecisionForm, {
    defaultValues: { token, decision: initial, comment: '' },
  });
  const decision = form.watch('decision');
  const isReject = decision === 'reject';
  return (
    <Card className="mb-3">
      <Card.Body>
        <AppForm
          form={form}
          error={decide.error}
          aria-label={`Decide for ${view.step.group_name}`}
          onSubmit={(values) => decide.mutateAsync(values).then(onDecided)}
        >
          <FormProblem error={decide.error} />
          <fieldset className="mb-3">
            <legend className="h6">Your decision</legend>
            {(['approve', 'reject'] as const).map((value) => (
              <Form.Check
                key={value}
                type="radio"
                inline
                id={`decision-${value}`}
                label={value === 'approve' ? 'Approve' : 'Reject'}
                value={value}
                {...form.register('decision')}
              />
            ))}
          </fieldset>
          <TextField
            name="comment"
            rows={3}
            label={isReject ? 'Reason for rejecting (the seller reads it)' : 'Comment (optional)'}
            isRequired={isReject}
          />
          <SubmitButton isPending={decide.isPending} variant={isReject ? 'danger' : 'success'}>
            {isReject ? 'Reject' : 'Approve'} for {view.step.group_name}
          </SubmitButton>
        </AppForm>
      </Card.Body>
    </Card>
  );
}

function Decided({ decided }: { decided: ApprovalLinkDecided }) {
  return (
    <Alert variant={decided.decision === 'APPROVED' ? 'success' : 'warning'} role="status">
      <p className="mb-2">{decided.message}</p>
      <div className="d-flex flex-wrap gap-3">
        <Link to={decided.quote.target_path}>Open the quote</Link>
        <Link to={QUEUE}>Your approvals</Link>
      </div>
    </Alert>
  );
}
