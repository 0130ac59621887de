import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES } from '@bastion/domain/renewals/model';
import type { ContractStatus } from '@bastion/domain/renewals/model';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FilterBar, FilterField, SearchBox } from '@/components/data-grid/filter-controls.tsx';

/** The desk's filters as the bar holds them; the page sends them (text debounced). */
export interface RenewalsFilterValues {
  search: string;
  /** Days ahead, or null for any end date. */
  endsWithinDays: number | null;
  includeOverdue: boolean;
  region: string;
  account: string;
  csm: string;
  cam: string;
  status: ContractStatus | null;
}

export const DEFAULT_RENEWALS_FILTERS: RenewalsFilterValues = {
  search: '',
  endsWithinDays: 180,
  includeOverdue: true,
  region: '',
  account: '',
  csm: '',
  cam: '',
  status: null,
};

const ENDS_WITHIN_CHOICES = [30, 60, 90, 180] as const;

const isDefault = (value: RenewalsFilterValues) =>
  (Object.keys(DEFAULT_RENEWALS_FILTERS) as (keyof RenewalsFilterValues)[]).every(
    (key) => value[key] === DEFAULT_RENEWALS_FILTERS[key],
  );

function ChoiceSelect({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: readonly string[];
  onChange: (value: string) => void;
}) {
  // A value typed elsewhere (or no longer among the choices) stays selectable.
  const options = value && !choices.includes(value) ? [value, ...choices] : choices;
  return (
    <FilterField id={id} label={label} className="col-6 col-md-3 col-xl-2">
      <Form.Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </Form.Select>
    </FilterField>
  );
}

/** Search, the end-date window, overdue contracts, region, account, CSM, CAM and status. */
export function RenewalsFilterBar({
  value,
  regions,
  csms,
  cams,
  onChange,
}: {
  value: RenewalsFilterValues;
  regions: readonly string[];
  csms: readonly string[];
  cams: readonly string[];
  onChange: (value: RenewalsFilterValues) => void;
}) {
  const set = <K extends keyof RenewalsFilterValues>(key: K, next: RenewalsFilterValues[K]) =>
    onChange({ ...value, [key]: next });

  return (
    <FilterBar>
      <SearchBox
        id="renewals-search"
        className="col-12 col-md-6 col-xl-4"
        placeholder="Contract number or account"
        value={value.search}
        onSearch={(search) => set('search', search)}
      />
      <FilterField
        id="renewals-ends-within"
        label="Ends within"
        className="col-6 col-md-3 col-xl-2"
      >
        <Form.Select
          id="renewals-ends-within"
          value={value.endsWithinDays === null ? '' : String(value.endsWithinDays)}
          onChange={(event) =>
            set('endsWithinDays', event.target.value === '' ? null : Number(event.target.value))
          }
        >
          {ENDS_WITHIN_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
          <option value="">Any time</option>
        </Form.Select>
      </FilterField>
      <div className="col-6 col-md-3 col-xl-2 pb-2">
        <Form.Check
          id="renewals-include-overdue"
          label="Include overdue"
          checked={value.includeOverdue}
          onChange={(event) => set('includeOverdue', event.target.checked)}
        />
      </div>
      <ChoiceSelect
        id="renewals-region"
        label="Region"
        value={value.region}
        choices={regions}
        onChange={(region) => set('region', region)}
      />
      <FilterField id="renewals-account" label="Account" className="col-6 col-md-3 col-xl-2">
        <Form.Control
          id="renewals-account"
          type="search"
          placeholder="Name or id"
          value={value.account}
          onChange={(event) => set('account', event.target.value)}
        />
      </FilterField>
      <ChoiceSelect
        id="renewals-csm"
        label="CSM"
        value={value.csm}
        choices={csms}
        onChange={(csm) => set('csm', csm)}
      />
      <ChoiceSelect
        id="renewals-cam"
        label="CAM"
        value={value.cam}
        choices={cams}
        onChange={(cam) => set('cam', cam)}
      />
      <FilterField id="renewals-status" label="Status" className="col-6 col-md-3 col-xl-2">
        <Form.Select
          id="renewals-status"
          value={value.status ?? ''}
          onChange={(event) =>
            set('status', event.target.value === '' ? null : (event.target.value as ContractStatus))
          }
        >
          <option value="">Any</option>
          {CONTRACT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {CONTRACT_STATUS_LABELS[status]}
            </option>
          ))}
        </Form.Select>
      </FilterField>
      {isDefault(value) ? null : (
        <div className="col-auto">
          <Button variant="outline-secondary" onClick={() => onChange(DEFAULT_RENEWALS_FILTERS)}>
            Clear filters
          </Button>
        </div>
      )}
    </FilterBar>
  );
}
