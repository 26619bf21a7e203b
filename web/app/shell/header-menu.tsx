/** The header's menu (a popover), loaded when first opened. Its items are links (they open in a new tab too). */

import { Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { pathTo } from '../../config/paths.ts';
import type { NavItem } from './nav-items.ts';

/** A menu item that is a link: a plain click navigates in the app, Ctrl/middle click opens a tab. */
function MenuLink({ item }: { item: NavItem }) {
  const to = pathTo(item.to);
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return (
    <MenuItem
      icon={item.icon}
      text={item.label}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => onClick(e as MouseEvent<HTMLAnchorElement>)}
    />
  );
}

export default function HeaderMenu({ items, user, trigger }: { items: NavItem[]; user?: string; trigger: ReactNode }) {
  return (
    <Popover
      placement="bottom-end"
      defaultIsOpen
      content={
        <Menu>
          {user && <MenuItem disabled text={user} icon="user" />}
          {items.map((i) => (
            <MenuLink key={i.to} item={i} />
          ))}
        </Menu>
      }
    >
      {trigger}
    </Popover>
  );
}
