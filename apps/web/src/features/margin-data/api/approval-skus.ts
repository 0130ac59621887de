import type { SaveApprovalSkuInput } from '@bastion/domain/margin-data/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withoutRow } from '@/components/admin/use-optimistic-list.ts';
import { apiPost } from '@/lib/api-client.ts';
import { marginDataKeys, type ProductKind } from './margin-data-keys.ts';
import { useMarginList, useMarginListMutation } from './use-margin-list-mutation.ts';

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

export type { SaveApprovalSkuInput };

const skuOf = (row: { sku: string }) => row.sku;

export const useApprovalSkus = () =>
  useMarginList<ApprovalSkuList>(marginDataKeys.approvalSkus, '/api/admin/approval-skus/list');

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

/** Saves a SKU's entry; a SKU new to the list shows once the list reloads (its name comes with it). */
export function useSaveApprovalSku() {
  return useMarginListMutation<ApprovalSkuList, ApprovalSku, SaveApprovalSkuInput, ApprovalSku>({
    listKey: marginDataKeys.approvalSkus,
    path: '/api/admin/approval-skus/save',
    patchRows: (rows, input) =>
      rows.map((row) =>
        row.sku === input.sku ? { ...row, reason: input.reason, is_active: input.is_active } : row,
      ),
  });
}

export function useDeleteApprovalSku() {
  return useMarginListMutation<ApprovalSkuList, ApprovalSku, { sku: string }>({
    listKey: marginDataKeys.approvalSkus,
    path: '/api/admin/approval-skus/delete',
    patchRows: (rows, { sku }) => withoutRow(rows, sku, skuOf),
  });
}
