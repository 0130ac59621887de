import { ZRuleForm, type RuleFormInput } from '@bastion/domain/approval-admin/schemas';
import { checkPredicateTree, describePredicateTree } from '@bastion/domain/approvals/predicates';
import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useWatch } from 'react-hook-form';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import {
  previewStampOf,
  recordEditorProps,
  versionOf,
} from '@/components/admin/record-editor-props.ts';
import { CheckboxListField, ChoiceFieldset } from '@/components/form/choice-fields.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import type { ApprovalGroup } from '../api/groups.ts';
import { useDeleteApprovalRule, useSaveApprovalRule, type ApprovalRule } from '../api/rules.ts';
import { ConditionBuilder } from '@/components/condition-builder/condition-builder.tsx';
import {
  fromPredicateTree,
  toPredicateTree,
  type DraftGroup,
} from '@/components/condition-builder/condition-draft.ts';
import { RulePreview } from './rule-preview.tsx';

/**
 * Creates or changes an approval rule: its name, the groups it requires and its condition,
 * built as nested groups of conditions and read back in words as it is built. The condition is
 * checked by the domain's checkPredicateTree as it changes (the form's schema, ZRuleForm, checks
 * it the same way), and can be tried on a quote.
 */
export function RuleEditor({
  rule,
  groups,
  initialGroupId,
  onSaved,
  onClose,
}: {
  rule: ApprovalRule | null;
  groups: readonly ApprovalGroup[];
  /** A new rule made from a group's page starts with that group. */
  initialGroupId?: string;
  onSaved: (rule: ApprovalRule, verb: 'Created' | 'Saved' | 'Deleted') => void;
  onClose: () => void;
}) {
  const [condition, setCondition] = useState<DraftGroup>(() =>
    fromPredicateTree(rule?.predicate ?? null),
  );
  const form = useZodForm(ZRuleForm, {
    defaultValues: {
      name: rule?.name ?? '',
      description: rule?.description ?? '',
      predicate: toPredicateTree(condition),
      group_ids: rule?.group_ids ?? (initialGroupId ? [initialGroupId] : []),
      is_active: rule?.is_active ?? true,
      always_reapprove: rule?.always_reapprove ?? false,
    } satisfies RuleFormInput,
  });
  const save = useSaveApprovalRule();
  const remove = useDeleteApprovalRule();
  const json = useMemo(() => toPredicateTree(condition), [condition]);
  const check = useMemo(() => checkPredicateTree(json), [json]);
  const [groupIds, isActive] = useWatch({
    control: form.control,
    name: ['group_ids', 'is_active'],
  });

  const changeCondition = (next: DraftGroup) => {
    setCondition(next);
    form.setValue('predicate', toPredicateTree(next), {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const { 'aria-label': sectionLabel, ...editorProps } = recordEditorProps(
    rule,
    { noun: 'rule', name: rule?.name },
    {
      save,
      remove: {
        mutation: remove,
        question: 'Delete this rule? Quotes already submitted keep their approvals.',
        onDone: (deleted) => onSaved(deleted, 'Deleted'),
      },
    },
  );

  return (
    <section aria-label={sectionLabel}>
      <EditorForm
        form={form}
        {...editorProps}
        between={
          <RulePreview
            tree={check.ok ? check.tree : null}
            groups={groups.filter((g) => (groupIds ?? []).includes(g.id))}
            isActive={isActive ?? true}
          />
        }
        onCancel={onClose}
        onSubmit={(values) => {
          const input = { ...versionOf(rule), ...values };
          const preview: ApprovalRule = {
            ...previewStampOf(rule, values.name),
            ...values,
            predicate: check.ok
              ? check.tree
              : (rule?.predicate ?? { kind: 'group', combinator: 'AND', children: [] }),
            condition_text: check.ok ? describePredicateTree(check.tree) : '',
            groups: groups
              .filter((g) => values.group_ids.includes(g.id))
              .map((g) => ({ id: g.id, name: g.name, is_active: g.is_active })),
          };
          return save
            .mutateAsync({ input, preview })
            .then((saved) => onSaved(saved, rule ? 'Saved' : 'Created'));
        }}
      >
        <div className="row g-3">
          <TextField
            name="name"
            label="Rule name"
            isRequired
            className="col-12 col-xl-6"
            maxLength={120}
            placeholder="e.g. Discount above 40 % in EMEA"
          />
          <TextField
            name="description"
            label={
              <>
                Note for approvers <span className="text-body-secondary">(optional)</span>
              </>
            }
            className="col-12 col-xl-6 mb-3"
            maxLength={500}
          />
        </div>
        <ConditionField condition={condition} check={check} onChange={changeCondition} />
        <CheckboxListField
          name="group_ids"
          legend="…these groups must approve it"
          emptyText="Create an approval group first."
          options={groups.map((group) => ({
            value: group.id,
            label: (
              <>
                {group.name}
                {group.is_global ? null : (
                  <span className="text-body-secondary small"> ({group.regions.join(', ')})</span>
                )}
                {group.is_active ? null : (
                  <Badge bg="secondary" className="ms-1">
                    Inactive
                  </Badge>
                )}
              </>
            ),
          }))}
        />
        <CheckboxField
          name="is_active"
          label="Active"
          className="mb-3"
          help={
            isActive
              ? 'Quotes submitted from now on are checked against this rule.'
              : 'Kept, but no quote is checked against it until it is active again.'
          }
        />
        <CheckboxField
          name="always_reapprove"
          label="Always re-approve"
          className="mb-3"
          help="When a submitted or approved quote changes, its groups are asked again whatever changed. Otherwise they are asked again only when the change makes this rule's conditions worse (a deeper discount, a lower margin, a reworded custom clause…)."
        />
      </EditorForm>
    </section>
  );
}

/** The condition builder, the condition in words below it, or what is wrong with it. */
function ConditionField({
  condition,
  check,
  onChange,
}: {
  condition: DraftGroup;
  check: ReturnType<typeof checkPredicateTree>;
  onChange: (next: DraftGroup) => void;
}) {
  const message = useFieldMessage('predicate');
  const problem = check.ok ? message : check.message;
  return (
    <ChoiceFieldset legend="When a quote meets this condition">
      <ConditionBuilder root={condition} onChange={onChange} />
      <div className={`condition-words mt-2 ${problem ? 'is-invalid' : ''}`} aria-live="polite">
        {problem ? (
          <span className="text-danger" role="alert">
            <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
            {problem}
          </span>
        ) : check.ok ? (
          <>
            <span className="text-body-secondary">In words: </span>
            <span data-testid="rule-in-words">{describePredicateTree(check.tree)}</span>
          </>
        ) : null}
      </div>
    </ChoiceFieldset>
  );
}
