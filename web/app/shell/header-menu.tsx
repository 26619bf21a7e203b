/** The header's menu (a popover), loaded when first opened. */

import { Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { NavItem } from './nav-items.ts';

export default function HeaderMenu({ items, user, onPick, trigger }: { items: NavItem[]; user?: string; onPick: (i: NavItem) => void; trigger: ReactNode }) {
  return (
    <Popover
      placement="bottom-end"
      defaultIsOpen
      content={
        <Menu>
          {user && <MenuItem disabled text={user} icon="user" />}
          {items.map((i) => <MenuItem key={i.to} icon={i.icon} text={i.label} onClick={() => onPick(i)} />)}
        </Menu>
      }
    >
      {trigger}
    </Popover>
  );
}
