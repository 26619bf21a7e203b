/** A router link that looks like a Blueprint button (so it opens in a new tab on Ctrl/middle click). */

import { Classes, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

export interface LinkButtonProps {
  to: string;
  text: string;
  icon?: IconName;
  intent?: Intent;
  minimal?: boolean;
}

export function LinkButton({ to, text, icon, intent, minimal }: LinkButtonProps) {
  const className = [Classes.BUTTON, intent && intent !== 'none' && Classes.intentClass(intent), minimal && Classes.MINIMAL].filter(Boolean).join(' ');
  return (
    <Link to={to} className={className}>
      {icon && <Icon icon={icon} />}
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </Link>
  );
}
