import { REVISION_NAME_MAX, ZSaveQuoteRevisionBody } from '@bastion/domain/revisions/api';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { useSaveRevision } from '../api/revisions.ts';

/** Names the quote as it stands: "Sent to customer 2 Dec". The quote itself does not change. */
export function SaveRevisionForm({ quoteId, version }: { quoteId: string; version: number }) {
  const save = useSaveRevision(quoteId);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm(ZSaveQuoteRevisionBody, {
    values: { quote_id: quoteId, version, name: '' },
  });
  return (
    <AppForm
      form={form}
      error={save.error}
      aria-label="Save a revision"
      onSubmit={(values) =>
        save.mutateAsync({ version: values.version, name: values.name }).then(({ revision }) => {
          setSaved(`Saved as revision ${revision.revision_number} “${revision.name}”.`);
          form.reset({ quote_id: quoteId, version, name: '' });
        })
      }
    >
      <FormProblem error={save.error} />
      {saved ? (
        <Alert variant="success" className="py-2" onClose={() => setSaved(null)} dismissible>
          {saved}
        </Alert>
      ) : null}
      <TextField
        name="name"
        label="Name"
        isRequired
        maxLength={REVISION_NAME_MAX}
        help="What this revision is, e.g. “Sent to customer 2 Dec”. The quote does not change."
      />
      <SubmitButton isPending={save.isPending}>Save revision</SubmitButton>
    </AppForm>
  );
}
