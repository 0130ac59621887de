import {
  MAX_PREDICATE_DEPTH,
  OPERATOR_LABELS,
  type PredicateOperator,
} from '@bastion/domain/approvals/predicates';
import { useId, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import {
  APPROVAL_VOCABULARY,
  newGroup,
  newPredicate,
  operatorsFor,
  removeNode,
  replaceNode,
  withFact,
  type DraftGroup,
  type DraftNode,
  type DraftPredicate,
  type FactVocabulary,
} from './condition-draft.ts';
import './condition-builder.css';

const COMBINATOR_LABELS = {
  AND: 'All of these hold (and)',
  OR: 'Any of these holds (or)',
} as const;

/**
 * Builds a rule's condition: groups of conditions combined with AND or OR, nested up to the
 * domain's depth. Each condition compares one quote fact; the operators and the value input
 * follow the fact's type. Paths ("2.1") name every control for screen readers and tests.
 */
export function ConditionBuilder({
  root,
  onChange,
  vocabulary = APPROVAL_VOCABULARY,
}: {
  root: DraftGroup;
  onChange: (root: DraftGroup) => void;
  /** The facts conditions compare: approval rules' unless told. */
  vocabulary?: FactVocabulary;
}) {
  const replace = (key: string, next: DraftNode) => onChange(replaceNode(root, key, next));
  const remove = (key: string) => onChange(removeNode(root, key));
  const suggestions = useId();
  return (
    <>
      <GroupEditor
        group={root}
        path=""
        depth={1}
        vocabulary={vocabulary}
        suggestions={suggestions}
        onReplace={replace}
        onRemove={remove}
      />
      {vocabulary.isOpen ? (
        <datalist id={suggestions}>
          {vocabulary.facts.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label}
            </option>
          ))}
        </datalist>
      ) : null}
    </>
  );
}

interface NodeProps {
  path: string;
  depth: number;
  vocabulary: FactVocabulary;
  /** The id of the fact suggestions of an open vocabulary. */
  suggestions: string;
  onReplace: (key: string, next: DraftNode) => void;
  onRemove: (key: string) => void;
}

