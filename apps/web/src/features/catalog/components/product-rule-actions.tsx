import { PRODUCT_KINDS, type ProductKind } from '@bastion/domain/pricing/product-kinds';
import type { RuleKind } from '@bastion/domain/product-rules/model';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AddRowButton } from '@/components/add-row-button.tsx';

/*
 * A product rule's actions as the editor holds them (issue 34): one row each, its fields as
 * typed. `actionsJson` gives what the server's checkRule reads; it says what is wrong and where.
 */

type ActionOp = 'add' | 'remove' | 'replace' | 'hide';

export interface ActionDraft {
  key: string;
  op: ActionOp;
  sku: string;
  by: string;
  quantity: string;
  label: string;
  /** A filter's selector: lists as typed, comma-separated. */
  skus: string;
  families: string;
  kinds: ProductKind[];
  isEndOfSale: boolean;
}

const OPS_BY_KIND: Readonly<Record<RuleKind, readonly ActionOp[]>> = {
  validation: ['add', 'remove', 'replace'],
  selection: ['add', 'remove', 'replace'],
  recommendation: ['add'],
  filter: ['hide'],
};

const OP_LABELS: Readonly<Record<ActionOp, string>> = {
  add: 'Add a line',
  remove: 'Remove lines',
  replace: 'Replace lines',
  hide: 'Hide from the product finder',
};

/** The rows fitted to a kind: an operation it does not allow becomes its first. */
export const fitActionsToKind = (actions: readonly ActionDraft[], kind: RuleKind): ActionDraft[] =>
  actions.map((action) =>
    OPS_BY_KIND[kind].includes(action.op)
      ? action
      : { ...action, op: OPS_BY_KIND[kind][0] ?? 'add' },
  );

let lastKey = 0;
const nextKey = () => `a${(lastKey += 1)}`;

