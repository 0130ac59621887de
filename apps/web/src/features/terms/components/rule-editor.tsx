import { checkClauseCondition, type ClauseRuleEffect } from '@bastion/domain/terms/clause-rules';
import { QUOTE_FACTS } from '@bastion/domain/terms/quote-facts';
import { CONDITION_OPERATORS } from '@bastion/domain/forms/recipe';
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { Clause } from '../api/clauses.ts';
import { useSaveClauseRule, type ClauseRule } from '../api/rules.ts';
import { fieldErrorsOf, isStale } from './field-errors.ts';

const EFFECTS: { value: ClauseRuleEffect; label: string; help: string }[] = [
  {
    value: 'ATTACH',
    label: 'Attach',
    help: 'Added to the quote automatically; the seller may remove it.',
  },
  { value: 'REQUIRE', label: 'Require', help: 'Added to the quote and cannot be removed.' },
];

/** The facts a condition may ask about, with an example of each. */
export function FactsReference() {
  return (
    <details className="small">
      <summary>Quote facts and operators</summary>
      <p className="mt-2 mb-1">
        Operators:{' '}
        {CONDITION_OPERATORS.map((op) => (
          <code key={op}>{op} </code>
        ))}
        , combined with <code>and</code>, <code>or</code>, <code>not</code> and parentheses. Leave
        the condition empty for a rule that always applies.
      </p>
      <Table size="sm" className="mb-0" aria-label="Quote facts">
        <thead>
          <tr>
            <th scope="col">Fact</th>
            <th scope="col">Meaning</th>
            <th scope="col">Example</th>
          </tr>
        </thead>
        <tbody>
          {QUOTE_FACTS.map((fact) => (
            <tr key={fact.name}>
              <td>
                <code>{fact.name}</code>
              </td>
              <td>{fact.description}</td>
              <td>
                <code>{fact.example}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}

/** Creates or changes a clause rule; the condition is checked as it is typed. */
export function RuleEditor({
  rule,
  clauses,
  onSaved,
  onCancel,
}: {
  rule: ClauseRule | null;
  clauses: readonly Clause[];
  onSaved: (rule: ClauseRule) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [name, setName] = useState(rule?.name ?? '');
  const [clauseId, setClauseId] = useState(rule?.clause_id ?? '');
  const [effect, setEffect] = useState<ClauseRuleEffect>(rule?.effect ?? 'ATTACH');
  const [condition, setCondition] = useState(rule?.condition ?? '');
  const [isActive, setIsActive] = useState(rule?.is_active ?? true);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const save = useSaveClauseRule();

  const check = checkClauseCondition(condition);
  const serverProblems = fieldErrorsOf(save.error);
  const local: Record<string, string | undefined> = {
    name: name.trim() ? undefined : 'Give the rule a name.',
    clause_id: clauseId ? undefined : 'Choose the clause the rule puts on quotes.',
  };
  const errorOf = (path: string) => (isSubmitted ? local[path] : undefined) ?? serverProblems[path];
  // Active clauses, and the rule's own clause even if it was withdrawn since.
  const choices = clauses.filter((c) => c.is_active || c.id === rule?.clause_id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (local.name || local.clause_id || !check.ok) return;
    save.mutate(
      {
        ...(rule ? { id: rule.id, version: rule.version } : {}),
        name,
        condition,
        effect,
        clause_id: clauseId,
        is_active: isActive,
      },
      { onSuccess: onSaved },
    );
  };

  const conditionError = check.ok ? serverProblems.condition : check.message;
  return (
    <Form noValidate onSubmit={submit}>
      {isStale(save.error) ? (
        <Alert variant="warning" role="alert">
          {save.error?.message}
        </Alert>
      ) : save.isError && Object.keys(serverProblems).length === 0 ? (
        <Alert variant="danger" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      <Form.Group className="mb-3" controlId={`${ids}-name`}>
        <Form.Label>Name</Form.Label>
        <Form.Control
          value={name}
          onChange={(e) => setName(e.target.value)}
          isInvalid={Boolean(errorOf('name'))}
          maxLength={200}
          placeholder="e.g. Public-sector customers"
        />
        <Form.Control.Feedback type="invalid">{errorOf('name')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${ids}-clause`}>
        <Form.Label>Clause</Form.Label>
        <Form.Select
          value={clauseId}
          onChange={(e) => setClauseId(e.target.value)}
          isInvalid={Boolean(errorOf('clause_id'))}
        >
          <option value="">Choose…</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title} ({c.category}){c.is_active ? '' : ' (withdrawn)'}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errorOf('clause_id')}</Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Effect</legend>
        {EFFECTS.map((option) => (
          <Form.Check
            key={option.value}
            type="radio"
            id={`${ids}-effect-${option.value}`}
            name={`${ids}-effect`}
            checked={effect === option.value}
            onChange={() => setEffect(option.value)}
            label={
              <>
                <span className="fw-semibold">{option.label}</span>
                <span className="text-body-secondary"> — {option.help}</span>
              </>
            }
          />
        ))}
      </fieldset>
      <Form.Group className="mb-2" controlId={`${ids}-condition`}>
        <Form.Label>Condition</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          className="font-monospace"
          value={condition}
          onChange={(e) => setCondition(e.target.value)}
          isInvalid={Boolean(conditionError)}
          isValid={!conditionError && condition.trim() !== ''}
          placeholder="e.g. quote_type string-equals ELA and contract_length int-gt-than 24"
          spellCheck={false}
        />
        <Form.Control.Feedback type="invalid">{conditionError}</Form.Control.Feedback>
        <Form.Text>
          {condition.trim() === ''
            ? 'Empty: the rule applies to every quote.'
            : check.ok
              ? 'The condition reads well.'
              : null}
        </Form.Text>
      </Form.Group>
      <div className="mb-3">
        <FactsReference />
      </div>
      <Form.Check
        type="switch"
        id={`${ids}-active`}
        className="mb-3"
        label="Active"
        checked={isActive}
        onChange={(e) => setIsActive(e.target.checked)}
      />
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
        </Button>
      </div>
    </Form>
  );
}
