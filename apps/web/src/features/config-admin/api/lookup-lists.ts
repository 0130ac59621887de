import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  LookupList,
  LookupValue,
  ZLookupListsResponse,
  ZMoveLookupValueBody,
  ZSavedLookupValueResponse,
  ZSaveLookupValueBody,
} from '@bastion/domain/forms/api';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/* The lookup lists forms offer (POST /api/admin/lookups/*), for configuration admins. */

export type { LookupList, LookupValue };
/** A new value, or a change to one: left out, its family and order stay as they are. */
export type SaveLookupValueInput = z.input<typeof ZSaveLookupValueBody>;
export type SavedLookupValue = AnswerData<typeof ZSavedLookupValueResponse>;

const lookupListsKey = ['admin', 'lookup-lists'] as const;

export function useLookupLists() {
  return useQuery({
    queryKey: lookupListsKey,
    queryFn: ({ signal }) =>
      apiPost<AnswerData<typeof ZLookupListsResponse>>('/api/admin/lookups/list', {}, { signal }),
  });
}

function useListChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lookupListsKey });
    // Forms drawn from now on (the previews too) offer the lists as they are now.
    void queryClient.invalidateQueries({ queryKey: ['form-definition'] });
  };
}

/** Adds a value to a list, or changes one: its label, family, order or whether it is offered. */
export function useSaveLookupValue() {
  const queryClient = useQueryClient();
  const listChanged = useListChanged();
  return useMutation({
    mutationFn: (input: SaveLookupValueInput) =>
      apiPost<SavedLookupValue>('/api/admin/lookups/save', input),
    onSuccess: (saved) => {
      queryClient.setQueryData<LookupList[]>(lookupListsKey, (lists) =>
        lists?.map((list) => {
          if (list.lookup !== saved.lookup) return list;
          const value: LookupValue = {
            value: saved.value,
            label: saved.label,
            family: saved.family,
            sort_order: saved.sort_order,
            is_active: saved.is_active,
          };
          const values = saved.is_created
            ? [...list.values, value]
            : list.values.map((v) => (v.value === saved.value ? value : v));
          return { ...list, values };
        }),
      );
      listChanged();
    },
  });
}

/** Swaps a value with its neighbour; answers the list in its new order. */
export function useMoveLookupValue() {
  const queryClient = useQueryClient();
  const listChanged = useListChanged();
  return useMutation({
    mutationFn: (input: z.input<typeof ZMoveLookupValueBody>) =>
      apiPost<LookupList>('/api/admin/lookups/move', input),
    onSuccess: (moved) => {
      queryClient.setQueryData<LookupList[]>(lookupListsKey, (lists) =>
        lists?.map((list) => (list.lookup === moved.lookup ? moved : list)),
      );
      listChanged();
    },
  });
}
