import { checkPredicateTree, describePredicateTree } from '@bastion/domain/approvals/predicates';
import { useId, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { ApprovalGroup } from '../api/groups.ts';
import { useDeleteApprovalRule, useSaveApprovalRule, type ApprovalRule } from '../api/rules.ts';
import { ConditionBuilder } from './condition-builder.tsx';
import { fromPredicateTree, toPredicateTree, type DraftGroup } from './condition-draft.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { fieldErrorsOf, isStale } from './field-errors.ts';
import { RulePreview } from './rule-preview.tsx';

/**
 * Creates or changes an approval rule: its name, the groups it requires and its condition,
 * built as nested groups of conditions and read back in words as it is built. The condition is
 * checked by the domain's checkPredicateTree as it changes, and can be tried on a quote.
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
  const ids = useId();
  const [name, setName] = useState(rule?.name ?? '');
  const [description, setDescription] = useState(rule?.description ?? '');
  const [groupIds, setGroupIds] = useState<string[]>(
    rule?.group_ids ?? (initialGroupId ? [initialGroupId] : []),
  );
  const [condition, setCondition] = useState<DraftGroup>(() =>
    fromPredicateTree(rule?.predicate ?? null),
  );
  const [isActive, setIsActive] = useState(rule?.is_active ?? true);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const save = useSaveApprovalRule();
  const remove = useDeleteApprovalRule();

  const json = useMemo(() => toPredicateTree(condition), [condition]);
  const check = useMemo(() => checkPredicateTree(json), [json]);
  const serverProblems = fieldErrorsOf(save.error ?? remove.error);
  const local: Record<string, string | undefined> = {
    name: name.trim() ? undefined : 'Give the rule a name.',
    group_ids:
      groupIds.length > 0 ? undefined : 'Choose at least one approval group the rule requires.',
  };
  const errorOf = (path: string) => (isSubmitted ? local[path] : undefined) ?? serverProblems[path];
  const conditionProblem = check.ok ? serverProblems.predicate : check.message;
  const otherError =
    (save.isError || remove.isError) && Object.keys(serverProblems).length === 0
      ? (save.error ?? remove.error)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (local.name || local.group_ids || !check.ok) return;
    save.mutate(
      {
        ...(rule ? { id: rule.id, version: rule.version } : {}),
        name,
        description,
        predicate: json,
        group_ids: groupIds,
        is_active: isActive,
      },
      { onSuccess: (saved) => onSaved(saved, rule ? 'Saved' : 'Created') },
    );
  };

  const toggleGroup = (id: string, isChosen: boolean) =>
    setGroupIds((current) => (isChosen ? [...current, id] : current.filter((g) => g !== id)));

  return (
    <Card as="section" aria-label={rule ? `Edit rule ${rule.name}` : 'New rule'}>
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 className="h5 mb-0">{rule ? `Edit rule “${rule.name}”` : 'New rule'}</h2>
        <Button variant="link" size="sm" className="ms-auto" onClick={onClose}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back to the rules
        </Button>
      </Card.Header>
      <Card.Body>
        <Form id={`${ids}-form`} noValidate onSubmit={submit}>
          <div className="row g-3 mb-3">
            <Form.Group className="col-12 col-xl-6" controlId={`${ids}-name`}>
              <Form.Label>Rule name</Form.Label>
              <Form.Control
                value={name}
                maxLength={120}
                placeholder="e.g. Discount above 40 % in EMEA"
                isInvalid={Boolean(errorOf('name'))}
                onChange={(e) => setName(e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{errorOf('name')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-12 col-xl-6" controlId={`${ids}-description`}>
              <Form.Label>
                Note for approvers <span className="text-body-secondary">(optional)</span>
              </Form.Label>
              <Form.Control
                value={description}
                maxLength={500}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Form.Group>
          </div>

          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">When a quote meets this condition</legend>
            <ConditionBuilder root={condition} onChange={setCondition} />
            <div
              className={`condition-words mt-2 ${conditionProblem ? 'is-invalid' : ''}`}
              aria-live="polite"
            >
              {conditionProblem ? (
                <span className="text-danger" role="alert">
                  <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
                  {conditionProblem}
                </span>
              ) : check.ok ? (
                <>
                  <span className="text-body-secondary">In words: </span>
                  <span data-testid="rule-in-words">{describePredicateTree(check.tree)}</span>
                </>
              ) : null}
            </div>
          </fieldset>

          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">…these groups must approve it</legend>
            {groups.length === 0 ? (
              <p className="text-body-secondary small mb-0">Create an approval group first.</p>
            ) : (
              <div className="d-flex flex-wrap column-gap-4">
                {groups.map((group) => (
                  <Form.Check
                    key={group.id}
                    id={`${ids}-group-${group.id}`}
                    isInvalid={Boolean(errorOf('group_ids'))}
                    checked={groupIds.includes(group.id)}
                    onChange={(e) => toggleGroup(group.id, e.target.checked)}
                    label={
                      <>
                        {group.name}
                        {group.is_global ? null : (
                          <span className="text-body-secondary small">
                            {' '}
                            ({group.regions.join(', ')})
                          </span>
                        )}
                        {group.is_active ? null : (
                          <Badge bg="secondary" className="ms-1">
                            Inactive
                          </Badge>
                        )}
                      </>
                    }
                  />
                ))}
              </div>
            )}
            {errorOf('group_ids') ? (
              <div className="small text-danger mt-1" role="alert">
                {errorOf('group_ids')}
              </div>
            ) : null}
          </fieldset>

          <Form.Group className="mb-3" controlId={`${ids}-active`}>
            <Form.Check
              type="switch"
              label="Active"
              checked={isActive}
              onChange={(e) => setIsActive(e.target.checked)}
            />
            <Form.Text>
              {isActive
                ? 'Quotes submitted from now on are checked against this rule.'
                : 'Kept, but no quote is checked against it until it is active again.'}
            </Form.Text>
          </Form.Group>
        </Form>
        <RulePreview
          tree={check.ok ? check.tree : null}
          groups={groups.filter((g) => groupIds.includes(g.id))}
          isActive={isActive}
        />
        <div className="border-top pt-3 mt-3">
          {isStale(save.error ?? remove.error) ? (
            <Alert variant="warning" role="alert">
              {(save.error ?? remove.error)?.message}
            </Alert>
          ) : otherError ? (
            <Alert variant="danger" role="alert">
              {otherError.message}
            </Alert>
          ) : isSubmitted && (local.name || local.group_ids || !check.ok) ? (
            <p className="small text-danger">Fix what is marked above, then save again.</p>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" form={`${ids}-form`} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
          </Button>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          {rule ? (
            <div className="ms-auto">
              <ConfirmButton
                label={`Delete rule ${rule.name}`}
                question="Delete this rule? Quotes already submitted keep their approvals."
                confirmText="Delete rule"
                isPending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(
                    { id: rule.id, version: rule.version },
                    { onSuccess: () => onSaved(rule, 'Deleted') },
                  )
                }
              />
            </div>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}
