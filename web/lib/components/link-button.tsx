/** A router link that looks like a Blueprint button (so it opens in a new tab on Ctrl/middle click). */

import { Classes, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

export interface LinkButtonProps {
  to: string;
  text: string;
  icon?: IconName;
  intent?: Intent;
  minimal?: boolean;
  /** Classes added to the link's own. */
  className?: string;
  /**
   * Hides the text from sight, not from screen readers (it stays the link's name): on phones only
   * (the header's items), or always (an icon-only link; `title` then shows it on hover).
   */
  hideText?: 'mobile' | 'always';
  title?: string;
}

export function LinkButton({ to, text, icon, intent, minimal, className, hideText, title }: LinkButtonProps) {
  const classes = [
    Classes.BUTTON,
    intent && intent !== 'none' && Classes.intentClass(intent),
    minimal && Classes.MINIMAL,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const textClass = [
    Classes.BUTTON_TEXT,
    hideText === 'always' ? 'visually-hidden' : hideText === 'mobile' && 'visually-hidden-mobile',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes} title={title}>
      {icon && <Icon icon={icon} />}
      <span className={textClass}>{text}</span>
    </Link>
  );
}
