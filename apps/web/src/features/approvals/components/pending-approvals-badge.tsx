import Badge from 'react-bootstrap/Badge';
import { usePendingApprovalCount } from '../api/pending-count.ts';
import './approvals.css';

/**
 * The number of approval steps waiting for the signed-in user, on the Approvals menu entry
 * (spec §7). Polled every minute and whenever the window regains focus; nothing at 0.
 */
export function PendingApprovalsBadge({ isCollapsed = false }: { isCollapsed?: boolean }) {
  // Rendered only on the Approvals entry, which the server shows to those who may approve.
  const count = usePendingApprovalCount();
  const value = count.data ?? 0;
  if (value <= 0) return null;
  const shown = value > 99 ? '99+' : String(value);
  return (
    <Badge
      bg="warning"
      text="dark"
      pill
      className={`pending-approvals-badge${isCollapsed ? ' is-collapsed' : ''}`}
      data-testid="pending-approvals-badge"
    >
      {shown}
      <span className="visually-hidden">
        {value === 1 ? ' approval waiting for you' : ' approvals waiting for you'}
      </span>
    </Badge>
  );
}
