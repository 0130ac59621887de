export { ApprovalQueuePage } from '../../features/approvals/pages/approval-queue-page.tsx';
export { OutboxPage } from '../../features/approvals/pages/outbox-page.tsx';
export { ApprovalLinkPage } from '../../features/approvals/pages/approval-link-page.tsx';
