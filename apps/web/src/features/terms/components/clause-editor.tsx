import { CLAUSE_CATEGORIES } from '@bastion/domain/terms/clauses';
import { PLACEHOLDERS, placeholdersIn } from '@bastion/domain/terms/placeholders';
import { ZClauseForm, type ClauseFormInput } from '@bastion/domain/terms/schemas';
import { useId, useRef } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { EditorCallbacks } from '@/components/admin/editor-callbacks.ts';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import {
  formValuesOf,
  recordEditorProps,
  versionOf,
} from '@/components/admin/record-editor-props.ts';
import { describedByOf, FieldShell } from '@/components/form/field-shell.tsx';
import { CheckboxField, SelectField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useSaveClause, type Clause } from '../api/clauses.ts';

const CATEGORY_OPTIONS = CLAUSE_CATEGORIES.map((c) => ({ value: c, label: c }));

/**
 * Creates a clause or makes its next version. Placeholders are inserted from the list, so their
 * names are right; the form's schema checks them as the server does (checkClauseDraft).
 */
export function ClauseEditor({
  clause,
  onSaved,
  onCancel,
}: {
  /** Null: a new clause. */
  clause: Clause | null;
} & EditorCallbacks<Clause>) {
  const form = useZodForm(ZClauseForm, {
    // The note is the new version's own: it always starts empty.
    defaultValues: {
      ...formValuesOf<ClauseFormInput>(clause, {
        title: '',
        category: '',
        body: '',
        is_active: true,
      }),
      note: '',
    },
  });
  const save = useSaveClause();
  const isActive = useWatch({ control: form.control, name: 'is_active' });
  return (
    <EditorForm
      form={form}
      {...recordEditorProps(clause, { noun: 'clause', name: clause?.title }, { save })}
      submitText={clause ? 'Save new version' : 'Create clause'}
      onCancel={onCancel}
      onSubmit={(values) => {
        const input = { ...versionOf(clause), ...values };
        const preview: Clause = {
          id: clause?.id ?? `new-${values.title}`,
          code: clause?.code ?? null,
          title: values.title.trim(),
          body: values.body.trim(),
          category: values.category,
          is_active: values.is_active,
          version: (clause?.version ?? 0) + 1,
          placeholders: placeholdersIn(values.body),
          rule_count: clause?.rule_count ?? 0,
          updated_at: new Date().toISOString(),
          updated_by: clause?.updated_by ?? null,
        };
        return save.mutateAsync({ input, preview }).then(onSaved);
      }}
    >
      {clause ? (
        <p className="small text-body-secondary">
          Version {clause.version}. Saving makes version {clause.version + 1}; quotes already past
          their terms step keep the wording they saved.
        </p>
      ) : null}
      <TextField name="title" label="Title" isRequired maxLength={200} />
      <SelectField
        name="category"
        label="Category"
        isRequired
        emptyLabel="Choose…"
        options={CATEGORY_OPTIONS}
      />
      <ClauseTextField />
      <CheckboxField
        name="is_active"
        className="mb-3"
        label={
          <>
            Active{' '}
            {isActive === false ? (
              <Badge bg="secondary" className="ms-1">
                Withdrawn: cannot be added to quotes
              </Badge>
            ) : null}
          </>
        }
      />
      <TextField
        name="note"
        label="What changed (kept with the version)"
        maxLength={500}
        placeholder={clause ? 'e.g. Liability cap aligned with the 2027 policy' : 'optional'}
      />
    </EditorForm>
  );
}

/** The clause's text, with buttons that insert a placeholder where the cursor is. */
function ClauseTextField() {
  const id = useId();
  const { control } = useFormContext<ClauseFormInput>();
  const { field, fieldState } = useController({ control, name: 'body' });
  const { value, onChange, onBlur, ref } = field;
  const area = useRef<HTMLTextAreaElement | null>(null);
  const error = fieldState.error?.message;
  const used = placeholdersIn(value);

  const insertPlaceholder = (name: string) => {
    const token = `{${name}}`;
    const start = area.current?.selectionStart ?? value.length;
    const end = area.current?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <>
      <FieldShell id={id} label="Text" isRequired error={error} className="mb-2">
        <Form.Control
          as="textarea"
          rows={9}
          name={field.name}
          ref={(element: HTMLTextAreaElement | null) => {
            area.current = element;
            ref(element);
          }}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          isInvalid={Boolean(error)}
          aria-required
          aria-describedby={describedByOf(id, Boolean(error), false)}
        />
      </FieldShell>
      <div className="mb-3">
        <div className="small text-body-secondary mb-1" id={`${id}-placeholders`}>
          Insert a placeholder: the quote&apos;s value replaces it. A quote without that value
          cannot take the clause.
        </div>
        <div className="d-flex flex-wrap gap-1" role="group" aria-labelledby={`${id}-placeholders`}>
          {PLACEHOLDERS.map((p) => (
            <Button
              key={p.name}
              size="sm"
              variant={used.includes(p.name) ? 'secondary' : 'outline-secondary'}
              title={p.description}
              onClick={() => insertPlaceholder(p.name)}
            >
              <code className="text-reset">{`{${p.name}}`}</code>
            </Button>
          ))}
        </div>
      </div>
    </>
  );
}
