// CRM offers the button that syncs opportunities from the CRM.
export { CrmSyncButton } from './components/crm-sync-button.tsx';
