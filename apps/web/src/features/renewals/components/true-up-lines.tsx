import type { Entitlement } from '../api/renewal-configuration.ts';
import { overageOf } from './renewal-draft.ts';
import { FieldMessage, moneyOrDash } from './renewal-page-parts.tsx';
import { ProrationExplanation } from './proration-explanation.tsx';
import {
  LineNumberInput,
  LinesTableFrame,
  type LinesColumn,
  type LinesTableProps,
} from './renewal-products.tsx';

const TRUE_UP_COLUMNS: readonly LinesColumn[] = [
  { label: 'Product' },
  { label: 'Entitled', isFigure: true },
  { label: 'Measured usage', isFigure: true },
  { label: 'Overage', isFigure: true },
  { label: 'Unit price a year', isFigure: true },
  { label: 'Prorated price' },
];

/**
 * The contract's annual lines with the usage measured: the overage (usage above the entitled
 * quantity, never below 0) shows as it is typed; its price, from the measurement date to the
 * contract's end, comes from the server with the explanation of the proration.
 */
export function TrueUpLines({
  lines,
  priced,
  entitlements,
  currency,
  isReadOnly,
  problemAt,
  dispatch,
}: LinesTableProps & { entitlements: ReadonlyMap<string, Entitlement> }) {
  const money = (minor: number | null | undefined) => moneyOrDash(minor, currency);
  return (
    <LinesTableFrame label="True-up lines" columns={TRUE_UP_COLUMNS}>
      {lines.map((line) => {
        const pricedLine = priced.get(line.key);
        const entitled = line.entitled_quantity ?? pricedLine?.entitled_quantity ?? null;
        const overage = overageOf({ ...line, entitled_quantity: entitled });
        const unitNet =
          pricedLine?.prior_unit_net_minor ??
          (line.entitlement_id ? entitlements.get(line.entitlement_id)?.unit_net_minor : undefined);
        const explanationId = `explanation-${line.key}`;
        return (
          <tr key={line.key} data-testid={`true-up-line-${line.sku}`}>
            <td>
              <div className="fw-semibold">{line.sku_name}</div>
              <div className="small text-body-secondary">{line.sku}</div>
              <FieldMessage
                id={`row-${line.key}-error`}
                message={problemAt(`${line.key}.entitlement_id`)}
              />
            </td>
            <td className="text-end" data-testid="entitled">
              {entitled ?? '—'}
            </td>
            <td className="renewal-measured">
              <LineNumberInput
                line={line}
                field="measured_quantity"
                id={`measured-${line.key}`}
                wholeNumber
                label={`Measured usage of ${line.sku}`}
                isReadOnly={isReadOnly}
                problemAt={problemAt}
                dispatch={dispatch}
              />
            </td>
            <td
              className={`text-end ${overage ? 'fw-semibold text-warning-emphasis' : ''}`}
              data-testid="overage"
            >
              {overage === null ? '—' : overage}
            </td>
            <td className="text-end">{money(unitNet)}</td>
            <td>
              <div className="fw-semibold" data-testid="line-net" aria-describedby={explanationId}>
                {overage === null ? '—' : overage === 0 ? money(0) : money(pricedLine?.net_minor)}
              </div>
              {!overage ? null : (
                <ProrationExplanation
                  id={explanationId}
                  explanation={pricedLine?.explanation ?? []}
                />
              )}
            </td>
          </tr>
        );
      })}
    </LinesTableFrame>
  );
}
