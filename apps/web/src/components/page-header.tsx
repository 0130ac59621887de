import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      {/* React 19 hoists <title> into <head>, so the browser tab names the page. */}
      <title>{`${title} · Bastion CPQ`}</title>
      <div className="min-w-0">
        <h1 className="h3 mb-0">{title}</h1>
        {subtitle ? <p className="text-body-secondary mb-0 mt-1">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </header>
  );
}
