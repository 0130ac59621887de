import { useApprovalState } from '../api/quote-approval.ts';
import './approvals.css';

/**
 * A budgetary quote's price is indicative and was never approved: said plainly at the top of
 * the summary, and on paper (a banner and a watermark on every printed page). An archived
 * quote that was budgetary still says so.
 */
export function BudgetaryMarker({ quote }: { quote: { id: string; status_id: string } }) {
  const isArchived = quote.status_id === 'ARCHIVED';
  const state = useApprovalState(quote.id);
  const isBudgetary =
    quote.status_id === 'BUDGETARY' ||
    (isArchived && state.data?.quote.pre_archive_status_id === 'BUDGETARY');
  if (!isBudgetary) return null;
  return (
    <>
      <div className="budgetary-marker" role="note" data-testid="budgetary-marker">
        <i className="bi bi-exclamation-diamond fs-4" aria-hidden="true" />
        <div>
          <div className="budgetary-marker-title">Budgetary — indicative price, not approved</div>
          <div className="small">
            This quotation is for budgeting only. Its prices have not been through approval and it
            cannot be accepted as an order.
          </div>
        </div>
      </div>
      <div className="budgetary-watermark" aria-hidden="true">
        BUDGETARY
      </div>
    </>
  );
}
