import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceMode } from '@bastion/domain/accounts/maintenance';
import { apiPost } from '@/lib/api-client.ts';
import { maintenanceMessageQueryKey, maintenanceQueryKey } from '../../auth/index.ts';

export const setMaintenanceMode = (mode: MaintenanceMode) =>
  apiPost<MaintenanceMode>('/api/security/maintenance_mode', mode);

/**
 * Switches maintenance mode (root and IT admins). The polled flags take the answer at once, so
 * the administrator's own banner follows without waiting for the next poll.
 */
export function useSetMaintenanceMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenanceMode,
    onSuccess: (mode) => {
      queryClient.setQueryData(maintenanceQueryKey, {
        value: mode.enabled ? 'enable' : 'disabled',
      });
      queryClient.setQueryData(maintenanceMessageQueryKey, { value: mode.message });
    },
  });
}
