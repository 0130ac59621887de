import { formatCurrency } from '@bastion/domain/format/currency';
import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import { EDITABLE_STATUSES } from '@bastion/domain/quotes/editable-statuses';
import { labelOfCode, quoteTypeLabel, salesChannelLabel } from '@bastion/domain/quotes/labels';
import { dealTypeName } from '@bastion/domain/quotes/quote-types';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { QuoteCommentsButton } from '../../comments/index.ts';
import { useSession } from '../../auth/index.ts';
import { useFormDefinition } from '@/components/recipe-form/use-form-definition.ts';
import { useQuote, type QuoteView } from '../api/quotes.ts';
import { FactList, QuoteHistoryLink, type Fact } from '../components/quote-facts.tsx';
import { QuoteRevisionsLink } from '../../revisions/index.ts';
import { QuoteDetailsEditor } from '../components/quote-details-editor.tsx';

/** view-quote/{id}/{ref}: the quote, read-only. */
export function ViewQuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  const session = useSession();
  // The form's lists name the header's values (the SLA); the editor draws the same form.
  const form = useFormDefinition('quote_details');
  // The summary's "Change details" opens the editor at once.
  const [searchParams] = useSearchParams();
  const [isEditing, setIsEditing] = useState(searchParams.get('edit') === 'details');
  const [savedNote, setSavedNote] = useState<string | null>(null);
  if (quote.isPending) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (quote.isError)
    return <ErrorScreen error={quote.error} onRetry={() => void quote.refetch()} />;
  const q = quote.data;
  const flags = session.user.permissions;
  const canEditDetails =
    (flags.can_create_quote || flags.is_deal_desk_user) &&
    q.quote_type !== 'LEGACY' &&
    EDITABLE_STATUSES.has(q.status_id);
  const header = headerOf(q);
  const facts: Fact[] = [
    ['Account', q.account_name],
    ['Region', q.region],
    ['Type', quoteTypeLabel(q.quote_type)],
    ['Deal type', dealTypeName(q.deal_type) ?? q.deal_type],
    ['Contract length', `${q.contract_length} months`],
    ['Contract start', formatContractStartDate(text(header.contract_start_date))],
    ['Contract end', formatContractStartDate(text(header.contract_end_date))],
    ['Support level (SLA)', labelIn(form.data?.lookups.slas, text(header.sla))],
    ['Sales channel', salesChannelLabel(q.sales_channel)],
    ['Partner type', q.partner_type ? labelOfCode(q.partner_type) : '—'],
    ['Partner contact', text(header.partner_contact_email)],
    ['Total', formatCurrency(q.total_amount_minor, q.currency_code)],
    // Its name as the CRM gave it when quoted; the id only when there is no name.
    ['Opportunity', opportunityNameOf(q.details) ?? q.opportunity_id ?? '—'],
    ['Version', String(q.version)],
  ];
  return (
    <>
      <PageHeader
        title={`${q.quote_number} · ${q.quote_name}`}
        subtitle={<StatusBadge label={q.status_label} tone={q.status_tone} />}
        actions={
          <>
            {canEditDetails && !isEditing ? (
              <Button
                variant="outline-secondary"
                onClick={() => {
                  setSavedNote(null);
                  setIsEditing(true);
                }}
              >
                <i className="bi bi-pencil me-1" aria-hidden="true" />
                Edit details
              </Button>
            ) : null}
            {session.user.permissions.can_see_history ? <QuoteHistoryLink quote={q} /> : null}
            {q.quote_type === 'LEGACY' ? null : <QuoteRevisionsLink quote={q} />}
            <QuoteCommentsButton quoteId={q.id} />
            <Link className="btn btn-primary" to={q.target_path}>
              Open
            </Link>
          </>
        }
      />
      {savedNote ? (
        <Alert variant="success" dismissible onClose={() => setSavedNote(null)}>
          {savedNote}
        </Alert>
      ) : null}
      {isEditing && canEditDetails ? (
        <QuoteDetailsEditor
          quote={q}
          onDone={(saved) => {
            setIsEditing(false);
            if (saved.version !== q.version) setSavedNote(savedNoteOf(q, saved));
          }}
          onReload={() => void quote.refetch()}
        />
      ) : null}
      {/* While the details are edited, the form is what they are: no second, older copy. */}
      {isEditing && canEditDetails ? null : (
        <Card>
          <Card.Body>
            <FactList facts={facts} layout="columns" />
          </Card.Body>
        </Card>
      )}
    </>
  );
}

/** The opportunity's name in the quote's copy of it (details.opportunity), if it has one. */
function opportunityNameOf(details: Record<string, unknown>): string | null {
  const opportunity = details.opportunity;
  if (typeof opportunity !== 'object' || opportunity === null) return null;
  const name = (opportunity as Record<string, unknown>).opportunity_name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function headerOf(quote: QuoteView): Record<string, unknown> {
  const header = quote.details.header;
  return typeof header === 'object' && header !== null ? (header as Record<string, unknown>) : {};
}

/** What a save did, in a sentence: the new total, and the approval it voided. */
function savedNoteOf(before: QuoteView, after: QuoteView): string {
  const parts = ['The quote details are saved.'];
  if (after.total_amount_minor !== before.total_amount_minor) {
    parts.push(
      `The products were priced again: the total is now ${formatCurrency(after.total_amount_minor, after.currency_code)}.`,
    );
  }
  if (after.status_id === 'PENDING_APPROVAL' && before.status_id !== 'PENDING_APPROVAL') {
    parts.push(
      'The change was submitted again: the approvers it concerns are asked again (see Approvals).',
    );
  } else if (after.status_id !== before.status_id && after.status_id !== 'APPROVED') {
    parts.push(
      `The change voided the quote's approval: it is back at ${after.status_label}, to be submitted again.`,
    );
  }
  return parts.join(' ');
}

/** A value's label in its lookup list; the value itself when the list does not have it. */
function labelIn(
  options: readonly { value: string; label: string }[] | undefined,
  value: string | null,
): string | null {
  if (value === null) return null;
  return options?.find((option) => option.value === value)?.label ?? value;
}
