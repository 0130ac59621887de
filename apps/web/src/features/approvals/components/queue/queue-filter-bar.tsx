import { useCallback } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { FilterBar, FilterField, SearchBox } from '@/components/data-grid/filter-controls.tsx';
import { useSession } from '../../../auth/index.ts';
import type { AssignedTo } from '../../api/approval-types.ts';

/**
 * What each view is called on screen. The API keeps the spec's values and labels ('ALL',
 * 'ME(DEAL_DESK)'); people read these (issue 33).
 */
export const QUEUE_VIEW_LABELS: Readonly<Record<AssignedTo, string>> = {
  ME: 'Waiting for me',
  DELEGATED: 'Delegated to me',
  ALL: 'Waiting for anyone',
  DECIDED: 'Decided by me',
  MINE: 'My quotes in approval',
};

/** Search (applied as the user pauses) and the choice of view when there is more than one. */
export function QueueFilterBar({
  search,
  assignedTo,
  options,
  onChange,
}: {
  search: string;
  assignedTo: AssignedTo;
  options: readonly { value: AssignedTo; label: string }[];
  onChange: (next: { search?: string; assignedTo?: AssignedTo }) => void;
}) {
  const { user } = useSession();
  const canDelegate = user.is_approver || user.has_delegation || user.is_delegated_to_me;
  const searchFor = useCallback((text: string) => onChange({ search: text }), [onChange]);

  return (
    <FilterBar>
      <SearchBox
        id="approval-search"
        className="col-12 col-md-6 col-lg-4"
        placeholder="Quote, account or owner"
        value={search}
        onSearch={searchFor}
      />
      {/* Spec §6: the filter is shown only when there is more than one choice. */}
      {options.length > 1 ? (
        <FilterField
          id="approval-assigned-to"
          label="Approvals to show"
          className="col-12 col-md-4 col-lg-3"
        >
          <Form.Select
            id="approval-assigned-to"
            value={assignedTo}
            onChange={(event) =>
              onChange({
                assignedTo:
                  options.find((o) => o.value === event.target.value)?.value ?? assignedTo,
              })
            }
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {QUEUE_VIEW_LABELS[option.value] ?? option.label}
              </option>
            ))}
          </Form.Select>
        </FilterField>
      ) : null}
      {canDelegate ? (
        <div className="col-auto ms-auto">
          <Link className="btn btn-link" to="/cpq/user-profile/ref/delegations">
            <i className="bi bi-person-up me-1" aria-hidden="true" />
            Delegate my approvals
          </Link>
        </div>
      ) : null}
    </FilterBar>
  );
}
