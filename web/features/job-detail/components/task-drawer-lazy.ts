/**
 * The task drawer, loaded on first use (its code is most of a job page's: the forms and their widgets), and the
 * tasks with unsaved changes on this device that the task lists mark; shared by the staff's and the homeowner's pages.
 */

import { lazy, useMemo } from 'react';
import { localDraftTasks } from '../hooks/local-draft.ts';

/** Starts loading the drawer's code (a page calls it while the person reads). */
export const loadDrawer = () => import('./task-drawer.tsx');
export const TaskDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.TaskDrawer })));

/** Tasks with unsaved changes on this device, re-read when the drawer closes. */
export function useLocalDrafts(jobId: number, openTask: string | null): string[] {
  return useMemo(() => (openTask === undefined ? [] : localDraftTasks(jobId)), [jobId, openTask]);
}
