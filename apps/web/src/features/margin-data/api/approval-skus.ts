import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { marginDataKeys, type ProductKind } from './margin-data-keys.ts';

/* SKUs whose presence on a quote asks for approval (POST /api/admin/approval-skus/*). */

export interface ApprovalSku {
  sku: string;
  name: string;
  kind: ProductKind;
  /** Whether the SKU itself is still sold. */
  is_sku_active: boolean;
  reason: string;
  /** Whether the entry applies; an inactive one is kept but asks for nothing. */
  is_active: boolean;
}

export interface ApprovalSkuList {
  rows: ApprovalSku[];
  can_edit: boolean;
}

export interface ApprovalSkuOption {
  sku: string;
  name: string;
  kind: ProductKind;
  is_active: boolean;
  is_listed: boolean;
}

export interface ApprovalSkuInput {
  sku: string;
  reason: string;
  is_active: boolean;
}

export function useApprovalSkus() {
  return useQuery({
    queryKey: marginDataKeys.approvalSkus,
    queryFn: ({ signal }) =>
      apiPost<ApprovalSkuList>('/api/admin/approval-skus/list', {}, { signal }),
  });
}

/** SKUs to choose from when adding one; nothing is asked while `isEnabled` is false. */
export function useApprovalSkuOptions(search: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...marginDataKeys.approvalSkus, 'options', search],
    queryFn: ({ signal }) =>
      apiPost<{ rows: ApprovalSkuOption[] }>(
        '/api/admin/approval-skus/sku-options',
        { search },
        { signal },
      ),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useSaveApprovalSku() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalSkuInput) =>
      apiPost<ApprovalSku>('/api/admin/approval-skus/save', input),
    onSuccess: (saved) => {
      queryClient.setQueryData<ApprovalSkuList>(marginDataKeys.approvalSkus, (old) =>
        old ? { ...old, rows: old.rows.map((row) => (row.sku === saved.sku ? saved : row)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.approvalSkus });
    },
  });
}

export function useDeleteApprovalSku() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sku: string) =>
      apiPost<{ sku: string; is_deleted: true }>('/api/admin/approval-skus/delete', { sku }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marginDataKeys.approvalSkus }),
  });
}
