import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';

export interface SectionTab {
  key: string;
  title: string;
  content: ReactNode;
}

/** A screen's sections as tabs, the first one open; a tab's content mounts when first opened. */
export function SectionTabs({ id, tabs }: { id: string; tabs: readonly SectionTab[] }) {
  return (
    <Tabs defaultActiveKey={tabs[0]?.key} id={id} className="mb-3" mountOnEnter>
      {tabs.map((tab) => (
        <Tab key={tab.key} eventKey={tab.key} title={tab.title}>
          {tab.content}
        </Tab>
      ))}
    </Tabs>
  );
}
