import { createColumnHelper } from '@tanstack/react-table';
import Button from 'react-bootstrap/Button';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { CurrencyRates } from '../api/exchange-rates.ts';
import { formatDay, formatRate, rateChange } from './rate-labels.ts';

const column = createColumnHelper<CurrencyRates>();

/** The rows keep the server's order (USD, then by code). */
const IN_ORDER = { enableSorting: false } as const;

function currentRatesColumns(onSelect: (code: string) => void) {
  return [
    column.accessor('currency_code', {
      ...IN_ORDER,
      header: 'Currency',
      meta: { isRowHeader: true },
      cell: ({ row: { original: currency } }) =>
        currency.is_base ? (
          <span className="fw-semibold">USD</span>
        ) : (
          <Button
            variant="link"
            className="p-0 fw-semibold"
            aria-label={`Show the history of ${currency.currency_code}`}
            onClick={(event) => {
              // The row opens it too: one selection per click.
              event.stopPropagation();
              onSelect(currency.currency_code);
            }}
          >
            {currency.currency_code}
          </Button>
        ),
    }),
    column.accessor('units_per_usd', {
      ...IN_ORDER,
      header: 'Per USD',
      meta: { align: 'end', className: 'font-monospace fw-semibold' },
      cell: ({ getValue }) => formatRate(getValue()),
    }),
    column.accessor('effective_from', {
      ...IN_ORDER,
      header: 'Since',
      cell: ({ row: { original: currency } }) =>
        currency.is_base ? (
          <span className="text-body-secondary">Base currency</span>
        ) : currency.effective_from ? (
          formatDay(currency.effective_from)
        ) : (
          <span className="text-body-secondary">Not recorded</span>
        ),
    }),
    column.display({
      id: 'change',
      header: 'Last change',
      // Gives way on a phone (exchange-rates.css): the history shows each change.
      meta: { align: 'end', className: 'rate-col-optional' },
      cell: ({ row: { original: currency } }) => {
        const [latest, previous] = currency.history;
        const change =
          latest?.is_in_effect && previous
            ? rateChange(latest.units_per_usd, previous.units_per_usd)
            : null;
        return change ?? <span className="text-body-secondary">—</span>;
      },
    }),
  ];
}

/**
 * Every currency with the rate in effect today: the rate new quotes are priced at and costs are
 * converted with. A row shows its currency's history.
 */
export function CurrentRatesTable(props: {
  currencies: readonly CurrencyRates[];
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  return (
    <DataTable
      caption="Rates in effect today"
      data={props.currencies}
      columns={currentRatesColumns(props.onSelect)}
      getRowId={(currency) => currency.currency_code}
      activeRowId={props.selected}
      onRowOpen={(currency) => {
        if (!currency.is_base) props.onSelect(currency.currency_code);
      }}
      className="exchange-rates-table"
    />
  );
}
