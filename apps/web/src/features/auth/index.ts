// Auth offers the signed-in session (who, with which flags), its polled flags and the sign-in card.
export { displayNameOf, sessionQueryKey, type SessionUser } from './api/session.ts';
export {
  maintenanceMessageQueryKey,
  maintenanceQueryKey,
  useMaintenanceMessage,
  useMaintenanceMode,
  usePollInterval,
} from './api/session-flags.ts';
export { AuthCard } from './components/auth-card.tsx';
export { useSession } from './components/session-context.tsx';
export { SignOutButton } from './components/sign-out-button.tsx';
