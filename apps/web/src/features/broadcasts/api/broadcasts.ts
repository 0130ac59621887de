import type { BroadcastState } from '@bastion/domain/broadcasts/model';
import type {
  Broadcast,
  BroadcastList,
  ZDeletedBroadcast,
  ZSaveBroadcastBody,
} from '@bastion/domain/broadcasts/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { myBroadcastKeys } from './my-broadcasts.ts';

/*
 * The administrators' calls (issue 19): the list (POST /api/admin/broadcasts), one broadcast
 * (/api/admin/broadcast), save, end now and delete (/api/admin/broadcast-save, -end, -delete).
 */

export type { Broadcast } from '@bastion/domain/broadcasts/schemas';

/** What the editor sends: no id creates; an edit names when it was last changed. */
export type BroadcastInput = z.input<typeof ZSaveBroadcastBody>;

export const broadcastKeys = {
  all: ['broadcasts', 'admin'] as const,
  list: (state: BroadcastState | '') => ['broadcasts', 'admin', 'list', state] as const,
  one: (id: string) => ['broadcasts', 'admin', 'one', id] as const,
};

export function useBroadcasts(state: BroadcastState | '') {
  return useQuery({
    queryKey: broadcastKeys.list(state),
    queryFn: ({ signal }) => apiPost<BroadcastList>('/api/admin/broadcasts', { state }, { signal }),
  });
}

/** One broadcast for its editor; nothing is fetched while id is null. */
export function useBroadcast(id: string | null) {
  return useQuery({
    queryKey: broadcastKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiPost<Broadcast>('/api/admin/broadcast', { id }, { signal }),
    enabled: id !== null,
    // Not behind an open editor's back: its save names the version it was filled from anyway.
    refetchOnWindowFocus: false,
  });
}

/**
 * After a change: the broadcast as saved goes into its cache, the lists reload, and so do the
 * signed-in administrator's own bell and banner (the broadcast may be for them too). A save
 * made in the editor drops the lists instead, so the list it returns to never shows them as
 * they were before it.
 */
function useRefreshAfterBroadcastChange(lists: 'reload' | 'drop') {
  const queryClient = useQueryClient();
  return (saved: Broadcast | null) => {
    if (saved) queryClient.setQueryData(broadcastKeys.one(saved.id), saved);
    const listKey = [...broadcastKeys.all, 'list'];
    if (lists === 'drop') queryClient.removeQueries({ queryKey: listKey });
    else void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: myBroadcastKeys.all });
  };
}

export function useSaveBroadcast() {
  const refresh = useRefreshAfterBroadcastChange('drop');
  return useMutation({
    mutationFn: (input: BroadcastInput) => apiPost<Broadcast>('/api/admin/broadcast-save', input),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useEndBroadcast() {
  const refresh = useRefreshAfterBroadcastChange('reload');
  return useMutation({
    mutationFn: (broadcast: Pick<Broadcast, 'id'>) =>
      apiPost<Broadcast>('/api/admin/broadcast-end', { id: broadcast.id }),
    onSuccess: (ended) => refresh(ended),
  });
}

export function useDeleteBroadcast() {
  const refresh = useRefreshAfterBroadcastChange('reload');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (broadcast: Pick<Broadcast, 'id'>) =>
      apiPost<z.infer<typeof ZDeletedBroadcast>>('/api/admin/broadcast-delete', {
        id: broadcast.id,
      }),
    onSuccess: (deleted) => {
      queryClient.removeQueries({ queryKey: broadcastKeys.one(deleted.id) });
      refresh(null);
    },
  });
}
