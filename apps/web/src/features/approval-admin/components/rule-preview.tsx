import {
  evaluatePredicateTree,
  type PredicateExplanation,
  type PredicateNode,
} from '@bastion/domain/approvals/predicates';
import { groupCoversRegion } from '@bastion/domain/approvals/rules';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { ApprovalGroup } from '../api/groups.ts';
import { usePreviewRule, type RulePreview as Preview } from '../api/rules.ts';
import { PendingIconButton } from '@/components/form/pending-button.tsx';
import { fieldErrorsOf } from '@/lib/api-problems.ts';

/**
 * "Test against quote": runs the condition as it stands in the editor (saved or not) on a
 * quote's facts and shows which conditions held, with the quote's value behind each.
 */
export function RulePreview({
  tree,
  groups,
  isActive,
}: {
  tree: PredicateNode | null;
  /** An inactive rule asks nobody, whatever the outcome. */
  isActive: boolean;
  /** The groups the rule requires, to say which of them this quote would ask. */
  groups: readonly ApprovalGroup[];
}) {
  const [quoteNumber, setQuoteNumber] = useState('');
  const [tested, setTested] = useState<{ tree: PredicateNode; json: string } | null>(null);
  const preview = usePreviewRule();
  const problems = fieldErrorsOf(preview.error);
  const isOutdated = tested !== null && tree !== null && JSON.stringify(tree) !== tested.json;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tree || quoteNumber.trim() === '') return;
    const json = JSON.stringify(tree);
    preview.mutate(
      { predicate: tree, quote_number: quoteNumber.trim() },
      { onSuccess: () => setTested({ tree, json }) },
    );
  };

  return (
    <section aria-label="Test against a quote" className="rule-preview">
      <h3 className="h6">Test against a quote</h3>
      <Form noValidate onSubmit={submit} className="mb-2">
        <InputGroup hasValidation>
          <Form.Control
            aria-label="Quote number to test against"
            placeholder="Quote number, e.g. Q-2026-000001"
            value={quoteNumber}
            isInvalid={Boolean(problems.quote_number)}
            onChange={(e) => {
              setQuoteNumber(e.target.value);
              preview.reset();
            }}
          />
          <PendingIconButton
            type="submit"
            variant="outline-primary"
            icon="bi-play-fill"
            isPending={preview.isPending}
            disabled={!tree || quoteNumber.trim() === ''}
          >
            Test
          </PendingIconButton>
          <Form.Control.Feedback type="invalid">{problems.quote_number}</Form.Control.Feedback>
        </InputGroup>
        <Form.Text>
          {tree
            ? 'Uses the condition as it is now, saved or not, on the quote’s current figures.'
            : 'Complete the condition to test it.'}
        </Form.Text>
      </Form>
      {preview.isError && !problems.quote_number ? (
        <Alert variant="danger" className="small py-2">
          {preview.error.message}
        </Alert>
      ) : null}
      {preview.data && tested ? (
        <PreviewResult
          result={preview.data}
          tree={tested.tree}
          groups={groups}
          isActive={isActive}
          isOutdated={isOutdated}
        />
      ) : null}
    </section>
  );
}

type ResultTree =
  | { kind: 'predicate'; explanation: PredicateExplanation | undefined }
  | { kind: 'group'; combinator: 'AND' | 'OR'; isMet: boolean; children: ResultTree[] };

/** The tested tree with each condition's outcome; explanations come in tree order. */
function resultTree(tree: PredicateNode, result: Preview): ResultTree {
  let next = 0;
  const visit = (node: PredicateNode): ResultTree =>
    node.kind === 'predicate'
      ? { kind: 'predicate', explanation: result.explanations[next++] }
      : {
          kind: 'group',
          combinator: node.combinator,
          // Each group's outcome, from the same facts with the domain's own evaluation.
          isMet: evaluatePredicateTree(node, result.facts).matched,
          children: node.children.map(visit),
        };
  return visit(tree);
}

