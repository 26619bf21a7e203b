/**
 * SVG paths of the other icons the pages draw at 16 px, in one small chunk. An icon not listed still shows: the loader
 * in
 * web/lib/icons.ts looks in the next table, then falls back to Blueprint's own loader.
 */

import p16_arrow_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-down.js';
import p16_arrow_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right.js';
import p16_arrow_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up.js';
import p16_ban_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/ban-circle.js';
import p16_bank_account from '@blueprintjs/icons/lib/esm/generated/16px/paths/bank-account.js';
import p16_build from '@blueprintjs/icons/lib/esm/generated/16px/paths/build.js';
import p16_changes from '@blueprintjs/icons/lib/esm/generated/16px/paths/changes.js';
import p16_comparison from '@blueprintjs/icons/lib/esm/generated/16px/paths/comparison.js';
import p16_chevron_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up.js';
import p16_chevron_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down.js';
import p16_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/circle.js';
import p16_disable from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable.js';
import p16_document_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/document-open.js';
import p16_duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate.js';
import p16_edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit.js';
import p16_envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import p16_eye_off from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off.js';
import p16_eye_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open.js';
import p16_flag from '@blueprintjs/icons/lib/esm/generated/16px/paths/flag.js';
import p16_floppy_disk from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk.js';
import p16_form from '@blueprintjs/icons/lib/esm/generated/16px/paths/form.js';
import p16_git_merge from '@blueprintjs/icons/lib/esm/generated/16px/paths/git-merge.js';
import p16_hand from '@blueprintjs/icons/lib/esm/generated/16px/paths/hand.js';
import p16_help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help.js';
import p16_history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history.js';
import p16_lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import p16_map_marker from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker.js';
import p16_media from '@blueprintjs/icons/lib/esm/generated/16px/paths/media.js';
import p16_paperclip from '@blueprintjs/icons/lib/esm/generated/16px/paths/paperclip.js';
import p16_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person.js';
import p16_refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh.js';
import p16_reset from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset.js';
import p16_send_message from '@blueprintjs/icons/lib/esm/generated/16px/paths/send-message.js';
import p16_log_in from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-in.js';
import p16_swap_horizontal from '@blueprintjs/icons/lib/esm/generated/16px/paths/swap-horizontal.js';
import p16_time from '@blueprintjs/icons/lib/esm/generated/16px/paths/time.js';
import p16_trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash.js';
import p16_undo from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo.js';
import p16_caret_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-up.js';
import p16_minus from '@blueprintjs/icons/lib/esm/generated/16px/paths/minus.js';
import p16_calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar.js';
import p16_filter from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter.js';
import p16_sort from '@blueprintjs/icons/lib/esm/generated/16px/paths/sort.js';
import p16_inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox.js';
import p16_folder_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open.js';
import p16_settings from '@blueprintjs/icons/lib/esm/generated/16px/paths/settings.js';
import p16_import from '@blueprintjs/icons/lib/esm/generated/16px/paths/import.js';
import p16_export from '@blueprintjs/icons/lib/esm/generated/16px/paths/export.js';
import p16_upload from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload.js';
import p16_download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download.js';
import p16_dot from '@blueprintjs/icons/lib/esm/generated/16px/paths/dot.js';
import p16_calculator from '@blueprintjs/icons/lib/esm/generated/16px/paths/calculator.js';

/** Paths by icon name. */
export const ICON_PATHS_16_MORE: Record<string, string[]> = {
  'arrow-down': p16_arrow_down,
  'arrow-right': p16_arrow_right,
  'arrow-up': p16_arrow_up,
  'ban-circle': p16_ban_circle,
  'bank-account': p16_bank_account,
  build: p16_build,
  changes: p16_changes,
  comparison: p16_comparison,
  'chevron-up': p16_chevron_up,
  'chevron-down': p16_chevron_down,
  circle: p16_circle,
  disable: p16_disable,
  'document-open': p16_document_open,
  duplicate: p16_duplicate,
  edit: p16_edit,
  envelope: p16_envelope,
  'eye-off': p16_eye_off,
  'eye-open': p16_eye_open,
  flag: p16_flag,
  'floppy-disk': p16_floppy_disk,
  form: p16_form,
  'git-merge': p16_git_merge,
  hand: p16_hand,
  help: p16_help,
  history: p16_history,
  lock: p16_lock,
  'map-marker': p16_map_marker,
  media: p16_media,
  paperclip: p16_paperclip,
  person: p16_person,
  refresh: p16_refresh,
  reset: p16_reset,
  'send-message': p16_send_message,
  'log-in': p16_log_in,
  'swap-horizontal': p16_swap_horizontal,
  time: p16_time,
  trash: p16_trash,
  undo: p16_undo,
  'caret-up': p16_caret_up,
  minus: p16_minus,
  calendar: p16_calendar,
  filter: p16_filter,
  sort: p16_sort,
  inbox: p16_inbox,
  'folder-open': p16_folder_open,
  settings: p16_settings,
  import: p16_import,
  export: p16_export,
  upload: p16_upload,
  download: p16_download,
  dot: p16_dot,
  calculator: p16_calculator,
};
