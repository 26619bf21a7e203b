/**
 * The SVG paths of the icons the portal draws at 20 (large icons: empty states) px, in one small chunk loaded with the
 * first such
 * icon. An icon not listed still shows: it falls back to Blueprint's own loader.
 */

import p20_build from '@blueprintjs/icons/lib/esm/generated/20px/paths/build.js';
import p20_clipboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard.js';
import p20_diagram_tree from '@blueprintjs/icons/lib/esm/generated/20px/paths/diagram-tree.js';
import p20_disable from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable.js';
import p20_document from '@blueprintjs/icons/lib/esm/generated/20px/paths/document.js';
import p20_error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error.js';
import p20_flash from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash.js';
import p20_history from '@blueprintjs/icons/lib/esm/generated/20px/paths/history.js';
import p20_info_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign.js';
import p20_list from '@blueprintjs/icons/lib/esm/generated/20px/paths/list.js';
import p20_lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock.js';
import p20_notifications from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications.js';
import p20_paperclip from '@blueprintjs/icons/lib/esm/generated/20px/paths/paperclip.js';
import p20_people from '@blueprintjs/icons/lib/esm/generated/20px/paths/people.js';
import p20_person from '@blueprintjs/icons/lib/esm/generated/20px/paths/person.js';
import p20_search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search.js';
import p20_tick_circle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle.js';
import p20_time from '@blueprintjs/icons/lib/esm/generated/20px/paths/time.js';
import p20_warning_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign.js';
import p20_wrench from '@blueprintjs/icons/lib/esm/generated/20px/paths/wrench.js';
import p20_inbox from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox.js';
import p20_folder_open from '@blueprintjs/icons/lib/esm/generated/20px/paths/folder-open.js';

/** Paths by icon name. */
export const ICON_PATHS_20: Record<string, string[]> = {
  build: p20_build,
  clipboard: p20_clipboard,
  'diagram-tree': p20_diagram_tree,
  disable: p20_disable,
  document: p20_document,
  error: p20_error,
  flash: p20_flash,
  history: p20_history,
  'info-sign': p20_info_sign,
  list: p20_list,
  lock: p20_lock,
  notifications: p20_notifications,
  paperclip: p20_paperclip,
  people: p20_people,
  person: p20_person,
  search: p20_search,
  'tick-circle': p20_tick_circle,
  time: p20_time,
  'warning-sign': p20_warning_sign,
  wrench: p20_wrench,
  inbox: p20_inbox,
  'folder-open': p20_folder_open,
};
