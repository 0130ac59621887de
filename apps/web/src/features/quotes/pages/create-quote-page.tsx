import { withoutUnofferedQuoteTypes } from '@bastion/domain/app-settings/ela-healthcare';
import { formatCurrency } from '@bastion/domain/format/currency';
import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import { salesChannelLabel } from '@bastion/domain/quotes/labels';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { RecipeForm } from '@/components/recipe-form/recipe-form.tsx';
import { useFormDefinition } from '@/components/recipe-form/use-form-definition.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useSession } from '../../auth/index.ts';
import { FactList, type Fact } from '../components/quote-facts.tsx';
import { OpportunityPicker } from '../components/opportunity-picker.tsx';
import type { InstalledBaseSlot } from '../components/installed-base-slot.ts';
import { useCreateQuote, useOpportunityForQuote, type OpportunityForQuote } from '../api/quotes.ts';

/** create-quote/{id}/{opp_id}/{ref}: a quote header form prefilled from the opportunity. */
export function CreateQuotePage({ InstalledBasePanel }: { InstalledBasePanel: InstalledBaseSlot }) {
  const { opp_id: opportunityId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  if (!opportunityId) {
    return (
      <>
        <PageHeader title="Create quote" subtitle="Step 1 of 2: choose the opportunity" />
        <div className="row">
          <div className="col-12 col-xl-8">
            <OpportunityPicker
              canCreateDirect={session.user.permissions.can_create_direct_quote}
              onPick={(id) =>
                void navigate(`/cpq/create-quote/new/${encodeURIComponent(id)}/STANDARD`)
              }
            />
          </div>
        </div>
      </>
    );
  }
  return (
    <CreateQuoteForOpportunity
      opportunityId={opportunityId}
      InstalledBasePanel={InstalledBasePanel}
    />
  );
}

function CreateQuoteForOpportunity({
  opportunityId,
  InstalledBasePanel,
}: {
  opportunityId: string;
  InstalledBasePanel: InstalledBaseSlot;
}) {
  const navigate = useNavigate();
  const opportunity = useOpportunityForQuote(opportunityId);
  const form = useFormDefinition('quote_details');
  const create = useCreateQuote();
  const serverErrors = useMemo(
    () =>
      isApiError(create.error)
        ? Object.fromEntries(create.error.errors.map((e) => [e.path, e.message]))
        : undefined,
    [create.error],
  );

  if (opportunity.isPending || form.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the opportunity" />;
  }
  if (opportunity.isError) {
    return <ErrorScreen error={opportunity.error} />;
  }
  if (form.isError) return <ErrorScreen error={form.error} onRetry={() => void form.refetch()} />;
  const opp = opportunity.data;

  return (
    <>
      <PageHeader title="Create quote" subtitle={`${opp.name} · ${opp.account_name}`} />
      <div className="row g-4">
        <div className="col-12 col-xl-8">
          <Card>
            <Card.Body>
              {create.isError ? (
                <Alert variant="danger" role="alert">
                  {create.error.message}
                </Alert>
              ) : null}
              {opp.unoffered_quote_types.map((type) => (
                <Alert key={type.value} variant="info" className="py-2 small">
                  {type.reason}
                </Alert>
              ))}
              <RecipeForm
                recipe={form.data.recipe}
                lookups={withoutUnofferedQuoteTypes(
                  form.data.recipe,
                  form.data.lookups,
                  opp.unoffered_quote_types,
                )}
                initialValues={{ ...opp.prefill, opportunity_id: opp.id }}
                serverErrors={serverErrors}
                submitLabel="Create quote"
                isSubmitting={create.isPending}
                onSubmit={(_payload, values) =>
                  create.mutate(
                    { opportunity_id: opp.id, values },
                    { onSuccess: (quote) => void navigate(quote.target_path) },
                  )
                }
                leaveGuard={{
                  what: 'the new quote',
                  save: (_payload, values) =>
                    create.mutateAsync({ opportunity_id: opp.id, values }),
                }}
                actions={
                  <Link to="/cpq/grid/opportunities/ref" className="btn btn-outline-secondary">
                    Cancel
                  </Link>
                }
              />
            </Card.Body>
          </Card>
        </div>
        <div className="col-12 col-xl-4">
          <OpportunitySummary opportunity={opp} />
          <InstalledBasePanel opportunityId={opp.id} className="mt-3" />
        </div>
      </div>
    </>
  );
}

function OpportunitySummary({ opportunity: opp }: { opportunity: OpportunityForQuote }) {
  const facts: Fact[] = [
    ['Opportunity', opp.id],
    ['Account', opp.account_name],
    ['Region', opp.region],
    ['Stage', opp.stage],
    ['Amount', formatCurrency(opp.amount_minor, opp.currency_code)],
    ['Close date', formatContractStartDate(opp.close_date) ?? opp.close_date ?? '—'],
    ['Sales channel', salesChannelLabel(opp.sales_channel)],
    ['Partner', opp.partner_name ?? '—'],
    ['Distributor', opp.distributor_name ?? '—'],
    ['Owner', opp.owner_name || '—'],
    ['Contracting entity', opp.contracting_entity_name ?? '—'],
    ['Payment term', opp.payment_term_name ?? '—'],
  ];
  return (
    <Card className="summary-panel">
      <Card.Header as="h2" className="h6 mb-0">
        From the CRM
      </Card.Header>
      <Card.Body>
        <FactList facts={facts} layout="panel" />
      </Card.Body>
    </Card>
  );
}
