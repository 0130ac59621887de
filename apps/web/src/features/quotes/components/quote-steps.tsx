import { Link } from 'react-router';

/** The screen flow of spec §4: configure, shipping and hardware, terms, summary. */
export const QUOTE_STEPS = [
  { key: 'configure', label: 'Configure', route: 'configure-quote' },
  { key: 'shipping', label: 'Shipping & hardware', route: 'configure-sh-hw' },
  { key: 'terms', label: 'Terms & conditions', route: 'terms-condition' },
  { key: 'summary', label: 'Summary', route: 'quote-summary' },
] as const;

export type QuoteStepKey = (typeof QUOTE_STEPS)[number]['key'];

/** How far a quote's status has come in the flow: the steps up to it can be opened. */
function reachedStep(statusId: string): number {
  switch (statusId) {
    case 'INCOMPLETE':
      return 0;
    case 'SH_HW_CONFIG':
      return 1;
    case 'TNC':
      return 2;
    default:
      return 3;
  }
}

interface StepQuote {
  id: string;
  quote_type: string;
  status_id: string;
  deal_type?: string;
  is_coterm?: boolean;
  is_renewal?: boolean;
}

/** Renewal, true-up and co-term quotes are configured on their own pages (spec §2 quote target). */
export function configurePathOf(quote: Omit<StepQuote, 'status_id'>): string {
  if (quote.is_coterm || quote.is_renewal) {
    const page = quote.is_coterm ? 'configure-renewal-coterm-quote' : 'configure-renewal-quote';
    return `/cpq/${page}/${quote.id}/${quote.deal_type ?? quote.quote_type}`;
  }
  return `/cpq/configure-quote/${quote.id}/${quote.quote_type}`;
}

function stepPath(step: (typeof QUOTE_STEPS)[number], quote: StepQuote): string {
  return step.key === 'configure'
    ? configurePathOf(quote)
    : `/cpq/${step.route}/${quote.id}/${quote.quote_type}`;
}

/**
 * The step progress list at the top of every quote page: completed steps, the active one, and a
 * step in danger (one that must be redone, such as shipping after a product change). Steps
 * reached link to their page, unless the reader may not open them (an approver reading the
 * quote only through its approval).
 */
export function QuoteSteps({
  quote,
  current,
  dangerSteps = [],
  canOpenSteps = true,
}: {
  quote: StepQuote;
  current: QuoteStepKey;
  dangerSteps?: readonly QuoteStepKey[];
  canOpenSteps?: boolean;
}) {
  // A page open is a step reached: the summary opens only once the terms are saved, though the
  // status stays at terms until submission, and those terms are then done.
  const reached = Math.max(
    reachedStep(quote.status_id),
    QUOTE_STEPS.findIndex((step) => step.key === current),
  );
  return (
    <nav aria-label="Quote steps" className="mb-3">
      <ol className="quote-steps">
        {QUOTE_STEPS.map((step, index) => {
          const isCurrent = step.key === current;
          const isDanger = dangerSteps.includes(step.key);
          const state = isDanger
            ? 'danger'
            : isCurrent
              ? 'active'
              : index < reached
                ? 'completed'
                : 'upcoming';
          const canOpen = canOpenSteps && !isCurrent && index <= reached;
          const content = (
            <>
              <span className="quote-step-marker" aria-hidden="true">
                {state === 'completed' ? (
                  <i className="bi bi-check-lg" />
                ) : state === 'danger' ? (
                  <i className="bi bi-exclamation-lg" />
                ) : (
                  index + 1
                )}
              </span>
              <span className="quote-step-label">{step.label}</span>
              <span className="visually-hidden">
                {state === 'completed'
                  ? ' (done)'
                  : state === 'danger'
                    ? ' (needs attention)'
                    : state === 'active'
                      ? ' (this step)'
                      : ''}
              </span>
            </>
          );
          return (
            <li
              key={step.key}
              className={`quote-step is-${state}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {canOpen ? <Link to={stepPath(step, quote)}>{content}</Link> : <span>{content}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
