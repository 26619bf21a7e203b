/**
 * The Blueprint theme for RJSF: templates, widgets by name (the names task forms use in "ui:widget"),
 * and the object field that lets a widget draw an object. A bespoke field is one more widget here.
 */

import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './array-field-template.tsx';
import { FieldTemplate } from './field-template.tsx';
import { ObjectFieldTemplate } from './object-field-template.tsx';
import { WidgetObjectField } from './widget-object-field.tsx';
import { CheckboxWidget, DateWidget, TextareaWidget, TextWidget } from '../widgets/input-widgets.tsx';
import { CheckboxesWidget, RadioWidget, SelectWidget, YesNoWidget } from '../widgets/choice-widgets.tsx';
import { CurrencyWidget } from '../widgets/currency-widget.tsx';
import { PdfUploadWidget, PhotoUploadWidget } from '../widgets/upload-widget.tsx';
import { EquipmentCatalogSearchWidget } from '../widgets/equipment-search-widget.tsx';
import { SignatureStatusWidget } from '../widgets/signature-status-widget.tsx';
import { OrderedChoicesWidget } from '../widgets/ordered-choices-widget.tsx';
import { IncomeLevelWidget } from '../widgets/income-level-widget.tsx';

const Nothing = () => null;

/** Templates: messages show under their fields, so there is no error list, and no separate help or error parts. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
};

/** Widgets: RJSF's defaults replaced by Blueprint ones, and the task forms' own names. */
export const widgets: RegistryWidgetsType = {
  TextWidget,
  EmailWidget: TextWidget,
  URLWidget: TextWidget,
  UpDownWidget: TextWidget,
  TextareaWidget,
  DateWidget,
  CheckboxWidget,
  CheckboxesWidget,
  RadioWidget,
  SelectWidget,
  textarea: TextareaWidget,
  date: DateWidget,
  radio: RadioWidget,
  select: SelectWidget,
  checkboxes: CheckboxesWidget,
  ordered_choices: OrderedChoicesWidget,
  yes_no: YesNoWidget,
  currency: CurrencyWidget,
  photo_upload: PhotoUploadWidget,
  pdf_upload: PdfUploadWidget,
  equipment_catalog_search: EquipmentCatalogSearchWidget,
  signature_status: SignatureStatusWidget,
  income_level: IncomeLevelWidget,
};

/** Fields: objects honour "ui:widget". */
export const fields: RegistryFieldsType = { ObjectField: WidgetObjectField };

/** The widget names task forms may use (the theme's half of the forms' contract). */
export const WIDGET_NAMES = [
  'checkboxes',
  'currency',
  'date',
  'equipment_catalog_search',
  'income_level',
  'ordered_choices',
  'pdf_upload',
  'photo_upload',
  'radio',
  'select',
  'signature_status',
  'textarea',
  'yes_no',
] as const;
