import { checkClauseCondition } from '@bastion/domain/terms/clause-rules';
import { ZClauseRuleForm, type ClauseRuleFormInput } from '@bastion/domain/terms/schemas';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext } from 'react-hook-form';
import type { EditorCallbacks } from '@/components/admin/editor-callbacks.ts';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import {
  formValuesOf,
  recordEditorProps,
  versionOf,
} from '@/components/admin/record-editor-props.ts';
import { RadioGroupField } from '@/components/form/choice-fields.tsx';
import { describedByOf, FieldShell } from '@/components/form/field-shell.tsx';
import { CheckboxField, SelectField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import type { Clause } from '../api/clauses.ts';
import { useSaveClauseRule, type ClauseRule } from '../api/rules.ts';
import { FactsReference } from './facts-reference.tsx';

const EFFECTS = [
  {
    value: 'ATTACH',
    label: 'Attach',
    help: 'Added to the quote automatically; the seller may remove it.',
  },
  { value: 'REQUIRE', label: 'Require', help: 'Added to the quote and cannot be removed.' },
] as const;

/** Creates or changes a clause rule; the condition is checked as it is typed. */
export function RuleEditor({
  rule,
  clauses,
  onSaved,
  onCancel,
}: {
  rule: ClauseRule | null;
  clauses: readonly Clause[];
} & EditorCallbacks<ClauseRule>) {
  const form = useZodForm(ZClauseRuleForm, {
    defaultValues: formValuesOf<ClauseRuleFormInput>(rule, {
      name: '',
      clause_id: '',
      effect: 'ATTACH',
      condition: '',
      is_active: true,
    }),
  });
  const save = useSaveClauseRule();
  // Active clauses, and the rule's own clause even if it was withdrawn since.
  const choices = clauses.filter((c) => c.is_active || c.id === rule?.clause_id);

  return (
    <EditorForm
      form={form}
      {...recordEditorProps(rule, { noun: 'rule', name: rule?.name }, { save })}
      onCancel={onCancel}
      onSubmit={(values) => {
        const input = { ...versionOf(rule), ...values };
        const clause = clauses.find((c) => c.id === values.clause_id);
        const preview: ClauseRule = {
          id: rule?.id ?? `new-${values.name}`,
          code: rule?.code ?? null,
          ...values,
          condition: values.condition.trim(),
          clause_title: clause?.title ?? '',
          clause_is_active: clause?.is_active ?? true,
          version: rule?.version ?? 1,
          updated_at: new Date().toISOString(),
          updated_by: rule?.updated_by ?? null,
        };
        return save.mutateAsync({ input, preview }).then(onSaved);
      }}
    >
      <TextField
        name="name"
        label="Name"
        isRequired
        maxLength={200}
        placeholder="e.g. Public-sector customers"
      />
      <SelectField
        name="clause_id"
        label="Clause"
        isRequired
        emptyLabel="Choose…"
        options={choices.map((c) => ({
          value: c.id,
          label: `${c.title} (${c.category})${c.is_active ? '' : ' (withdrawn)'}`,
        }))}
      />
      <RadioGroupField
        name="effect"
        legend="Effect"
        options={EFFECTS.map((option) => ({
          value: option.value,
          label: (
            <>
              <span className="fw-semibold">{option.label}</span>
              <span className="text-body-secondary"> — {option.help}</span>
            </>
          ),
        }))}
      />
      <ConditionField />
      <div className="mb-3">
        <FactsReference />
      </div>
      <CheckboxField name="is_active" label="Active" className="mb-3" />
    </EditorForm>
  );
}

/** The condition in the form rules' language, read as it is typed. */
function ConditionField() {
  const id = useId();
  const { control } = useFormContext<ClauseRuleFormInput>();
  const { field, fieldState } = useController({ control, name: 'condition' });
  const { onChange, onBlur, ref } = field;
  const condition = field.value ?? '';
  const check = checkClauseCondition(condition);
  const error = check.ok ? fieldState.error?.message : check.message;
  const help =
    condition.trim() === ''
      ? 'Empty: the rule applies to every quote.'
      : check.ok
        ? 'The condition reads well.'
        : null;
  return (
    <FieldShell id={id} label="Condition" error={error} help={help} className="mb-2">
      <Form.Control
        as="textarea"
        rows={3}
        className="font-monospace"
        name={field.name}
        ref={ref}
        value={condition}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        isInvalid={Boolean(error)}
        isValid={!error && condition.trim() !== ''}
        placeholder="e.g. quote_type string-equals ELA and contract_length int-gt-than 24"
        spellCheck={false}
        aria-describedby={describedByOf(id, Boolean(error), Boolean(help))}
      />
    </FieldShell>
  );
}
