import { useParams } from 'react-router';
import { HwSkuCostsPage } from '../../features/margin-data/pages/hw-sku-costs-page.tsx';

export { ApprovalSkusPage } from '../../features/margin-data/pages/approval-skus-page.tsx';
export { CostLookupPage } from '../../features/margin-data/pages/cost-lookup-page.tsx';
export { DurationDepreciationPage } from '../../features/margin-data/pages/duration-depreciation-page.tsx';
export { MarkupPage } from '../../features/margin-data/pages/markup-page.tsx';
export { SupportCasesPage } from '../../features/margin-data/pages/support-cases-page.tsx';

/** Keyed by SKU, so focusing another SKU starts with fresh filters and drafts. */
export function HwSkuCostsRoute() {
  const { id = 'all' } = useParams();
  return <HwSkuCostsPage key={id} />;
}
