import { NoData } from '../../../components/no-data.tsx';
import { MarginDataLayout } from '../components/margin-data-layout.tsx';

/**
 * mc-support-cases (spec §2). The spec names the screen only, and the margin model has no
 * support-case data yet (decision 010): say so plainly rather than show an empty table.
 */
export function SupportCasesPage() {
  return (
    <MarginDataLayout
      title="Support cases"
      subtitle="The cost of support cases behind the margin of support products."
      isMarginData
    >
      <NoData
        icon="bi-hourglass-split"
        title="Not available yet"
        message="Support-case costs are not part of the margin calculation yet. Support is costed as a percentage of its list price under Cost lookup; when support cases are added, they will be managed here."
      />
    </MarginDataLayout>
  );
}
