import { formatCurrency } from '@bastion/domain/format/currency';
import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PageHeader } from '@/components/page-header.tsx';
import { RuleChecks } from '@/components/rule-checks.tsx';
import { QuoteAttachments } from '../../attachments/index.ts';
import {
  NetTotalLine,
  QuoteHeaderActions,
  QuoteSaveProblem,
  QuoteSteps,
  TotalsCard,
  TotalsLine,
} from '../../quotes/index.ts';
import type { RenewalConfiguration, RenewalPricing } from '../api/renewal-configuration.ts';
import type { RenewalEditor } from './use-renewal-editor.ts';
import './renewals.css';

/** DD-MMM-YYYY, the app's way of showing a contract date; the text itself when not a date. */
export const showDate = (iso: string | null | undefined) =>
  iso ? (formatContractStartDate(iso) ?? iso) : '—';

/** Today as an ISO date, by the browser's calendar. */
/** An amount in the quote's currency, or a dash while there is none. */
export const moneyOrDash = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '—' : formatCurrency(minor, currency);

export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A field's message under it, tied to the field by `id` (aria-describedby). */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block small" role="alert">
      {message}
    </div>
  );
}

/** The title, the quote's facts, the comments and details buttons, and the quote's steps. */
export function RenewalHeader({
  title,
  configuration,
  facts,
}: {
  title: string;
  configuration: RenewalConfiguration;
  facts?: ReactNode;
}) {
  const { quote } = configuration;
  const ref = quote.deal_type || quote.quote_type;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} · {quote.account_name} · {quote.currency_code}
          </>
        }
        actions={<QuoteHeaderActions quoteId={quote.id} quoteRef={ref} hasHistory />}
      />
      <QuoteSteps quote={quote} current="configure" />
      {facts}
    </>
  );
}

/** Why nothing can change, why the last save failed, and problems not tied to one field. */
export function RenewalNotices({
  configuration,
  editor,
  onReload,
}: {
  configuration: RenewalConfiguration;
  editor: RenewalEditor;
  onReload: () => void;
}) {
  return (
    <>
      {editor.leaveDialog}
      {configuration.quote.is_editable ? null : (
        <Alert variant="info" data-testid="read-only-reason">
          {configuration.quote.read_only_reason ?? 'This quote cannot change.'}
        </Alert>
      )}
      <QuoteSaveProblem error={editor.save.error} onReload={onReload} hasFieldMessages />
      {editor.pricing ? (
        // Issue 34: what the product rules say; renewal lines follow their contract, so no fixes.
        <RuleChecks
          outcome={editor.pricing}
          skuOf={ruleLineSkus(editor.pricing)}
          isReadOnly
          isStale={editor.isPricing}
        />
      ) : null}
      {editor.generalProblems.length > 0 ? (
        <Alert variant="danger" role="alert" data-testid="renewal-problems">
          <ul className="mb-0 ps-3">
            {editor.generalProblems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}

/** The SKU of each line key the rules name: `line-N` on a draft, the line id once stored. */
function ruleLineSkus(pricing: RenewalPricing): Map<string, string> {
  return new Map(
    pricing.lines.flatMap((line, index) => [
      [`line-${index}`, line.sku] as const,
      ...(line.line_id === null ? [] : [[line.line_id, line.sku] as const]),
    ]),
  );
}

/** The list and net price of the draft as last priced. */
export function RenewalTotals({ editor, currency }: { editor: RenewalEditor; currency: string }) {
  const { pricing, isPricing } = editor;
  const money = (minor: number | null | undefined) => moneyOrDash(minor, currency);
  const hasPrice = pricing !== null && pricing.net_minor !== null;
  return (
    <TotalsCard isPricing={isPricing}>
      {editor.hasLocalProblems ? (
        <p className="small text-body-secondary mb-2">
          Correct the marked fields to see the price.
        </p>
      ) : null}
      {!hasPrice ? (
        <p className="text-body-secondary small mb-0">No price yet.</p>
      ) : (
        <dl className="mb-0 small">
          {pricing.list_minor !== null ? (
            <TotalsLine label="List price">
              <dd className="mb-0">{money(pricing.list_minor)}</dd>
            </TotalsLine>
          ) : null}
          <NetTotalLine amount={money(pricing.net_minor)} />
        </dl>
      )}
    </TotalsCard>
  );
}

/** Attachments beside the totals, then Save and Next, as on the standard configure page. */
export function RenewalFooter({
  editor,
  canAdvance = true,
}: {
  editor: RenewalEditor;
  canAdvance?: boolean;
}) {
  const { quote, state, save, canSave, isReadOnly } = editor;
  return (
    <div className="row g-4 mt-0">
      <div className="col-12 col-lg-6 col-xl-7 order-last order-lg-0">
        <QuoteAttachments quoteId={quote.id} />
      </div>
      <div className="col-12 col-md-8 col-lg-6 col-xl-5 ms-auto">
        <RenewalTotals editor={editor} currency={quote.currency_code} />
        {isReadOnly ? null : (
          <div className="d-grid gap-2 mt-3">
            <Button
              variant="outline-primary"
              disabled={!canSave || !state.isDirty}
              onClick={() => editor.submit(false)}
            >
              {save.isPending ? 'Saving…' : state.isDirty ? 'Save' : 'Saved'}
            </Button>
            <Button
              disabled={!canSave || !canAdvance || editor.hasServerProblems}
              onClick={() => editor.submit(true)}
            >
              Next: Shipping &amp; hardware
              <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