export const newAction = (kind: RuleKind): ActionDraft => ({
  key: nextKey(),
  op: OPS_BY_KIND[kind][0] ?? 'add',
  sku: '',
  by: '',
  quantity: '1',
  label: '',
  skus: '',
  families: '',
  kinds: [],
  isEndOfSale: false,
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(', ') : '';
const items = (typed: string) =>
  typed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Stored actions as rows. */
export function actionDrafts(actions: readonly unknown[]): ActionDraft[] {
  return actions.map((action) => {
    const stored = (typeof action === 'object' && action !== null ? action : {}) as Record<
      string,
      unknown
    >;
    const select = (
      typeof stored.select === 'object' && stored.select !== null ? stored.select : {}
    ) as Record<string, unknown>;
    const op = (['add', 'remove', 'replace', 'hide'] as const).find((o) => o === stored.op);
    return {
      key: nextKey(),
      op: op ?? 'add',
      sku: text(stored.sku),
      by: text(stored.by),
      quantity: text(stored.quantity),
      label: text(stored.label),
      skus: list(select.skus),
      families: list(select.families),
      kinds: Array.isArray(select.kinds)
        ? PRODUCT_KINDS.filter((kind) => (select.kinds as unknown[]).includes(kind))
        : [],
      isEndOfSale: select.is_end_of_sale === true,
    };
  });
}

/** The rows as the server reads them. */
export function actionsJson(drafts: readonly ActionDraft[]): unknown[] {
  return drafts.map((draft) => {
    const label = draft.label.trim() ? { label: draft.label.trim() } : {};
    switch (draft.op) {
      case 'add':
        return { op: 'add', sku: draft.sku.trim(), quantity: draft.quantity.trim(), ...label };
      case 'remove':
        return { op: 'remove', sku: draft.sku.trim(), ...label };
      case 'replace':
        return {
          op: 'replace',
          sku: draft.sku.trim(),
          by: draft.by.trim(),
          ...(draft.quantity.trim() ? { quantity: draft.quantity.trim() } : {}),
          ...label,
        };
      case 'hide':
        return {
          op: 'hide',
          select: {
            ...(items(draft.skus).length > 0 ? { skus: items(draft.skus) } : {}),
            ...(items(draft.families).length > 0 ? { families: items(draft.families) } : {}),
            ...(draft.kinds.length > 0 ? { kinds: draft.kinds } : {}),
            ...(draft.isEndOfSale ? { is_end_of_sale: true } : {}),
          },
        };
    }
  });
}

/** The rule's actions, one row each, with the operations its kind allows. */
export function ActionsEditor(props: {
  kind: RuleKind;
  actions: readonly ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
}) {
  const ops = OPS_BY_KIND[props.kind];
  const change = (key: string, patch: Partial<ActionDraft>) =>
    props.onChange(props.actions.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  return (
    <div>
      {props.actions.length === 0 ? (
        <p className="small text-body-secondary mb-2">
          {props.kind === 'validation'
            ? 'No fix offered: the message alone.'
            : 'No action yet: add one.'}
        </p>
      ) : null}
      <ol className="list-unstyled mb-2">
        {props.actions.map((action, index) => {
          const name = `action ${index + 1}`;
          const fieldProps = {
            action,
            onChange: (patch: Partial<ActionDraft>) => change(action.key, patch),
          };
          return (
            <li key={action.key} className="border rounded p-2 mb-2">
              <div role="group" aria-label={`Action ${index + 1}`}>
                <div className="d-flex gap-2 align-items-center mb-2">
                  <Form.Select
                    size="sm"
                    aria-label={`What ${name} does`}
                    value={ops.includes(action.op) ? action.op : (ops[0] ?? 'add')}
                    onChange={(e) => change(action.key, { op: e.target.value as ActionOp })}
                  >
                    {ops.map((op) => (
                      <option key={op} value={op}>
                        {OP_LABELS[op]}
                      </option>
                    ))}
                  </Form.Select>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${name}`}
                    onClick={() =>
                      props.onChange(props.actions.filter((a) => a.key !== action.key))
                    }
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </Button>
                </div>
                {action.op === 'hide' ? (
                  <HideFields {...fieldProps} name={name} />
                ) : (
                  <div className="row g-2">
                    <ActionText
                      {...fieldProps}
                      field="sku"
                      label={`SKU of ${name}`}
                      placeholder="SKU, e.g. {model}-SUP-PRM"
                    />
                    {action.op === 'replace' ? (
                      <ActionText
                        {...fieldProps}
                        field="by"
                        label={`Replacement SKU of ${name}`}
                        placeholder="Replaced by SKU"
                      />
                    ) : null}
                    {action.op === 'remove' ? null : (
                      <ActionText
                        {...fieldProps}
                        field="quantity"
                        label={`Quantity of ${name}`}
                        placeholder="Quantity, e.g. {missing}"
                      />
                    )}
                    <ActionText
                      {...fieldProps}
                      field="label"
                      label={`Button label of ${name}`}
                      placeholder="Button label (optional), e.g. Add {model}-SUP-PRM for {missing|unit}"
                      isWhole
                    />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <AddRowButton onClick={() => props.onChange([...props.actions, newAction(props.kind)])}>
        Action
      </AddRowButton>
    </div>
  );
}

/** A typed field of an action, half a row wide: codes in monospace; the button label a whole row. */
function ActionText(props: {
  action: ActionDraft;
  field: 'sku' | 'by' | 'quantity' | 'label' | 'skus' | 'families';
  label: string;
  placeholder: string;
  isWhole?: boolean;
  onChange: (patch: Partial<ActionDraft>) => void;
}) {
  const { field } = props;
  return (
    <div className={props.isWhole ? 'col-12' : 'col-sm-6'}>
      <Form.Control
        size="sm"
        className={props.isWhole ? undefined : 'font-monospace'}
        aria-label={props.label}
        placeholder={props.placeholder}
        value={props.action[field]}
        onChange={(e) => props.onChange({ [field]: e.target.value })}
      />
    </div>
  );
}

function HideFields(props: {
  action: ActionDraft;
  name: string;
  onChange: (patch: Partial<ActionDraft>) => void;
}) {
  const { action, name } = props;
  return (
    <div className="row g-2">
      <ActionText
        action={action}
        onChange={props.onChange}
        field="skus"
        label={`SKUs ${name} hides`}
        placeholder="SKUs, comma-separated"
      />
      <ActionText
        action={action}
        onChange={props.onChange}
        field="families"
        label={`Families ${name} hides`}
        placeholder="Families, comma-separated"
      />
      <div className="col-12" role="group" aria-label={`Kinds ${name} hides`}>
        {PRODUCT_KINDS.map((kind) => (
          <Form.Check
            key={kind}
            inline
            type="checkbox"
            id={`${action.key}-${kind}`}
            label={kind}
            checked={action.kinds.includes(kind)}
            onChange={(e) =>
              props.onChange({
                kinds: PRODUCT_KINDS.filter((k) =>
                  k === kind ? e.target.checked : action.kinds.includes(k),
                ),
              })
            }
          />
        ))}
        <Form.Check
          type="checkbox"
          id={`${action.key}-eos`}
          label="Only those at end of sale"
          checked={action.isEndOfSale}
          onChange={(e) => props.onChange({ isEndOfSale: e.target.checked })}
        />
      </div>
    </div>
  );
}
