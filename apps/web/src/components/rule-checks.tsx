import type {
  RuleActionView,
  RuleMessageView,
  RuleOutcome,
} from '@bastion/domain/product-rules/schemas';
import Button from 'react-bootstrap/Button';
import { SEVERITY_LOOK } from './rule-severity.ts';

const ACTION_ICON = {
  add: 'bi-plus-circle',
  remove: 'bi-dash-circle',
  set_quantity: 'bi-pencil',
} as const satisfies Record<RuleActionView['changes'][number]['op'], string>;

interface RuleGroup {
  ruleId: string;
  messages: RuleMessageView[];
  actions: RuleActionView[];
}

/** Messages by rule, in the order the rules spoke; each rule's offers after its messages. */
function groupsOf(outcome: RuleOutcome): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const message of outcome.rule_messages) {
    const group = groups.get(message.rule_id) ?? {
      ruleId: message.rule_id,
      messages: [],
      actions: [],
    };
    group.messages.push(message);
    groups.set(message.rule_id, group);
  }
  for (const action of outcome.rule_actions) groups.get(action.rule_id)?.actions.push(action);
  return [...groups.values()];
}

/**
 * What the product rules say of the lines (issue 34), on the configure page and the renewal
 * configurators: each message with the lines it concerns,
 * and its fixes and suggestions as buttons that change the lines in one click (saved with the
 * rest). Errors keep the quote from moving on; the server says so too.
 */
export function RuleChecks(props: {
  outcome: RuleOutcome;
  /** The SKU of each line key the messages name. */
  skuOf: ReadonlyMap<string, string>;
  /** No fixes offered (a read-only quote, or lines that follow a contract). */
  isReadOnly: boolean;
  /** The lines changed since the rules read them: the offers wait for the next reading. */
  isStale: boolean;
  onApply?: (action: RuleActionView) => void;
  /** Opens the options of the bundle line a bundle's message is about. */
  onChooseOptions?: (key: string, sku: string) => void;
}) {
  const groups = groupsOf(props.outcome);
  if (groups.length === 0) return null;
  const { skuOf, onApply, onChooseOptions } = props;
  const errors = props.outcome.rule_messages.filter((m) => m.severity === 'error').length;
  return (
    <section className="card mb-3" aria-labelledby="rule-checks-title" data-testid="rule-checks">
      <div className="card-header d-flex align-items-center gap-2 flex-wrap">
        <h2 className="h6 mb-0" id="rule-checks-title">
          Configuration checks
        </h2>
        {errors > 0 ? (
          <span className="small text-danger">
            {errors === 1 ? '1 error' : `${errors} errors`} to fix before moving on
          </span>
        ) : null}
      </div>
      <ul className="list-group list-group-flush">
        {groups.map((group) => (
          <li key={group.ruleId} className="list-group-item">
            {group.messages.map((message, index) => {
              const look = SEVERITY_LOOK[message.severity];
              const skus = [...new Set(message.line_keys.flatMap((key) => skuOf.get(key) ?? []))];
              return (
                <div key={index} className="d-flex gap-2 align-items-start mb-1">
                  <i className={`bi ${look.icon} ${look.tone} mt-1`} aria-hidden="true" />
                  <div className="text-break">
                    <span className="visually-hidden">{look.word}: </span>
                    {message.message}
                    {skus.length > 0 ? (
                      <div className="small text-body-secondary">Lines: {skus.join(', ')}</div>
                    ) : null}
                  </div>
                </div>
              );
            })}
            {props.isReadOnly ||
            !onChooseOptions ||
            !group.ruleId.startsWith(BUNDLE_RULE) ? null : (
              <BundleFix group={group} skuOf={skuOf} onChooseOptions={onChooseOptions} />
            )}
            {props.isReadOnly || !onApply || group.actions.length === 0 ? null : (
              <div className="d-flex gap-2 flex-wrap ms-4 mt-1">
                {group.actions.map((action, index) => (
                  <Button
                    key={index}
                    size="sm"
                    variant="outline-primary"
                    disabled={props.isStale}
                    onClick={() => onApply(action)}
                  >
                    <i
                      className={`bi ${ACTION_ICON[action.changes[0]?.op ?? 'add']} me-1`}
                      aria-hidden="true"
                    />
                    {action.label}
                  </Button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The rule id of a bundle's option check (`bundle:<SKU>`). */
const BUNDLE_RULE = 'bundle:';

/** A bundle whose options break a group is fixed in its options panel. */
function BundleFix(props: {
  group: RuleGroup;
  skuOf: ReadonlyMap<string, string>;
  onChooseOptions: (key: string, sku: string) => void;
}) {
  // Each message names the bundle line first.
  const bundleKeys = [...new Set(props.group.messages.flatMap((m) => m.line_keys.slice(0, 1)))];
  return (
    <div className="d-flex gap-2 flex-wrap ms-4 mt-1">
      {bundleKeys.flatMap((key) => {
        const sku = props.skuOf.get(key);
        return sku === undefined
          ? []
          : [
              <Button
                key={key}
                size="sm"
                variant="outline-primary"
                onClick={() => props.onChooseOptions(key, sku)}
              >
                <i className="bi bi-sliders me-1" aria-hidden="true" />
                Choose the options of {sku}
              </Button>,
            ];
      })}
    </div>
  );
}

/** The most severe message on each line, for its row. */
export function lineNotesOf(outcome: RuleOutcome): Map<string, RuleMessageView> {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  const notes = new Map<string, RuleMessageView>();
  for (const message of outcome.rule_messages) {
    for (const key of message.line_keys) {
      const before = notes.get(key);
      if (!before || rank[message.severity] < rank[before.severity]) notes.set(key, message);
    }
  }
  return notes;
}
