/**
 * The panel of Blueprint Tabs whose content is rendered outside them (tabs that switch a route or a
 * query, with the page below): spread on the element holding the selected tab's content, it carries
 * the id the selected tab's aria-controls points at and is labelled by that tab. Without it the tab
 * points at nothing (axe: aria-valid-attr-value, critical).
 */

import { Classes } from '@blueprintjs/core';

/** The attributes of the selected tab's panel of the Tabs `tabsId` (Blueprint's own id scheme). */
export function tabPanelProps(tabsId: string, selectedTabId: string | number) {
  return {
    id: `${Classes.TAB_PANEL}_${tabsId}_${selectedTabId}`,
    role: 'tabpanel' as const,
    'aria-labelledby': `${Classes.TAB}-title_${tabsId}_${selectedTabId}`,
  };
}
