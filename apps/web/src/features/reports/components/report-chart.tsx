import { formatCurrency } from '@bastion/domain/format/currency';
import { DISCOUNT_NAMES } from '@bastion/domain/pricing/discount-names';
import { QUOTE_STATUSES } from '@bastion/domain/quotes/quote-types';
import { quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import { useId } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportResult } from '../api/reports.ts';
import { patternDefs, seriesColor, seriesFill } from './chart-palette.tsx';

/** How a chart's values read: money in the report currency, a percent, hours, a count. */
type ValueKind = 'money' | 'percent' | 'hours' | 'count';

interface Series {
  key: string;
  name: string;
  kind: 'bar' | 'line';
  /** Bars of one stack. */
  stackId?: string;
  /** The right-hand axis (a rate beside counts). */
  isRight?: boolean;
}

interface ChartSpec {
  data: Record<string, string | number>[];
  categoryKey: string;
  series: Series[];
  valueKind: ValueKind;
  rightKind?: ValueKind;
  /** Categories down the side (long names, such as accounts). */
  isHorizontal?: boolean;
  /** Print each bar's value on it (charts with one or two series). */
  hasLabels?: boolean;
}

/** Money for a chart, in major units: only the chart rounds; the table keeps every cent. */
const major = (minor: number) => minor / 100;

function chartOf(result: ReportResult): ChartSpec {
  switch (result.report) {
    case 'pipeline': {
      // In screen-flow order (the server sorts each month so), whatever month shows them first.
      const flow = (status: string) => {
        const index = (QUOTE_STATUSES as readonly string[]).indexOf(status);
        return index === -1 ? QUOTE_STATUSES.length : index;
      };
      const statuses = [...new Set(result.rows.map((r) => r.status_id))].sort(
        (a, b) => flow(a) - flow(b) || a.localeCompare(b),
      );
      const byMonth = new Map<string, Record<string, string | number>>();
      for (const row of result.rows) {
        const entry = byMonth.get(row.month) ?? { month: row.month };
        entry[row.status_id] = major(row.value_minor);
        byMonth.set(row.month, entry);
      }
      return {
        data: [...byMonth.values()],
        categoryKey: 'month',
        series: statuses.map((status) => ({
          key: status,
          name: quoteStatusLabel(status),
          kind: 'bar',
          stackId: 'status',
        })),
        valueKind: 'money',
      };
    }
    case 'regions':
      return {
        data: result.rows.map((r) => ({
          region: r.region || 'No region',
          value: major(r.value_minor),
          quotes: r.quote_count,
        })),
        categoryKey: 'region',
        series: [
          { key: 'value', name: 'Value', kind: 'bar' },
          { key: 'quotes', name: 'Quotes', kind: 'bar', isRight: true },
        ],
        valueKind: 'money',
        rightKind: 'count',
        hasLabels: true,
      };
    case 'discounts':
      return {
        data: result.rows.map((r) => ({
          family: r.family_name,
          seller: Number(r.average_discount_percent),
          effective: Number(r.average_effective_discount_percent),
        })),
        categoryKey: 'family',
        // The averages of the two discounts, by the names every screen uses (issue 33).
        series: [
          { key: 'seller', name: `Average ${DISCOUNT_NAMES.seller.toLowerCase()} %`, kind: 'bar' },
          {
            key: 'effective',
            name: `Average ${DISCOUNT_NAMES.effective.toLowerCase()} %`,
            kind: 'bar',
          },
        ],
        valueKind: 'percent',
        hasLabels: true,
      };
    case 'approval-cycle':
      return {
        data: result.rows.map((r) => ({
          group: r.group_name,
          median: Number(r.median_hours),
          p90: Number(r.p90_hours),
        })),
        categoryKey: 'group',
        series: [
          { key: 'median', name: 'Median hours', kind: 'bar' },
          { key: 'p90', name: '90th percentile hours', kind: 'bar' },
        ],
        valueKind: 'hours',
        hasLabels: true,
      };
    case 'win-rate':
      return {
        data: result.rows.map((r) => ({
          month: r.month,
          won: r.won_count,
          rejected: r.rejected_count,
          expired: r.expired_count,
          ...(r.win_rate_percent === null ? {} : { rate: Number(r.win_rate_percent) }),
        })),
        categoryKey: 'month',
        series: [
          { key: 'won', name: 'Won', kind: 'bar', stackId: 'outcome' },
          { key: 'rejected', name: 'Rejected', kind: 'bar', stackId: 'outcome' },
          { key: 'expired', name: 'Expired', kind: 'bar', stackId: 'outcome' },
          { key: 'rate', name: 'Win rate %', kind: 'line', isRight: true },
        ],
        valueKind: 'count',
        rightKind: 'percent',
      };
    case 'top-accounts':
      return {
        data: result.rows.map((r) => ({
          account: r.account_name || r.account_id,
          value: major(r.value_minor),
        })),
        categoryKey: 'account',
        series: [{ key: 'value', name: 'Value', kind: 'bar' }],
        valueKind: 'money',
        isHorizontal: true,
        hasLabels: true,
      };
  }
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function formatterOf(kind: ValueKind, currency: string, isShort: boolean) {
  return (value: unknown) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return '';
    switch (kind) {
      case 'money':
        return isShort ? `${compact.format(n)}` : formatCurrency(Math.round(n * 100), currency);
      case 'percent':
        return `${n} %`;
      case 'hours':
        return `${n} h`;
      case 'count':
        return n.toLocaleString('en-US');
    }
  };
}

