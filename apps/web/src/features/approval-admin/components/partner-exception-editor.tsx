import {
  showDay,
  ZPartnerExceptionForm,
  type PartnerExceptionFormInput,
} from '@bastion/domain/approval-admin/schemas';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext } from 'react-hook-form';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import {
  formValuesOf,
  previewStampOf,
  recordEditorProps,
  versionOf,
} from '@/components/admin/record-editor-props.ts';
import { FieldShell } from '@/components/form/field-shell.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import {
  useDeletePartnerException,
  usePartnerOptions,
  useSavePartnerException,
  type PartnerException,
} from '../api/partner-exceptions.ts';

const NEW_EXCEPTION: PartnerExceptionFormInput = {
  partner_account_id: '',
  extra_discount_percent: '',
  valid_from: '',
  valid_to: '',
  reason: '',
  is_active: true,
};

/** Adds a partner exception or changes one. */
export function PartnerExceptionEditor({
  exception,
  onCancel,
  onDone,
}: {
  exception: PartnerException | null;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const form = useZodForm(ZPartnerExceptionForm, {
    defaultValues: formValuesOf(exception, NEW_EXCEPTION),
  });
  const save = useSavePartnerException();
  const remove = useDeletePartnerException();
  return (
    <EditorForm
      form={form}
      {...recordEditorProps(
        exception,
        { noun: 'exception', name: exception?.partner_name },
        {
          save,
          remove: {
            mutation: remove,
            question: 'Delete this exception? Quotes submitted from now on no longer count it.',
            label: `Delete the exception for ${exception?.partner_name}`,
            onDone: (deleted) => onDone(`Deleted the exception for ${deleted.partner_name}.`),
          },
        },
      )}
      submitText={exception ? 'Save exception' : 'Add exception'}
      aria-label="Partner exception"
      onCancel={onCancel}
      onSubmit={(values) => {
        const input = {
          ...versionOf(exception),
          ...values,
          extra_discount_percent: values.extra_discount_percent.trim(),
        };
        const preview: PartnerException = {
          ...input,
          ...previewStampOf(exception, values.partner_account_id),
          partner_name: exception?.partner_name ?? values.partner_account_id,
          extra_discount_percent: Number(input.extra_discount_percent).toFixed(2),
          state: exception?.state ?? (values.is_active ? 'SCHEDULED' : 'INACTIVE'),
        };
        return save
          .mutateAsync({ input, preview })
          .then((saved) =>
            onDone(
              `${exception ? 'Saved' : 'Added'} the exception for ${saved.partner_name}: ${saved.extra_discount_percent} % from ${showDay(saved.valid_from)} to ${showDay(saved.valid_to)}.`,
            ),
          );
      }}
    >
      <PartnerPicker
        initialName={exception?.partner_name ?? ''}
        initialId={exception?.partner_account_id ?? ''}
      />
      <div className="row g-3">
        <TextField
          name="extra_discount_percent"
          label="Extra discount"
          isRequired
          inputMode="decimal"
          suffix="%"
          isFigure
          className="col-12 col-md-4 mb-3"
        />
        <DateField
          name="valid_from"
          label="Valid from"
          isRequired
          className="col-6 col-md-4 mb-3"
        />
        <DateField
          name="valid_to"
          label="Valid to (last day)"
          isRequired
          className="col-6 col-md-4 mb-3"
        />
      </div>
      <TextField name="reason" label="Reason" isRequired rows={2} maxLength={500} />
      <CheckboxField name="is_active" label="Active" />
    </EditorForm>
  );
}

/**
 * The partner, typed or picked from the CRM's partners: the form holds the account whose name
 * (or CRM id) was typed, nothing while the text names none.
 */
function PartnerPicker({ initialName, initialId }: { initialName: string; initialId: string }) {
  const id = useId();
  const { control } = useFormContext<PartnerExceptionFormInput>();
  const { field } = useController({ control, name: 'partner_account_id' });
  const { value, onChange, onBlur, ref } = field;
  const error = useFieldMessage('partner_account_id');
  const [text, setText] = useState(initialName);
  const options = usePartnerOptions(useDebouncedSearch(text, 250));
  const typed = text.trim().toLowerCase();
  const chosen = options.data?.partners.find(
    (p) => p.name.toLowerCase() === typed || p.id.toLowerCase() === typed,
  );
  const partnerId =
    chosen?.id ?? (initialName && typed === initialName.toLowerCase() ? initialId : '');
  useEffect(() => {
    if (partnerId !== value) onChange(partnerId);
  }, [partnerId, value, onChange]);
  return (
    <FieldShell
      id={id}
      label="Partner"
      error={error}
      help={
        partnerId
          ? `CRM account ${partnerId}${chosen ? ` · ${[chosen.region, chosen.partner_type].filter(Boolean).join(' · ')}` : ''}`
          : undefined
      }
    >
      <Form.Control
        list={`${id}-partners`}
        autoComplete="off"
        placeholder="Type the partner’s name"
        value={text}
        ref={ref}
        isInvalid={Boolean(error)}
        isValid={Boolean(partnerId)}
        onBlur={onBlur}
        onChange={(e) => setText(e.target.value)}
      />
      <datalist id={`${id}-partners`}>
        {(options.data?.partners ?? []).map((p) => (
          <option key={p.id} value={p.name}>
            {[p.region, p.partner_type].filter(Boolean).join(' · ')}
          </option>
        ))}
      </datalist>
    </FieldShell>
  );
}
