/**
 * One toaster, top right, for the whole app (spec sect. 8: red, 4.5 s, closable). Loaded on the first
 * toast: the overlay machinery stays out of the first load.
 */

import { PRODUCT_CONSTANTS } from '../../engine/constants.ts';
import type { Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

function get(): Promise<Toaster> {
  return (toaster ??= import('./toaster-impl.ts').then(({ createToaster }) => createToaster()));
}

/** A red, closable error toast that disappears after 4.5 s. */
export function errorToast(message: string): void {
  void get().then((t) => t.show({ message, intent: 'danger', icon: 'error', timeout: PRODUCT_CONSTANTS.toast_ms }));
}

/** A green confirmation toast. */
export function successToast(message: string): void {
  void get().then((t) => t.show({ message, intent: 'success', icon: 'tick', timeout: PRODUCT_CONSTANTS.toast_ms }));
}

/** An amber notice: done, with something to follow up (a failed review asks the contractor for a correction). */
export function warningToast(message: string): void {
  void get().then((t) =>
    t.show({ message, intent: 'warning', icon: 'warning-sign', timeout: PRODUCT_CONSTANTS.toast_ms }),
  );
}