function GroupEditor({
  group,
  path,
  depth,
  vocabulary,
  suggestions,
  onReplace,
  onRemove,
}: NodeProps & { group: DraftGroup }) {
  const isRoot = path === '';
  const name = isRoot ? 'the rule' : `group ${path}`;
  const childPath = (index: number) => (isRoot ? `${index + 1}` : `${path}.${index + 1}`);
  const canNest = depth < MAX_PREDICATE_DEPTH;
  return (
    <div
      role="group"
      aria-label={isRoot ? 'Conditions of the rule' : `Group ${path}`}
      className={`condition-group ${group.combinator === 'OR' ? 'is-or' : 'is-and'} ${isRoot ? 'is-root' : ''}`}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        {isRoot ? null : <span className="condition-path">{path}</span>}
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={`How the conditions of ${name} combine`}
          value={group.combinator}
          onChange={(e) =>
            onReplace(group.key, { ...group, combinator: e.target.value as 'AND' | 'OR' })
          }
        >
          <option value="AND">{COMBINATOR_LABELS.AND}</option>
          <option value="OR">{COMBINATOR_LABELS.OR}</option>
        </Form.Select>
        {isRoot ? null : (
          <Button
            size="sm"
            variant="outline-danger"
            className="ms-auto"
            aria-label={`Remove group ${path}`}
            title="Remove this group and its conditions"
            onClick={() => onRemove(group.key)}
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </Button>
        )}
      </div>
      {group.children.length === 0 ? (
        <p className="small text-danger mb-2">This group is empty: add a condition or remove it.</p>
      ) : null}
      <ol className="condition-children list-unstyled mb-2">
        {group.children.map((child, index) => {
          // Where the child sits in the tree, and how it changes it.
          const place = {
            path: childPath(index),
            depth: depth + 1,
            vocabulary,
            suggestions,
            onReplace,
            onRemove,
          };
          return (
            <li key={child.key}>
              {index > 0 ? (
                <span className="condition-joiner" aria-hidden="true">
                  {group.combinator === 'AND' ? 'and' : 'or'}
                </span>
              ) : null}
              {child.kind === 'group' ? (
                <GroupEditor group={child} {...place} />
              ) : (
                <PredicateEditor predicate={child} {...place} />
              )}
            </li>
          );
        })}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline-primary"
          aria-label={`Add a condition to ${name}`}
          onClick={() =>
            onReplace(group.key, {
              ...group,
              children: [...group.children, newPredicate(vocabulary)],
            })
          }
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          Condition
        </Button>
        {canNest ? (
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={`Add a group of conditions to ${name}`}
            title="A group combines its own conditions with and / or"
            onClick={() =>
              onReplace(group.key, {
                ...group,
                children: [
                  ...group.children,
                  newGroup(group.combinator === 'AND' ? 'OR' : 'AND', vocabulary),
                ],
              })
            }
          >
            <i className="bi bi-diagram-2 me-1" aria-hidden="true" />
            Group
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function PredicateEditor({
  predicate,
  path,
  vocabulary,
  suggestions,
  onReplace,
  onRemove,
}: NodeProps & { predicate: DraftPredicate }) {
  const fact = vocabulary.find(predicate.fact);
  const operators = operatorsFor(fact);
  const update = (change: Partial<DraftPredicate>) =>
    onReplace(predicate.key, { ...predicate, ...change });
  const factLabel = `Fact of condition ${path}`;
  return (
    <div className="condition-predicate" role="group" aria-label={`Condition ${path}`}>
      <span className="condition-path">{path}</span>
      {vocabulary.isOpen ? (
        <Form.Control
          size="sm"
          className="condition-fact font-monospace"
          aria-label={factLabel}
          list={suggestions}
          spellCheck={false}
          value={predicate.fact}
          isInvalid={fact === undefined}
          onChange={(e) =>
            onReplace(predicate.key, withFact(predicate, e.target.value.trim(), vocabulary))
          }
        />
      ) : (
        <Form.Select
          size="sm"
          className="condition-fact"
          aria-label={factLabel}
          value={predicate.fact}
          onChange={(e) =>
            onReplace(predicate.key, withFact(predicate, e.target.value, vocabulary))
          }
        >
          {fact ? null : <option value={predicate.fact}>{predicate.fact} (unknown)</option>}
          {vocabulary.facts.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label}
            </option>
          ))}
        </Form.Select>
      )}
      <Form.Select
        size="sm"
        className="condition-op"
        aria-label={`Comparison of condition ${path}`}
        value={predicate.op}
        onChange={(e) => update({ op: e.target.value as PredicateOperator })}
      >
        {operators.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </option>
        ))}
      </Form.Select>
      <div className="condition-value">
        <ValueInput predicate={predicate} path={path} vocabulary={vocabulary} onChange={update} />
      </div>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Remove condition ${path}`}
        onClick={() => onRemove(predicate.key)}
      >
        <i className="bi bi-trash" aria-hidden="true" />
      </Button>
      {fact ? (
        <div className="condition-help small text-body-secondary">{fact.description}</div>
      ) : null}
    </div>
  );
}

function ValueInput({
  predicate,
  path,
  vocabulary,
  onChange,
}: {
  predicate: DraftPredicate;
  path: string;
  vocabulary: FactVocabulary;
  onChange: (change: Partial<DraftPredicate>) => void;
}) {
  const fact = vocabulary.find(predicate.fact);
  const label = `Value of condition ${path}`;
  if (!fact || fact.type === 'boolean') return null;
  if (fact.type === 'number') {
    return (
      <InputGroup size="sm">
        <Form.Control
          aria-label={label}
          inputMode="decimal"
          placeholder="Number"
          value={predicate.text}
          onChange={(e) => onChange({ text: e.target.value })}
        />
        {fact.unit ? <InputGroup.Text>{fact.unit}</InputGroup.Text> : null}
      </InputGroup>
    );
  }
  if (predicate.op === 'in' || predicate.op === 'not_in') {
    if (fact.values.length === 0) {
      return (
        <Form.Control
          size="sm"
          aria-label={label}
          placeholder="Values, separated by commas"
          value={predicate.values.join(', ')}
          onChange={(e) =>
            onChange({
              values: e.target.value
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean),
            })
          }
        />
      );
    }
    return (
      <div role="group" aria-label={label} className="d-flex flex-wrap column-gap-3">
        {fact.values.map((value) => (
          <Form.Check
            key={value}
            inline
            className="me-0"
            id={`${predicate.key}-${value}`}
            label={value}
            checked={predicate.values.includes(value)}
            onChange={(e) =>
              onChange({
                values: e.target.checked
                  ? [...predicate.values, value]
                  : predicate.values.filter((v) => v !== value),
              })
            }
          />
        ))}
      </div>
    );
  }
  // A single value: picked from the fact's values, or typed.
  const single = {
    size: 'sm',
    'aria-label': label,
    value: predicate.text,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange({ text: e.target.value }),
  } as const;
  if (fact.values.length > 0) {
    return (
      <Form.Select {...single}>
        <option value="">Choose…</option>
        {fact.values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </Form.Select>
    );
  }
  return <Form.Control {...single} />;
}
