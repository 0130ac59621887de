import {
  LAST_SIGN_IN_FILTERS,
  type ZUserListFilters,
} from '@bastion/domain/accounts/user-admin-schemas';
import { CRM_REGIONS } from '@bastion/domain/crm/schemas';
import { ROLE_VALUES } from '@bastion/domain/permissions/roles';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { z } from 'zod';

export type UserFilterValues = Omit<z.output<typeof ZUserListFilters>, 'sort' | 'direction'>;

export const NO_USER_FILTERS: UserFilterValues = {
  search: '',
  role: '',
  region: '',
  status: '',
  mfa: '',
  provider: '',
  last_sign_in: '',
};

const LAST_SIGN_IN_LABELS: Readonly<Record<(typeof LAST_SIGN_IN_FILTERS)[number], string>> = {
  never: 'Never signed in',
  '7d': 'In the last 7 days',
  '30d': 'In the last 30 days',
  older: 'More than 30 days ago',
};

type SelectKey = Exclude<keyof UserFilterValues, 'search'>;

interface SelectSpec {
  key: SelectKey;
  label: string;
  any: string;
  options: readonly { value: string; label: string }[];
}

const SELECTS: readonly SelectSpec[] = [
  {
    key: 'role',
    label: 'Role',
    any: 'Any',
    options: ROLE_VALUES.map((role) => ({ value: role, label: role })),
  },
  {
    key: 'region',
    label: 'Region',
    any: 'Any',
    options: CRM_REGIONS.map((region) => ({ value: region, label: region })),
  },
  {
    key: 'status',
    label: 'Status',
    any: 'Any',
    options: [
      { value: 'active', label: 'Active' },
      { value: 'disabled', label: 'Disabled' },
    ],
  },
  {
    key: 'mfa',
    label: 'Two-step sign-in',
    any: 'Any',
    options: [
      { value: 'on', label: 'On' },
      { value: 'off', label: 'Off' },
    ],
  },
  {
    key: 'provider',
    label: 'Signs in with',
    any: 'Any',
    options: [
      { value: 'Local', label: 'Password' },
      { value: 'Google', label: 'Google' },
    ],
  },
  {
    key: 'last_sign_in',
    label: 'Last sign-in',
    any: 'Any',
    options: LAST_SIGN_IN_FILTERS.map((value) => ({ value, label: LAST_SIGN_IN_LABELS[value] })),
  },
];

/** The users grid's filters: the search as typed (the page debounces it) and six selects. */
export function UsersFilterBar(props: {
  value: UserFilterValues;
  onChange: (next: UserFilterValues) => void;
}) {
  const { value, onChange } = props;
  const isFiltered = Object.entries(value).some(([, v]) => v !== '');
  return (
    <Form
      className="row g-2 mb-3 align-items-end"
      role="search"
      aria-label="Filter users"
      onSubmit={(event) => event.preventDefault()}
    >
      <Form.Group className="col-12 col-xl-3" controlId="users-search">
        <Form.Label className="small mb-1">Search</Form.Label>
        <Form.Control
          type="search"
          placeholder="Name or e-mail"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </Form.Group>
      {SELECTS.map((select) => (
        <Form.Group
          key={select.key}
          className="col-6 col-md-4 col-xl"
          controlId={`users-filter-${select.key}`}
        >
          <Form.Label className="small mb-1">{select.label}</Form.Label>
          <Form.Select
            value={value[select.key]}
            onChange={(event) => onChange({ ...value, [select.key]: event.target.value })}
          >
            <option value="">{select.any}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ))}
      {isFiltered ? (
        <div className="col-auto">
          <Button variant="link" onClick={() => onChange(NO_USER_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
