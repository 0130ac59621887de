import { ZRenameQuoteForm } from '@bastion/domain/quotes/schemas';
import Button from 'react-bootstrap/Button';
import { AppForm, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { type QuoteView, useUpdateQuote } from '../api/quotes.ts';
import { QuoteSaveProblem } from './quote-save-problem.tsx';

/**
 * Renames a quote at the version the user saw. When someone else changed it meanwhile, says so
 * and offers to reload rather than overwrite their change.
 */
export function RenameQuoteForm({
  quote,
  onDone,
  onReload,
}: {
  quote: QuoteView;
  onDone: () => void;
  onReload: () => void;
}) {
  const update = useUpdateQuote(quote.id);
  const form = useZodForm(ZRenameQuoteForm, { defaultValues: { quote_name: quote.quote_name } });

  return (
    <AppForm
      form={form}
      error={update.error}
      serverFields={['quote_name']}
      className="mb-3"
      onSubmit={(values) =>
        update.mutate(
          { version: quote.version, quote_name: values.quote_name },
          {
            onSuccess: onDone,
          },
        )
      }
    >
      <QuoteSaveProblem
        error={update.error}
        hasFieldMessages
        onReload={() => {
          update.reset();
          onReload();
        }}
      />
      <div className="d-flex gap-2 align-items-start">
        <TextField
          name="quote_name"
          label="Quote name"
          isRequired
          maxLength={200}
          className="flex-grow-1"
        />
        {/* Level with the input, below its label. */}
        <div className="d-flex gap-2" style={{ marginTop: '2rem' }}>
          <SubmitButton isPending={update.isPending}>Save</SubmitButton>
          <Button variant="outline-secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    </AppForm>
  );
}
