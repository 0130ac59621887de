import { formatCurrency } from '@bastion/domain/format/currency';
import type { CellValue, ColumnKind, ReportTable } from '@bastion/domain/reports/report-tables';

function display(kind: ColumnKind, value: CellValue, currency: string): string {
  if (value === null) return '–';
  switch (kind) {
    case 'text':
      return String(value);
    case 'count':
      return Number(value).toLocaleString('en-US');
    case 'money':
      return formatCurrency(Number(value), currency);
    case 'percent':
      return `${value} %`;
    case 'hours':
      return `${value}`;
  }
}

/** The report's table under its chart: what the chart shows, exactly, and what the CSV holds. */
export function ReportTableView({
  table,
  currency,
  caption,
}: {
  table: ReportTable;
  currency: string;
  caption: string;
}) {
  return (
    <div className="table-responsive report-table">
      <table className="table table-sm table-striped align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.kind === 'text' ? undefined : 'text-end'}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((value, i) => {
                const kind = table.columns[i]?.kind ?? 'text';
                const text = display(kind, value, currency);
                return i === 0 ? (
                  <th key={i} scope="row" className="fw-normal">
                    {text}
                  </th>
                ) : (
                  <td key={i} className={kind === 'text' ? undefined : 'text-end text-nowrap'}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
