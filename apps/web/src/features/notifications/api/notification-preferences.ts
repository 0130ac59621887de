import type {
  NotificationPreferences,
  SaveNotificationPreferencesBody,
} from '@bastion/domain/notifications/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';
import { notificationKeys } from './notifications.ts';

/* The profile's choice of which notifications also go by e-mail (decision 042). */

export function useNotificationPreferences() {
  return usePostQuery<NotificationPreferences>(
    notificationKeys.preferences,
    '/api/dx/notification-preferences',
    {},
  );
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveNotificationPreferencesBody) =>
      apiPost<NotificationPreferences>('/api/dx/save-notification-preferences', body),
    // The switch moves at once; a refusal puts it back.
    onMutate: (body) => {
      const before = queryClient.getQueryData<NotificationPreferences>(
        notificationKeys.preferences,
      );
      if (before) {
        const chosen = new Map(body.preferences.map((p) => [p.kind, p.by_email]));
        queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences, {
          preferences: before.preferences.map((p) => ({
            ...p,
            by_email: chosen.get(p.kind) ?? p.by_email,
          })),
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.preferences, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
