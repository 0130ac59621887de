// Impersonation offers the hook that starts impersonating a user.
export { useImpersonate } from './api/impersonate.ts';
