import type { PredicateNode } from '@bastion/domain/approvals/predicates';
import {
  ZProductRuleForm,
  type ProductRuleFormValues,
} from '@bastion/domain/product-rules/admin-schemas';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { ruleFactNamed, ruleFactsFor } from '@bastion/domain/product-rules/fact-vocabulary';
import { RULE_KINDS, RULE_SCOPES, type RuleScope } from '@bastion/domain/product-rules/model';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useWatch } from 'react-hook-form';
import { ConditionBuilder } from '@/components/condition-builder/condition-builder.tsx';
import {
  fromPredicateTree,
  toPredicateTree,
  type DraftGroup,
  type FactVocabulary,
} from '@/components/condition-builder/condition-draft.ts';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { FieldRow } from '@/components/form/field-row.tsx';
import { CheckboxField, FieldSection, SelectField, TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import { AppForm, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { isApiError } from '@/lib/api-client.ts';
import {
  useDeleteProductRule,
  usePreviewProductRule,
  useSaveProductRule,
  type ProductRuleView,
} from '../api/product-rules.ts';
import {
  ActionsEditor,
  actionDrafts,
  actionsJson,
  fitActionsToKind,
  type ActionDraft,
} from './product-rule-actions.tsx';
import { ProductRulePreviewResult } from './product-rule-preview.tsx';

export const KIND_LABELS = {
  validation: 'Validation',
  selection: 'Selection',
  recommendation: 'Recommendation',
  filter: 'Filter',
} as const;

export const SCOPE_LABELS: Readonly<Record<RuleScope, string>> = {
  quote: 'The whole quote',
  year: 'Each contract year',
  appliance_model: 'Each appliance model',
};

const vocabularyFor = (scope: RuleScope): FactVocabulary => ({
  facts: ruleFactsFor(scope),
  find: (name) => ruleFactNamed(name, scope),
  isOpen: true,
});

/** Fields the form shows its own messages under; the server's others are said above Save. */
const FORM_FIELDS = new Set([
  'name',
  'description',
  'priority',
  'message',
  'effective_from',
  'effective_to',
]);

function valuesOf(rule: ProductRuleView | null, condition: unknown): ProductRuleFormValues {
  return {
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    kind: rule?.kind ?? 'validation',
    is_active: rule?.is_active ?? true,
    priority: String(rule?.priority ?? 100),
    effective_from: rule?.effective_from ?? '',
    effective_to: rule?.effective_to ?? '',
    scope: (RULE_SCOPES as readonly string[]).includes(rule?.scope ?? '')
      ? (rule?.scope as RuleScope)
      : 'quote',
    message: rule?.message ?? '',
    severity: rule?.severity === 'warning' ? 'warning' : 'error',
    apply: rule?.apply === 'automatic' ? 'automatic' : 'offer',
    condition,
    actions: rule?.actions ?? [],
  };
}

/**
 * Creates or changes a product rule (issue 34): what it is, when it holds (the approval rules'
 * condition builder, over the quote's facts and its lines' aggregates), what it says and offers,
 * and a test against any quote before it is saved.
 */
export function ProductRuleEditor(props: {
  rule: ProductRuleView | null;
  onSaved: (rule: ProductRuleView, verb: 'Created' | 'Saved') => void;
  onDeleted: (name: string) => void;
  onClose: () => void;
}) {
  const { rule } = props;
  const [condition, setCondition] = useState<DraftGroup>(() =>
    fromPredicateTree((rule?.condition as PredicateNode | undefined) ?? null),
  );
  const [actions, setActions] = useState<ActionDraft[]>(() => actionDrafts(rule?.actions ?? []));
  const form = useZodForm(ZProductRuleForm, { defaultValues: valuesOf(rule, null) });
  const [kind, scope] = useWatch({ control: form.control, name: ['kind', 'scope'] });
  const vocabulary = useMemo(() => vocabularyFor(scope ?? 'quote'), [scope]);
  const save = useSaveProductRule();
  const remove = useDeleteProductRule();
  const preview = usePreviewProductRule();
  const [quoteNumber, setQuoteNumber] = useState('');

  // A filter reads the whole quote; a kind takes only its own operations.
  useEffect(() => {
    if (kind === 'filter' && scope !== 'quote') form.setValue('scope', 'quote');
  }, [form, kind, scope]);
  const shownActions = useMemo(
    () => fitActionsToKind(actions, kind ?? 'validation'),
    [actions, kind],
  );

  const conditionJson = () => toPredicateTree(condition, vocabulary);
  // The builder and the rows live beside the form; the form holds their JSON so that leaving
  // with them changed is asked about like any field.
  const changeCondition = (next: DraftGroup) => {
    setCondition(next);
    form.setValue('condition', toPredicateTree(next, vocabulary), { shouldDirty: true });
  };
  const changeActions = (next: ActionDraft[]) => {
    setActions(next);
    form.setValue('actions', actionsJson(next), { shouldDirty: true });
  };
  const problems = [save.error, preview.error, remove.error].flatMap((error) =>
    isApiError(error)
      ? error.errors.filter((e) => !FORM_FIELDS.has(e.path)).map((e) => e.message)
      : error instanceof Error
        ? [error.message]
        : [],
  );

  const testRule = () => {
    const values = ZProductRuleForm.safeParse(form.getValues());
    if (!values.success) {
      void form.trigger();
      return;
    }
    preview.mutate({
      ...values.data,
      condition: conditionJson(),
      actions: actionsJson(shownActions),
      quote_number: quoteNumber,
    });
  };

  return (
    <AppForm
      form={form}
      error={save.error}
      serverFields={[...FORM_FIELDS]}
      aria-label={rule ? `Edit product rule ${rule.name}` : 'New product rule'}
      leaveGuard={rule ? `the product rule ${rule.name}` : 'the new product rule'}
      onSubmit={(values) =>
        save
          .mutateAsync({
            ...(rule ? { id: rule.id, version: rule.version } : {}),
            ...values,
            condition: conditionJson(),
            actions: actionsJson(shownActions),
          })
          .then((saved) => props.onSaved(saved, rule ? 'Saved' : 'Created'))
      }
    >
      {rule?.problem ? (
        <Alert variant="danger">
          <strong>Not applied:</strong> {rule.problem}
        </Alert>
      ) : rule?.failure ? (
        <Alert variant="danger">
          <strong>Broken:</strong> it failed while checking a quote on{' '}
          {formatDateTime(
            Date.parse(rule.failure.failed_at) / 1000,
            Intl.DateTimeFormat().resolvedOptions().timeZone,
          )}{' '}
          and is skipped: {rule.failure.message} Save it once it is corrected to try it again.
        </Alert>
      ) : null}
      <TextField name="name" label="Name" isRequired maxLength={120} />
      <TextField name="description" label="Description" rows={2} maxLength={500} />
      <FieldRow widths={[4, 4, 4]}>
        <SelectField
          name="kind"
          label="Kind"
          options={RULE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
        />
        {kind === 'validation' ? (
          <SelectField
            name="severity"
            label="Severity"
            options={[
              { value: 'error', label: 'Error: stops Next and Submit' },
              { value: 'warning', label: 'Warning' },
            ]}
          />
        ) : kind === 'selection' ? (
          <SelectField
            name="apply"
            label="Applied"
            options={[
              { value: 'offer', label: 'Offered to the seller' },
              { value: 'automatic', label: 'Automatically' },
            ]}
          />
        ) : (
          <span />
        )}
        <SelectField
          name="scope"
          label="Reads"
          options={RULE_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))}
          isDisabled={kind === 'filter'}
        />
      </FieldRow>
      <FieldRow widths={[4, 4, 4]}>
        <TextField name="priority" label="Priority" inputMode="numeric" help="Lower runs first." />
        <DateField name="effective_from" label="Effective from" />
        <DateField name="effective_to" label="Effective to" />
      </FieldRow>
      <CheckboxField name="is_active" label="Active" />
      <TextField
        name="message"
        label="Message"
        rows={2}
        maxLength={500}
        help="Placeholders in braces: {sku}, {model}, {missing|unit} for an appliance model; any fact, as {quantity:kind:ACCESS_POINT}."
      />
      <FieldSection title="When it holds">
        <ConditionBuilder root={condition} onChange={changeCondition} vocabulary={vocabulary} />
      </FieldSection>
      <FieldSection title={kind === 'filter' ? 'What it hides' : 'What it offers'}>
        <ActionsEditor
          kind={kind ?? 'validation'}
          actions={shownActions}
          onChange={changeActions}
        />
      </FieldSection>
      {problems.length > 0 ? (
        <Alert variant="danger" role="alert" data-testid="rule-problems">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      ) : null}
      <FieldSection title="Test against a quote">
        <div className="d-flex gap-2 mb-2">
          <Form.Control
            size="sm"
            aria-label="Quote number to test against"
            placeholder="Q-2026-000123"
            value={quoteNumber}
            onChange={(e) => setQuoteNumber(e.target.value)}
          />
          <Button
            size="sm"
            variant="outline-primary"
            disabled={quoteNumber.trim() === '' || preview.isPending}
            onClick={testRule}
          >
            {preview.isPending ? 'Testing…' : 'Test'}
          </Button>
        </div>
        {preview.data && !preview.isPending ? (
          <ProductRulePreviewResult preview={preview.data} />
        ) : null}
      </FieldSection>
      <div className="d-flex gap-2 flex-wrap">
        <SubmitButton isPending={save.isPending}>
          {rule ? 'Save changes' : 'Create rule'}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={props.onClose}>
          {rule ? 'Close' : 'Cancel'}
        </Button>
        {rule ? (
          <div className="ms-auto">
            <ConfirmButton
              label={`Delete product rule ${rule.name}`}
              question="Delete this rule? Quotes no longer hear from it."
              text="Delete"
              confirmText="Delete rule"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { id: rule.id, version: rule.version },
                  { onSuccess: () => props.onDeleted(rule.name) },
                )
              }
            />
          </div>
        ) : null}
      </div>
    </AppForm>
  );
}