function PreviewResult({
  result,
  tree,
  groups,
  isActive,
  isOutdated,
}: {
  result: Preview;
  tree: PredicateNode;
  groups: readonly ApprovalGroup[];
  isActive: boolean;
  isOutdated: boolean;
}) {
  const { quote } = result;
  // A regional or inactive group is not asked, even when the rule names it (decision 013).
  const isAsked = (g: ApprovalGroup) => g.is_active && groupCoversRegion(g, quote.region);
  const asked = groups.filter(isAsked);
  const notAsked = groups.filter((g) => !isAsked(g));
  return (
    <div role="status" aria-label="Test result">
      <Alert variant={result.matched ? 'warning' : 'success'} className="py-2 mb-2">
        <div className="fw-semibold">
          <i
            className={`bi ${result.matched ? 'bi-flag-fill' : 'bi-check-circle-fill'} me-2`}
            aria-hidden="true"
          />
          {result.matched
            ? `The condition holds for ${quote.quote_number}: ${isActive ? 'the rule would ask its groups to approve it.' : 'once the rule is active, it would ask its groups to approve it.'}`
            : `The condition does not hold for ${quote.quote_number}: the rule would not ask for approval.`}
        </div>
        <div className="small">
          {quote.quote_name} · {quote.account_name}
          {quote.region ? ` · ${quote.region}` : ''}
        </div>
        {result.matched && groups.length > 0 ? (
          <ul className="small mb-0 mt-1 ps-3">
            {asked.length > 0 ? <li>Would ask: {asked.map((g) => g.name).join(', ')}</li> : null}
            {notAsked.map((g) => (
              <li key={g.id}>
                Would not ask {g.name}:{' '}
                {g.is_active
                  ? `it covers only ${g.regions.join(', ')}, not ${quote.region || 'this quote’s region'}`
                  : 'the group is inactive'}
                .
              </li>
            ))}
          </ul>
        ) : null}
      </Alert>
      {result.pricing_problems.length > 0 ? (
        <Alert variant="secondary" className="small py-2 mb-2">
          The quote’s lines could not be priced, so its discounts, totals and margin are not known:{' '}
          {result.pricing_problems.join(' ')}
        </Alert>
      ) : null}
      {isOutdated ? (
        <p className="small text-warning-emphasis mb-2">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          The condition changed since this test: test again to see the new outcome.
        </p>
      ) : null}
      <ResultNode node={resultTree(tree, result)} isRoot />
    </div>
  );
}

function Outcome({ isMet }: { isMet: boolean }) {
  return isMet ? (
    <span className="text-success text-nowrap">
      <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
      holds
    </span>
  ) : (
    <span className="text-body-secondary text-nowrap">
      <i className="bi bi-x-circle me-1" aria-hidden="true" />
      does not hold
    </span>
  );
}

function ResultNode({ node, isRoot = false }: { node: ResultTree; isRoot?: boolean }) {
  if (node.kind === 'predicate') {
    const { explanation } = node;
    if (!explanation) return null;
    return (
      <li className="preview-predicate">
        <div className="d-flex flex-wrap gap-2 justify-content-between">
          <span>{explanation.condition}</span>
          <Outcome isMet={explanation.matched} />
        </div>
        <div className="small text-body-secondary">The quote’s value: {explanation.actual}</div>
      </li>
    );
  }
  const content = (
    <>
      <div className="d-flex flex-wrap gap-2 justify-content-between small fw-semibold">
        <span>
          {node.combinator === 'AND' ? 'All of these must hold' : 'Any one of these must hold'}
        </span>
        <Outcome isMet={node.isMet} />
      </div>
      <ul className="list-unstyled preview-children mb-0">
        {node.children.map((child, index) => (
          <ResultNode key={index} node={child} />
        ))}
      </ul>
    </>
  );
  const className = `preview-group ${node.isMet ? 'is-met' : ''}`;
  return isRoot ? (
    <div className={className}>{content}</div>
  ) : (
    <li className={className}>{content}</li>
  );
}
