/**
 * The task forms' Blueprint theme for RJSF, and what a page (or a test) needs to show a form from its
 * JSON: `clientForm(document)` builds it once, `<TaskFormView form formData onChange />` renders it,
 * `validateClientForm(form, data, job)` validates it with the engine.
 */

export { TaskFormView, type TaskFormViewProps } from './task-form.tsx';
export {
  clientForm,
  loadClientForm,
  validateClientForm,
  localToday,
  type ClientForm,
  type FormJson,
  type JobFacts,
  type TaskValidation,
} from './client-form.ts';
export { templates, widgets, fields, WIDGET_NAMES } from './theme/theme.ts';
export { EMPTY_CONTEXT, type TaskFormContext, type CatalogRow } from './form-context.ts';
export { errorSchemaOf, groupByPlace, placeOf, type FieldMessage } from './messages.ts';
export { changedFields, fieldLabel, formatField, humanize, dollars } from './values.ts';
export {
  uploadAttachment,
  downloadAttachment,
  toReference,
  ATTACHMENT_MESSAGES,
  type Attachment,
  type UploadResult,
} from './attachments.ts';
export { NO_MATCHES, manualEntryTarget, toSelection } from './widgets/equipment-search-widget.tsx';
export { parseDollars, formatDollars } from './widgets/currency-widget.tsx';
