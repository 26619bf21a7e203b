/**
 * What the theme's widgets and templates need from the page that shows a form, passed through RJSF's
 * `formContext`: where uploads go, who is looking (internal-only fields), the warnings to show, and
 * how a widget sets a sibling field (the catalog search's 'Enter manually').
 */

import type { Attachment, UploadResult } from './attachments.ts';
import type { IncomeLimitsAnswer } from '../../engine/api/income.ts';

/** A row of an equipment catalog as the search answers it (keys vary by catalog). */
export type CatalogRow = Record<string, unknown>;

/** A file stored for the job, with the task, form and field it was uploaded for (offered to fields that reuse it). */
export interface JobFile extends Attachment {
  task_id: string;
  form: string;
  field: string;
}

/** The form's context, as every widget and template reads it. */
export interface TaskFormContext {
  /** The job and task an upload belongs to. */
  job_id?: number;
  task_id?: string;
  /** The job's program (the catalog search says whether equipment qualifies for it). */
  program_id?: string;
  /** Ops see internal-only fields; everyone else (and ops viewing as a contractor) does not. */
  show_internal: boolean;
  /** Non-blocking messages by dotted field path ('' for the whole form). */
  warnings: Record<string, string[]>;
  /** The same warnings by their exact path (`photos.1`), for widgets that mark one item of a list. */
  item_warnings?: Record<string, string[]>;
  /** Uploads a file for a field; the default posts to the attachments API. */
  upload?: (file: File, field: string) => Promise<UploadResult>;
  /** The job's stored files (a field that may reuse another form's files offers them: `ui:options.reuse_from`). */
  job_files?: () => Promise<JobFile[]>;
  /** Fetches a stored attachment as a blob (for thumbnails and downloads). */
  download?: (a: Attachment) => Promise<Blob>;
  /** Searches an equipment catalog. */
  search_catalog?: (catalog: string, q: string) => Promise<CatalogRow[]>;
  /** Sets a top-level field of the form (widgets that switch the form to another branch). */
  set_field?: (field: string, value: unknown) => void;
  /** The form's data as it stands (widgets that read a sibling field: the income level reads the household size). */
  form_data?: Record<string, unknown>;
  /** Loads the income limits of the job's county (default: the income limits API). */
  income_limits?: (jobId: number) => Promise<IncomeLimitsAnswer>;
}

/** The context of a form shown with nothing around it (a preview or a test). */
export const EMPTY_CONTEXT: TaskFormContext = { show_internal: true, warnings: {} };

/** The context of a widget or template, whatever RJSF holds. */
export function contextOf(registry: { formContext?: unknown }): TaskFormContext {
  return (registry.formContext as TaskFormContext | undefined) ?? EMPTY_CONTEXT;
}
