import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";

export type TabItem = { key: string; label: ReactNode; panel: ReactNode };

/** Keyboard-navigable tabs (arrow keys) from Headless UI, styled as a segmented control. */
export function Tabs({
  items,
  selectedIndex,
  onChange,
}: {
  items: TabItem[];
  selectedIndex?: number;
  onChange?: (index: number) => void;
}) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {items.map((item) => (
          <Tab
            key={item.key}
            className="flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700 data-selected:bg-white data-selected:text-blue-900 data-selected:shadow-sm"
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {items.map((item) => (
          <TabPanel key={item.key} className="focus:outline-none">
            {item.panel}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
