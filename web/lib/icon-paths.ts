/**
 * The SVG paths of the icons the portal draws, in one small chunk loaded with the first icon (20 px, used by large icons,
 * only for the icons drawn large). An icon
 * not listed still shows: it falls back to Blueprint's own loader (which fetches its whole size set).
 * Regenerate the list when pages use new icons (a test checks the pages' literal icon names are here).
 */

import p16_add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add.js';
import p16_arrow_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-down.js';
import p16_arrow_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right.js';
import p16_arrow_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up.js';
import p16_ban_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/ban-circle.js';
import p16_bank_account from '@blueprintjs/icons/lib/esm/generated/16px/paths/bank-account.js';
import p16_build from '@blueprintjs/icons/lib/esm/generated/16px/paths/build.js';
import p16_changes from '@blueprintjs/icons/lib/esm/generated/16px/paths/changes.js';
import p16_chevron_left from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left.js';
import p16_chevron_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right.js';
import p16_chevron_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up.js';
import p16_chevron_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down.js';
import p16_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/circle.js';
import p16_clipboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard.js';
import p16_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js';
import p16_small_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js';
import p16_diagram_tree from '@blueprintjs/icons/lib/esm/generated/16px/paths/diagram-tree.js';
import p16_disable from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable.js';
import p16_document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document.js';
import p16_document_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/document-open.js';
import p16_duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate.js';
import p16_edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit.js';
import p16_envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import p16_error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import p16_eye_off from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off.js';
import p16_eye_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open.js';
import p16_flag from '@blueprintjs/icons/lib/esm/generated/16px/paths/flag.js';
import p16_flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js';
import p16_floppy_disk from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk.js';
import p16_form from '@blueprintjs/icons/lib/esm/generated/16px/paths/form.js';
import p16_git_merge from '@blueprintjs/icons/lib/esm/generated/16px/paths/git-merge.js';
import p16_hand from '@blueprintjs/icons/lib/esm/generated/16px/paths/hand.js';
import p16_help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help.js';
import p16_history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history.js';
import p16_info_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js';
import p16_list from '@blueprintjs/icons/lib/esm/generated/16px/paths/list.js';
import p16_lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import p16_log_out from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out.js';
import p16_map_marker from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker.js';
import p16_media from '@blueprintjs/icons/lib/esm/generated/16px/paths/media.js';
import p16_more from '@blueprintjs/icons/lib/esm/generated/16px/paths/more.js';
import p16_new_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-person.js';
import p16_notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications.js';
import p16_paperclip from '@blueprintjs/icons/lib/esm/generated/16px/paths/paperclip.js';
import p16_people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people.js';
import p16_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person.js';
import p16_refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh.js';
import p16_reset from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset.js';
import p16_search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search.js';
import p16_send_message from '@blueprintjs/icons/lib/esm/generated/16px/paths/send-message.js';
import p16_swap_horizontal from '@blueprintjs/icons/lib/esm/generated/16px/paths/swap-horizontal.js';
import p16_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
import p16_tick_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js';
import p16_time from '@blueprintjs/icons/lib/esm/generated/16px/paths/time.js';
import p16_trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash.js';
import p16_undo from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo.js';
import p16_user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user.js';
import p16_warning_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';
import p16_wrench from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench.js';
import p16_double_caret_vertical from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical.js';
import p16_caret_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down.js';
import p16_caret_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-up.js';
import p16_minus from '@blueprintjs/icons/lib/esm/generated/16px/paths/minus.js';
import p16_calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar.js';
import p16_filter from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter.js';
import p16_sort from '@blueprintjs/icons/lib/esm/generated/16px/paths/sort.js';
import p16_inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox.js';
import p16_folder_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open.js';
import p16_menu_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-open.js';
import p16_menu_closed from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-closed.js';
import p16_settings from '@blueprintjs/icons/lib/esm/generated/16px/paths/settings.js';
import p16_import from '@blueprintjs/icons/lib/esm/generated/16px/paths/import.js';
import p16_export from '@blueprintjs/icons/lib/esm/generated/16px/paths/export.js';
import p16_upload from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload.js';
import p16_download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download.js';
import p16_dot from '@blueprintjs/icons/lib/esm/generated/16px/paths/dot.js';
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

/** Paths by size and icon name. */
export const ICON_PATHS: Record<number, Record<string, string[]>> = {
  16: {
    'add': p16_add, 'arrow-down': p16_arrow_down, 'arrow-right': p16_arrow_right, 'arrow-up': p16_arrow_up, 'ban-circle': p16_ban_circle, 'bank-account': p16_bank_account, 'build': p16_build, 'changes': p16_changes, 'chevron-left': p16_chevron_left, 'chevron-right': p16_chevron_right, 'chevron-up': p16_chevron_up, 'chevron-down': p16_chevron_down, 'circle': p16_circle, 'clipboard': p16_clipboard, 'cross': p16_cross, 'small-cross': p16_small_cross, 'diagram-tree': p16_diagram_tree, 'disable': p16_disable, 'document': p16_document, 'document-open': p16_document_open, 'duplicate': p16_duplicate, 'edit': p16_edit, 'envelope': p16_envelope, 'error': p16_error, 'eye-off': p16_eye_off, 'eye-open': p16_eye_open, 'flag': p16_flag, 'flash': p16_flash, 'floppy-disk': p16_floppy_disk, 'form': p16_form, 'git-merge': p16_git_merge, 'hand': p16_hand, 'help': p16_help, 'history': p16_history, 'info-sign': p16_info_sign, 'list': p16_list, 'lock': p16_lock, 'log-out': p16_log_out, 'map-marker': p16_map_marker, 'media': p16_media, 'more': p16_more, 'new-person': p16_new_person, 'notifications': p16_notifications, 'paperclip': p16_paperclip, 'people': p16_people, 'person': p16_person, 'refresh': p16_refresh, 'reset': p16_reset, 'search': p16_search, 'send-message': p16_send_message, 'swap-horizontal': p16_swap_horizontal, 'tick': p16_tick, 'tick-circle': p16_tick_circle, 'time': p16_time, 'trash': p16_trash, 'undo': p16_undo, 'user': p16_user, 'warning-sign': p16_warning_sign, 'wrench': p16_wrench, 'double-caret-vertical': p16_double_caret_vertical, 'caret-down': p16_caret_down, 'caret-up': p16_caret_up, 'minus': p16_minus, 'calendar': p16_calendar, 'filter': p16_filter, 'sort': p16_sort, 'inbox': p16_inbox, 'folder-open': p16_folder_open, 'menu-open': p16_menu_open, 'menu-closed': p16_menu_closed, 'settings': p16_settings, 'import': p16_import, 'export': p16_export, 'upload': p16_upload, 'download': p16_download, 'dot': p16_dot,
  },
  20: {
    'build': p20_build, 'clipboard': p20_clipboard, 'diagram-tree': p20_diagram_tree, 'disable': p20_disable, 'document': p20_document, 'error': p20_error, 'flash': p20_flash, 'history': p20_history, 'info-sign': p20_info_sign, 'list': p20_list, 'lock': p20_lock, 'notifications': p20_notifications, 'paperclip': p20_paperclip, 'people': p20_people, 'person': p20_person, 'search': p20_search, 'tick-circle': p20_tick_circle, 'time': p20_time, 'warning-sign': p20_warning_sign, 'wrench': p20_wrench, 'inbox': p20_inbox, 'folder-open': p20_folder_open,
  },
};
