/**
 * SVG paths of the icons of the shell and the jobs list (the first load) at 16 px, in one small chunk. An icon not
 * listed still shows: the loader in
 * web/lib/icons.ts looks in the next table, then falls back to Blueprint's own loader.
 */

import p16_add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add.js';
import p16_chevron_left from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left.js';
import p16_chevron_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right.js';
import p16_clipboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard.js';
import p16_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js';
import p16_small_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js';
import p16_diagram_tree from '@blueprintjs/icons/lib/esm/generated/16px/paths/diagram-tree.js';
import p16_document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document.js';
import p16_error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import p16_flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js';
import p16_info_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js';
import p16_list from '@blueprintjs/icons/lib/esm/generated/16px/paths/list.js';
import p16_log_out from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out.js';
import p16_more from '@blueprintjs/icons/lib/esm/generated/16px/paths/more.js';
import p16_new_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-person.js';
import p16_notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications.js';
import p16_people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people.js';
import p16_search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search.js';
import p16_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
import p16_tick_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js';
import p16_user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user.js';
import p16_warning_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';
import p16_wrench from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench.js';
import p16_double_caret_vertical from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical.js';
import p16_caret_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down.js';
import p16_menu_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-open.js';
import p16_menu_closed from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-closed.js';

/** Paths by icon name. */
export const ICON_PATHS_16: Record<string, string[]> = {
  add: p16_add,
  'chevron-left': p16_chevron_left,
  'chevron-right': p16_chevron_right,
  clipboard: p16_clipboard,
  cross: p16_cross,
  'small-cross': p16_small_cross,
  'diagram-tree': p16_diagram_tree,
  document: p16_document,
  error: p16_error,
  flash: p16_flash,
  'info-sign': p16_info_sign,
  list: p16_list,
  'log-out': p16_log_out,
  more: p16_more,
  'new-person': p16_new_person,
  notifications: p16_notifications,
  people: p16_people,
  search: p16_search,
  tick: p16_tick,
  'tick-circle': p16_tick_circle,
  user: p16_user,
  'warning-sign': p16_warning_sign,
  wrench: p16_wrench,
  'double-caret-vertical': p16_double_caret_vertical,
  'caret-down': p16_caret_down,
  'menu-open': p16_menu_open,
  'menu-closed': p16_menu_closed,
};
