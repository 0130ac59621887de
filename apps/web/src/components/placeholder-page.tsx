import type { ReactNode } from 'react';
import { NoData } from './no-data.tsx';
import { PageHeader } from './page-header.tsx';

interface PlaceholderPageProps {
  title: string;
  subtitle?: ReactNode;
}

/** Stands in for a screen whose feature has not been built yet; the route already works. */
export function PlaceholderPage({ title, subtitle }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <NoData
        icon="bi-hourglass-split"
        message="This part of Bastion CPQ is not available yet. It will appear here in a coming release."
      />
    </>
  );
}
