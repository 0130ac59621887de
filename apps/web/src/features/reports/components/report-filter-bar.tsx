import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FilterBar, FilterField } from '@/components/data-grid/filter-controls.tsx';
import type { ReportFilters, ReportOptions } from '../api/reports.ts';
import { defaultReportFilters } from './report-filters.ts';
import { DateInput } from '@/components/form/date-input.tsx';

function ChoiceSelect({
  id,
  label,
  value,
  anyLabel,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** The "every value" choice; none for a choice that must be made (the currency). */
  anyLabel?: string;
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FilterField id={id} label={label} className="col-6 col-md-4 col-xl-2">
      <Form.Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Form.Select>
    </FilterField>
  );
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Date range, region, quote type, deal type and the currency the amounts are shown in. */
export function ReportFilterBar({
  value,
  options,
  problem,
  onChange,
}: {
  value: ReportFilters;
  options: ReportOptions;
  /** Why the filters cannot be applied, shown under the dates. */
  problem: string | null;
  onChange: (value: ReportFilters) => void;
}) {
  const set = (change: Partial<ReportFilters>) => onChange({ ...value, ...change });
  return (
    <div className="report-filter-bar no-print">
      <FilterBar>
        <FilterField id="report-date-from" label="From" className="col-6 col-md-4 col-xl-3">
          <DateInput
            id="report-date-from"
            onlyDates
            value={value.date_from}
            max={value.date_to || undefined}
            isInvalid={problem !== null}
            onChange={(date_from) => set({ date_from })}
          />
        </FilterField>
        <FilterField id="report-date-to" label="To" className="col-6 col-md-4 col-xl-3">
          <DateInput
            id="report-date-to"
            onlyDates
            value={value.date_to}
            min={value.date_from || undefined}
            isInvalid={problem !== null}
            aria-describedby={problem ? 'report-filter-problem' : undefined}
            onChange={(date_to) => set({ date_to })}
          />
        </FilterField>
        <ChoiceSelect
          id="report-region"
          label="Region"
          value={value.region}
          anyLabel="All regions"
          choices={plain(options.regions)}
          onChange={(region) => set({ region })}
        />
        <ChoiceSelect
          id="report-quote-type"
          label="Quote type"
          value={value.quote_type}
          anyLabel="All quote types"
          choices={plain(options.quote_types)}
          onChange={(quote_type) => set({ quote_type })}
        />
        <ChoiceSelect
          id="report-deal-type"
          label="Deal type"
          value={value.deal_type}
          anyLabel="All deal types"
          choices={options.deal_types.map((d) => ({
            value: d.code,
            label: `${d.name} (${d.code})`,
          }))}
          onChange={(deal_type) => set({ deal_type })}
        />
        <ChoiceSelect
          id="report-currency"
          label="Currency"
          value={value.currency_code}
          choices={plain(options.currencies)}
          onChange={(currency_code) => set({ currency_code })}
        />
        <div className="col-auto">
          <Button variant="outline-secondary" onClick={() => onChange(defaultReportFilters())}>
            Reset filters
          </Button>
        </div>
      </FilterBar>
      {problem ? (
        <p id="report-filter-problem" className="text-danger small mt-n2 mb-3" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
