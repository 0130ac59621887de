import type { FormValues } from '@bastion/domain/forms/recipe';
import { APPROVAL_STATUSES } from '@bastion/domain/quotes/editable-statuses';
import {
  fixedFieldsNote,
  fixedHeaderFieldsOf,
  headerEditRecipe,
  headerValuesOf,
} from '@bastion/domain/quotes/header-edit';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { RecipeForm } from '@/components/recipe-form/recipe-form.tsx';
import { useFormDefinition } from '@/components/recipe-form/use-form-definition.ts';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useEditQuoteDetails, type QuoteView } from '../api/quotes.ts';
import { QuoteSaveProblem } from './quote-save-problem.tsx';

/**
 * The quote's header, edited with the create-quote recipe after creation (issue 33): the fields
 * settled when it was made are shown but fixed. A submitted quote says before saving what a
 * change does to its approval.
 */
export function QuoteDetailsEditor({
  quote,
  onDone,
  onReload,
}: {
  quote: QuoteView;
  onDone: (saved: QuoteView) => void;
  onReload: () => void;
}) {
  const form = useFormDefinition('quote_details');
  const edit = useEditQuoteDetails(quote.id);
  const fixed = useMemo(
    () => fixedHeaderFieldsOf({ opens_on_renewal_page: quote.opens_on_renewal_page }),
    [quote.opens_on_renewal_page],
  );
  const recipe = useMemo(
    () => (form.data ? headerEditRecipe(form.data.recipe, fixed) : null),
    [form.data, fixed],
  );
  const initialValues = useMemo(() => headerValuesOf(quote), [quote]);
  const serverErrors = useMemo(() => fieldErrorsOf(edit.error), [edit.error]);

  if (form.isPending) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (form.isError) return <ErrorScreen error={form.error} onRetry={() => void form.refetch()} />;
  if (!recipe) return null;
  const save = (values: FormValues) => edit.mutateAsync({ version: quote.version, values });

  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        Quote details
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{fixedFieldsNote(recipe, fixed)}</p>
        {APPROVAL_STATUSES.includes(quote.status_id) ? (
          <Alert variant="warning" className="py-2 small">
            This quote is {quote.status_label.toLowerCase()}.{' '}
            {quote.status_id === 'PENDING_APPROVAL' || quote.status_id === 'APPROVED'
              ? 'A change to its partner type, contract length or deal type submits it again: the approvers whose rules the change makes worse are asked again, the other approvals stand.'
              : 'A change to its partner type, contract length or deal type voids its approval: the quote goes back to Terms & conditions and is submitted again.'}{' '}
            Dates, SLA, contacts and notes change nothing for its approvers.
          </Alert>
        ) : null}
        <QuoteSaveProblem
          error={edit.error}
          hasFieldMessages
          onReload={() => {
            edit.reset();
            onReload();
          }}
        />
        <RecipeForm
          // A reload brings the quote's new version: start again from it.
          key={quote.version}
          recipe={recipe}
          lookups={form.data.lookups}
          initialValues={initialValues}
          serverErrors={serverErrors}
          isSubmitting={edit.isPending}
          submitLabel="Save details"
          onSubmit={(_payload, values) => void save(values).then(onDone, () => undefined)}
          leaveGuard={{
            what: 'the quote details',
            save: (_payload, values) => save(values),
          }}
          actions={
            <Button
              variant="outline-secondary"
              onClick={() => onDone(quote)}
              disabled={edit.isPending}
            >
              Cancel
            </Button>
          }
        />
      </Card.Body>
    </Card>
  );
}
