import type { FormValues } from '@bastion/domain/forms/recipe';
import type { GuidedProposal } from '@bastion/domain/product-rules/guided-schemas';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { RecipeForm } from '@/components/recipe-form/recipe-form.tsx';
import { useFormDefinition } from '@/components/recipe-form/use-form-definition.ts';
import { SidePanel } from '@/components/side-panel.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useProposeGuidedLines } from '../../api/configure.ts';
import type { ProposedDraft } from './line-state.ts';

/** The demo questionnaire; more are form recipes named guided_… */
const QUESTIONNAIRE = 'guided_branch_firewall';

type ProposedLine = GuidedProposal['lines'][number];

const SOURCE_LOOK: Record<ProposedLine['source'], { label: string; bg: string; text?: 'dark' }> = {
  selection: { label: 'Fits the answers', bg: 'primary' },
  fix: { label: 'Needed with it', bg: 'warning', text: 'dark' },
  recommendation: { label: 'Suggested', bg: 'secondary' },
};

/** The questionnaire's answers as the contract takes them: a number, a text, yes/no or null. */
const scalarAnswers = (values: FormValues) =>
  Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string | number | boolean | null] =>
        entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
    ),
  );

/**
 * Guided selling (issue 34): a few questions about the customer's sites, then the lines the
 * product rules propose, each with its reason; the seller ticks what to take (suggestions start
 * unticked) and adds them to the draft, to price and save with the rest.
 */
export function GuidedSellingPanel({
  show,
  quoteId,
  years,
  onHide,
  onAccept,
}: {
  show: boolean;
  quoteId: string;
  years: number;
  onHide: () => void;
  onAccept: (lines: ProposedDraft[]) => void;
}) {
  const form = useFormDefinition(show ? QUESTIONNAIRE : null);
  const propose = useProposeGuidedLines(quoteId);
  const [answers, setAnswers] = useState<FormValues | undefined>(undefined);
  const serverErrors = useMemo(
    () =>
      isApiError(propose.error)
        ? Object.fromEntries(propose.error.errors.map((e) => [e.path, e.message]))
        : {},
    [propose.error],
  );
  const proposal = propose.data ?? null;

  return (
    <SidePanel
      show={show}
      onHide={onHide}
      title={form.data?.title ?? 'Guided selling'}
      onExited={() => {
        propose.reset();
        setAnswers(undefined);
      }}
    >
      {form.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading the questions" />
      ) : form.isError ? (
        <Alert variant="danger">{form.error.message}</Alert>
      ) : proposal === null ? (
        <>
          <p className="small text-body-secondary">
            Answer a few questions about the customer’s branch sites: the product rules propose the
            firewalls, subscriptions and support to start from. Nothing changes on the quote until
            you add the lines you choose.
          </p>
          {propose.isError && Object.keys(serverErrors).length === 0 ? (
            <Alert variant="danger">{propose.error.message}</Alert>
          ) : null}
          <RecipeForm
            recipe={form.data.recipe}
            lookups={form.data.lookups}
            initialValues={answers}
            serverErrors={serverErrors}
            isSubmitting={propose.isPending}
            submitLabel="Propose products"
            onSubmit={(payload, values) => {
              setAnswers(values);
              propose.mutate({ questionnaire: QUESTIONNAIRE, answers: scalarAnswers(payload) });
            }}
          />
        </>
      ) : (
        <ProposalReview
          // A new proposal starts its own choice.
          key={proposal.lines.map((line) => line.sku).join(',')}
          proposal={proposal}
          years={years}
          onBack={() => propose.reset()}
          onAccept={onAccept}
        />
      )}
    </SidePanel>
  );
}

function ProposalReview({
  proposal,
  years,
  onBack,
  onAccept,
}: {
  proposal: GuidedProposal;
  years: number;
  onBack: () => void;
  onAccept: (lines: ProposedDraft[]) => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        proposal.lines.filter((line) => line.source !== 'recommendation').map((line) => line.sku),
      ),
  );
  if (proposal.lines.length === 0)
    return (
      <>
        <Alert variant="info">
          No product fits these answers. Change them, or add products from the catalogue.
        </Alert>
        <Button variant="outline-secondary" onClick={onBack}>
          Change the answers
        </Button>
      </>
    );
  const taken = proposal.lines.filter((line) => chosen.has(line.sku));
  return (
    <>
      <p className="small text-body-secondary">
        Review each line: untick what the customer does not need. The lines are added to the quote
        as they are; change quantities and discounts there.
      </p>
      <ul className="list-group mb-3" aria-label="Proposed products">
        {proposal.lines.map((line) => {
          const look = SOURCE_LOOK[line.source];
          const quantity =
            years > 1
              ? line.quantities.map((q, i) => `Y${i + 1} ${q}`).join(' · ')
              : line.quantities[0];
          return (
            <li key={line.sku} className="list-group-item">
              <Form.Check
                id={`proposed-${line.sku}`}
                checked={chosen.has(line.sku)}
                onChange={(event) =>
                  setChosen((before) => {
                    const next = new Set(before);
                    if (event.target.checked) next.add(line.sku);
                    else next.delete(line.sku);
                    return next;
                  })
                }
                label={
                  <>
                    <span className="fw-semibold">{line.name}</span>{' '}
                    <span className="small text-body-secondary text-nowrap">({line.sku})</span>
                    <span className="d-block small">
                      Quantity {quantity}
                      {line.high_availability ? ' · high-availability pairs' : ''}{' '}
                      <Badge
                        bg={look.bg}
                        {...(look.text ? { text: look.text } : {})}
                        className="ms-1"
                      >
                        {look.label}
                      </Badge>
                    </span>
                    <span className="d-block small text-body-secondary">{line.reason}</span>
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
      <div className="d-flex gap-2 justify-content-end flex-wrap">
        <Button variant="outline-secondary" onClick={onBack}>
          Change the answers
        </Button>
        <Button
          disabled={taken.length === 0}
          onClick={() =>
            onAccept(
              taken.map((line) => ({
                sku: line.sku,
                name: line.name,
                kind: line.kind,
                billing: line.billing,
                quantities: line.quantities,
                highAvailability: line.high_availability,
                haCapable: line.ha_capable,
              })),
            )
          }
        >
          Add {taken.length === 1 ? '1 product' : `${taken.length} products`} to the quote
        </Button>
      </div>
    </>
  );
}
