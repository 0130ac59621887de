import {
  showDay,
  ZPartnerExceptionForm,
  type PartnerExceptionFormInput,
} from '@bastion/domain/approval-admin/schemas';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext } from 'react-hook-form';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import { FieldShell } from '@/components/form/field-shell.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import {
  useDeletePartnerException,
  usePartnerOptions,
  useSavePartnerException,
  type PartnerException,
} from '../api/partner-exceptions.ts';

const valuesOf = (exception: PartnerException | null): PartnerExceptionFormInput => ({
  partner_account_id: exception?.partner_account_id ?? '',
  extra_discount_percent: exception?.extra_discount_percent ?? '',
  valid_from: exception?.valid_from ?? '',
  valid_to: exception?.valid_to ?? '',
  reason: exception?.reason ?? '',
  is_active: exception?.is_active ?? true,
});

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
  const form = useZodForm(ZPartnerExceptionForm, { defaultValues: valuesOf(exception) });
  const save = useSavePartnerException();
  const remove = useDeletePartnerException();
  return (
    <EditorForm
      form={form}
      error={save.error ?? remove.error}
      submitText={exception ? 'Save exception' : 'Add exception'}
      isPending={save.isPending}
      onCancel={onCancel}
      remove={
        exception
          ? {
              label: `Delete the exception for ${exception.partner_name}`,
              question: 'Delete this exception? Quotes submitted from now on no longer count it.',
              confirmText: 'Delete exception',
              isPending: remove.isPending,
              onConfirm: () =>
                remove.mutate(exception, {
                  onSuccess: () => onDone(`Deleted the exception for ${exception.partner_name}.`),
                }),
            }
          : undefined
      }
      aria-label="Partner exception"
      onSubmit={(values) => {
        const input = {
          ...(exception ? { id: exception.id, version: exception.version } : {}),
          ...values,
          extra_discount_percent: values.extra_discount_percent.trim(),
        };
        const preview: PartnerException = {
          ...input,
          id: exception?.id ?? `new-${values.partner_account_id}`,
          version: exception?.version ?? 1,
          partner_name: exception?.partner_name ?? values.partner_account_id,
          extra_discount_percent: Number(input.extra_discount_percent).toFixed(2),
          state: exception?.state ?? (values.is_active ? 'SCHEDULED' : 'INACTIVE'),
          updated_at: exception?.updated_at ?? new Date().toISOString(),
          updated_by: exception?.updated_by ?? null,
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
        <TextField
          name="valid_from"
          label="Valid from"
          type="date"
          isRequired
          className="col-6 col-md-4 mb-3"
        />
        <TextField
          name="valid_to"
          label="Valid to (last day)"
          type="date"
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
