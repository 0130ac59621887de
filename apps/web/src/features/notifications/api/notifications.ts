import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  MyNotifications,
  ZMarkNotificationsReadResponse,
  ZNotificationCountResponse,
} from '@bastion/domain/notifications/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePollInterval } from '../../auth/index.ts';

/*
 * The bell's notifications (issue 37, decision 042): the unread count, polled like the broadcast
 * count; the latest ones; marking them read; and the choice of which also go by e-mail.
 */

export type { MyNotifications, NotificationView } from '@bastion/domain/notifications/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

type Count = AnswerData<typeof ZNotificationCountResponse>;
type Marked = AnswerData<typeof ZMarkNotificationsReadResponse>;

function usePolled<T>(key: readonly string[], path: string) {
  const pollIntervalMs = usePollInterval();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiPost<T>(path, {}, { signal }),
    refetchInterval: pollIntervalMs,
    refetchOnWindowFocus: 'always',
    staleTime: pollIntervalMs,
    retry: false,
  });
}

/** The unread count the bell shows, polled. */
export function useMyNotificationCount() {
  return usePolled<Count>(notificationKeys.count, '/api/dx/my-notification-count');
}

/** The latest notifications, read when the bell's panel opens and while it stays open. */
export function useMyNotifications() {
  return usePolled<MyNotifications>(notificationKeys.list, '/api/dx/my-notifications');
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) =>
      apiPost<Marked>('/api/dx/mark-notifications-read', which),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
