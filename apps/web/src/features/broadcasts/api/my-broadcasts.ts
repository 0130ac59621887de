import type {
  MyBroadcast,
  MyBroadcasts,
  ZBroadcastCount,
} from '@bastion/domain/broadcasts/schemas';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPost } from '@/lib/api-client.ts';
import { usePollInterval } from '../../auth/index.ts';

/*
 * Every signed-in user's broadcasts (issue 19, spec §7): the unread count the bell shows
 * (POST /api/dx/get-my-broadcast-count), the active ones (/api/dx/my-broadcasts), and marking
 * one read or closing a critical one's banner (/api/dx/mark-broadcast-read, dismiss-broadcast).
 * Both reads are polled as often as the server says (CLIENT_POLL_SECONDS) and when the window
 * regains focus; a failed poll waits for the next one.
 */

export type { MyBroadcast } from '@bastion/domain/broadcasts/schemas';

export const myBroadcastKeys = {
  all: ['broadcasts', 'mine'] as const,
  count: ['broadcasts', 'mine', 'count'] as const,
  list: ['broadcasts', 'mine', 'list'] as const,
};

export function useMyBroadcastCount() {
  const pollIntervalMs = usePollInterval();
  return useQuery({
    queryKey: myBroadcastKeys.count,
    queryFn: ({ signal }) =>
      apiPost<z.infer<typeof ZBroadcastCount>>('/api/dx/get-my-broadcast-count', {}, { signal }),
    select: (answer) => answer.unread_count,
    refetchInterval: pollIntervalMs,
    refetchOnWindowFocus: 'always',
    staleTime: pollIntervalMs,
    retry: false,
  });
}

export function useMyBroadcasts() {
  const pollIntervalMs = usePollInterval();
  return useQuery({
    queryKey: myBroadcastKeys.list,
    queryFn: ({ signal }) => apiPost<MyBroadcasts>('/api/dx/my-broadcasts', {}, { signal }),
    refetchInterval: pollIntervalMs,
    refetchOnWindowFocus: 'always',
    staleTime: pollIntervalMs,
    retry: false,
  });
}

/**
 * Marks a broadcast read, or closes its banner (which reads it too). The list shows the change
 * at once; the count follows from it, and both are asked again after.
 */
function useReceipt(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (broadcast: Pick<MyBroadcast, 'id'>) =>
      apiPost<MyBroadcast>(path, { id: broadcast.id }),
    onSuccess: (received) => {
      queryClient.setQueryData<MyBroadcasts>(myBroadcastKeys.list, (list) => {
        if (!list) return list;
        const broadcasts = list.broadcasts.map((b) => (b.id === received.id ? received : b));
        return { broadcasts, unread_count: broadcasts.filter((b) => !b.is_read).length };
      });
      const list = queryClient.getQueryData<MyBroadcasts>(myBroadcastKeys.list);
      if (list)
        queryClient.setQueryData(myBroadcastKeys.count, { unread_count: list.unread_count });
      void queryClient.invalidateQueries({ queryKey: myBroadcastKeys.all });
    },
  });
}

export const useMarkBroadcastRead = () => useReceipt('/api/dx/mark-broadcast-read');
export const useDismissBroadcast = () => useReceipt('/api/dx/dismiss-broadcast');

/**
 * The bell's count and list, kept in step: when the polled count differs from what the list
 * says (a new broadcast went out, or one was read in another tab), the list is asked again at
 * once rather than at its own next poll.
 */
export function useMyBroadcastsInStep() {
  const queryClient = useQueryClient();
  const count = useMyBroadcastCount();
  const list = useMyBroadcasts();
  const counted = count.data;
  const listed = list.data?.unread_count;
  useEffect(() => {
    if (counted === undefined || listed === undefined || counted === listed) return;
    void queryClient.invalidateQueries({ queryKey: myBroadcastKeys.list });
  }, [counted, listed, queryClient]);
  return { unreadCount: counted ?? listed ?? 0, list };
}
