import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZSettingValueResponse } from '@bastion/domain/auth/session-flags-api';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { useSession } from '../components/session-context.tsx';
import type { Session } from './session.ts';

type SettingValue = AnswerData<typeof ZSettingValueResponse>;

/**
 * Spec §4: the server can switch these at any time, so signed-in clients poll them, as often as
 * the server says (a minute unless configured).
 */
export function usePollInterval(): number {
  return useSession().poll_interval_ms;
}

/**
 * The session was read a moment ago, so each flag starts from what it implies and is first
 * polled one interval later. A failed poll waits for the next interval rather than retrying.
 */
function pollingOptions<T>(initialValue: T, intervalMs: number) {
  return {
    initialData: initialValue,
    initialDataUpdatedAt: () => Date.now(),
    refetchInterval: intervalMs,
    staleTime: intervalMs,
    retry: false,
  } as const;
}

/** The setting reads 'enabled' when on; the spec spells it 'enable', so accept both. */
function isMaintenanceValueOn(value: string | undefined): boolean {
  return value === 'enabled' || value === 'enable';
}

/** The polled maintenance switch: set at once when a call meets the maintenance answer (503). */
export const maintenanceQueryKey = ['session-flags', 'maintenance'] as const;
/** The administrator's message shown while maintenance mode is on. */
export const maintenanceMessageQueryKey = ['session-flags', 'maintenance-message'] as const;

/** Whether the application is in maintenance mode (for everyone but root and IT admins). */
export function useMaintenanceMode(session: Session): boolean {
  const { data } = useQuery({
    queryKey: maintenanceQueryKey,
    queryFn: ({ signal }) =>
      apiPost<SettingValue>('/api/dx/get-setting-value', { name: 'maintenance' }, { signal }),
    select: (answer) => isMaintenanceValueOn(answer.value),
    ...pollingOptions(
      { name: 'maintenance', value: session.app_settings.maintenance ?? 'disabled' },
      session.poll_interval_ms,
    ),
  });
  return data;
}

/** What the administrator said about the maintenance; read while it is on, '' until known. */
export function useMaintenanceMessage(isMaintenanceOn: boolean): string {
  const pollIntervalMs = usePollInterval();
  const { data } = useQuery({
    queryKey: maintenanceMessageQueryKey,
    queryFn: ({ signal }) =>
      apiPost<SettingValue>(
        '/api/dx/get-setting-value',
        { name: 'maintenance_message' },
        { signal },
      ),
    select: (answer) => answer.value,
    enabled: isMaintenanceOn,
    refetchInterval: pollIntervalMs,
    retry: false,
  });
  return data ?? '';
}

/** A yes or no the server answers at `path` as `{ [field]: boolean }`: no until it says yes. */
function useServerYesNo(key: string, path: string, field: string): boolean {
  const pollIntervalMs = usePollInterval();
  const { data } = useQuery({
    queryKey: ['session-flags', key],
    queryFn: ({ signal }) => apiPost<Record<string, boolean>>(path, {}, { signal }),
    select: (answer) => answer[field] ?? false,
    ...pollingOptions<Record<string, boolean>>({ [field]: false }, pollIntervalMs),
  });
  return data;
}

/** True when the user's access changed and the session must be read again. */
export const useReloadRequiredFlag = () =>
  useServerYesNo('reload-required', '/api/dx/get-is-reload-required', 'reload_required');

/** True once an administrator has disabled the signed-in account. */
export const useAccountDisabledFlag = () =>
  useServerYesNo('disabled', '/api/dx/get-is-disabled', 'is_disabled');