/** The chart of a report: bars (and a line for rates), patterned and labelled. */
export function ReportChart({ result, title }: { result: ReportResult; title: string }) {
  const prefix = useId().replaceAll(':', '');
  const spec = chartOf(result);
  const currency = result.currency_code;
  const short = formatterOf(spec.valueKind, currency, true);
  const long = formatterOf(spec.valueKind, currency, false);
  const rightShort = formatterOf(spec.rightKind ?? spec.valueKind, currency, true);
  const rightLong = formatterOf(spec.rightKind ?? spec.valueKind, currency, false);
  const seriesByKey = new Map(spec.series.map((s) => [s.key, s]));
  const seriesIndex = new Map(spec.series.map((s, index) => [s.key, index]));
  const height = spec.isHorizontal ? Math.max(280, spec.data.length * 32 + 60) : 340;
  const hasRight = spec.series.some((s) => s.isRight);
  const valueAxisLabel =
    spec.valueKind === 'money' ? `${currency}` : spec.valueKind === 'hours' ? 'hours' : undefined;

  return (
    <figure className="report-chart mb-3" aria-label={`${title} chart`}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart
          data={spec.data}
          layout={spec.isHorizontal ? 'vertical' : 'horizontal'}
          // Room on the right for the value labels of the longest bars.
          margin={{ top: 16, right: spec.isHorizontal ? 64 : 24, bottom: 8, left: 8 }}
        >
          {patternDefs(prefix, spec.series.length)}
          <CartesianGrid strokeDasharray="3 3" />
          {spec.isHorizontal ? (
            <>
              <XAxis type="number" tickFormatter={short} />
              <YAxis type="category" dataKey={spec.categoryKey} width={180} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey={spec.categoryKey} />
              <YAxis
                yAxisId="left"
                tickFormatter={short}
                label={
                  valueAxisLabel
                    ? { value: valueAxisLabel, angle: -90, position: 'insideLeft' }
                    : undefined
                }
              />
              {hasRight ? (
                <YAxis yAxisId="right" orientation="right" tickFormatter={rightShort} />
              ) : null}
            </>
          )}
          <Tooltip
            formatter={(value, name, item) => {
              const series = seriesByKey.get(String(item.dataKey));
              return [series?.isRight ? rightLong(value) : long(value), name];
            }}
          />
          {/* The series' own order, not alphabetical (the default). */}
          <Legend itemSorter={(item) => seriesIndex.get(String(item.dataKey)) ?? 0} />
          {spec.series.map((series, index) =>
            series.kind === 'line' ? (
              <Line
                key={series.key}
                yAxisId={series.isRight ? 'right' : 'left'}
                dataKey={series.key}
                name={series.name}
                stroke={seriesColor(index)}
                strokeWidth={2}
                strokeDasharray="6 3"
                dot={{ r: 4, fill: '#fff', stroke: seriesColor(index), strokeWidth: 2 }}
                connectNulls
                isAnimationActive={false}
              >
                <LabelList dataKey={series.key} position="top" formatter={rightShort} />
              </Line>
            ) : (
              <Bar
                key={series.key}
                {...(spec.isHorizontal ? {} : { yAxisId: series.isRight ? 'right' : 'left' })}
                dataKey={series.key}
                name={series.name}
                stackId={series.stackId}
                fill={seriesFill(prefix, index)}
                stroke={seriesColor(index)}
                isAnimationActive={false}
              >
                {spec.hasLabels ? (
                  <LabelList
                    dataKey={series.key}
                    position={spec.isHorizontal ? 'right' : 'top'}
                    formatter={series.isRight ? rightShort : short}
                  />
                ) : null}
              </Bar>
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
