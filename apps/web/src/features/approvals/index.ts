// Approvals offers a quote's approval panel, lifecycle actions and markers, and the delegations editor.
export { ApprovalOnlySummary } from './components/approval-only-summary.tsx';
export { ApprovalsPanel } from './components/approvals-panel.tsx';
export { BudgetaryMarker } from './components/budgetary-marker.tsx';
export { QuoteLifecycleActions } from './components/quote-lifecycle-actions.tsx';
export { DelegationsSection } from './pages/delegations-page.tsx';
