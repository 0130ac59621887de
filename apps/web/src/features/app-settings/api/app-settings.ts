import { useQueryClient } from '@tanstack/react-query';
import type {
  AppSetting,
  AppSettingList,
  UpdateAppSettingInput,
} from '@bastion/domain/app-settings/schemas';
import { usePostMutation, usePostQuery } from '@/lib/api-query.ts';
import { maintenanceQueryKey, sessionQueryKey } from '../../auth/index.ts';

export type { AppSetting, AppSettingList };

export const appSettingKeys = { all: ['app-settings'] as const };

/** POST /api/admin/app-settings: the six settings of spec §3 (root and IT admins). */
export const useAppSettings = () =>
  usePostQuery<AppSettingList>(appSettingKeys.all, '/api/admin/app-settings', {});

/**
 * POST /api/admin/update-app-setting. The saved setting replaces its row on the page, and the
 * administrator's own session (menus, switches) is read again at once; everybody else's follows
 * at their next poll.
 */
export function useUpdateAppSetting() {
  const queryClient = useQueryClient();
  return usePostMutation<UpdateAppSettingInput, AppSetting>(
    '/api/admin/update-app-setting',
    (saved) => {
      queryClient.setQueryData<AppSettingList>(appSettingKeys.all, (list) =>
        list
          ? {
              ...list,
              settings: list.settings.map((s) => (s.name === saved.name ? saved : s)),
            }
          : list,
      );
      // The maintenance banner follows at once, as after the user menu's switch.
      if (saved.name === 'maintenance') {
        queryClient.setQueryData(maintenanceQueryKey, { value: saved.value });
      }
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
    },
  );
}
