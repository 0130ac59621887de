import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { Session } from './session.ts';

/** Spec §4: the server can switch these at any time, so signed-in clients poll them. */
const POLL_INTERVAL_MS = 60_000;

/**
 * The session was read a moment ago, so each flag starts from what it implies and is first
 * polled one interval later. A failed poll waits for the next interval rather than retrying.
 */
function pollingOptions<T>(initialValue: T) {
  return {
    initialData: initialValue,
    initialDataUpdatedAt: () => Date.now(),
    refetchInterval: POLL_INTERVAL_MS,
    staleTime: POLL_INTERVAL_MS,
    retry: false,
  } as const;
}

/** The setting reads 'enabled' when on; the spec spells it 'enable', so accept both. */
function isMaintenanceValueOn(value: string | undefined): boolean {
  return value === 'enabled' || value === 'enable';
}

/** Whether the application is in maintenance mode (for everyone but root admins). */
export function useMaintenanceMode(session: Session): boolean {
  const { data } = useQuery({
    queryKey: ['session-flags', 'maintenance'],
    queryFn: ({ signal }) =>
      apiPost<{ value: string }>('/api/dx/get-setting-value', { name: 'maintenance' }, { signal }),
    select: (answer) => isMaintenanceValueOn(answer.value),
    ...pollingOptions({ value: session.app_settings.maintenance ?? 'disabled' }),
  });
  return data;
}

/** True when the user's access changed and the session must be read again. */
export function useReloadRequiredFlag(): boolean {
  const { data } = useQuery({
    queryKey: ['session-flags', 'reload-required'],
    queryFn: ({ signal }) =>
      apiPost<{ reload_required: boolean }>('/api/dx/get-is-reload-required', {}, { signal }),
    select: (answer) => answer.reload_required,
    ...pollingOptions({ reload_required: false }),
  });
  return data;
}

/** True once an administrator has disabled the signed-in account. */
export function useAccountDisabledFlag(): boolean {
  const { data } = useQuery({
    queryKey: ['session-flags', 'disabled'],
    queryFn: ({ signal }) =>
      apiPost<{ is_disabled: boolean }>('/api/dx/get-is-disabled', {}, { signal }),
    select: (answer) => answer.is_disabled,
    ...pollingOptions({ is_disabled: false }),
  });
  return data;
}
