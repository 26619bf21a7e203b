/**
 * Upload kinds (issue 45): a kind's content types the server never tells, an extension whose types leave out its own,
 * a field given a kind it cannot hold, a file field without its upload widget. Each would make the server refuse every
 * upload; each is reported at the line to change, with its code.
 */

import { supportedMimeTypes } from 'file-type';
import { describe, expect, it } from 'vitest';
import { DETECTED_TYPES } from '../engine/load/detected-types.ts';
import { expectRow, F, loadFiles, programFiles, type LintRow } from './support/lint-rows.ts';

const SHARED = 'task-schemas/_shared/definitions.yaml';
const CODES = ['upload-type-unknown', 'upload-type-extension', 'upload-kind-mismatch', 'upload-widget-missing'];

const ROWS: LintRow[] = [
  // A kind's content type misspelt.
  {
    name: 'image/jpg for a jpg',
    program: 'wi-hear',
    file: SHARED,
    from: 'jpg: [image/jpeg]',
    to: 'jpg: [image/jpg]',
    code: 'upload-type-unknown',
    at: { text: 'image/jpg' },
  },
  {
    name: 'a PDF type with two letters swapped',
    program: 'wi-hear',
    file: SHARED,
    from: 'pdf: [application/pdf]',
    to: 'pdf: [application/pfd]',
    code: 'upload-type-unknown',
    at: { text: 'application/pfd' },
  },
  {
    name: 'img/ for image/',
    program: 'ga-hear',
    file: SHARED,
    from: 'png: [image/png]',
    to: 'png: [img/png]',
    code: 'upload-type-unknown',
    at: { text: 'img/png' },
  },
  {
    name: 'the second HEIC type misspelt',
    program: 'ga-hear',
    file: SHARED,
    from: 'heic: [image/heic, image/heif]',
    to: 'heic: [image/heic, image/hief]',
    code: 'upload-type-unknown',
    at: { text: 'image/hief' },
  },
  // An extension whose types leave its own out.
  {
    name: 'png files taken as JPEG only',
    program: 'wi-hear',
    file: SHARED,
    from: 'png: [image/png]',
    to: 'png: [image/jpeg]',
    code: 'upload-type-extension',
    at: { text: 'png: [image/jpeg]' },
  },
  {
    name: 'a pdf extension on the photo kind taking images',
    program: 'wi-hear',
    file: SHARED,
    from: 'jpg: [image/jpeg], jpeg:',
    to: 'pdf: [image/jpeg], jpeg:',
    code: 'upload-type-extension',
    at: { text: 'pdf: [image/jpeg]' },
  },
  {
    name: 'jpeg files taken as PNG',
    program: 'ga-hear',
    file: SHARED,
    from: 'jpeg: [image/jpeg]',
    to: 'jpeg: [image/png]',
    code: 'upload-type-extension',
    at: { text: 'jpeg: [image/png]' },
  },
  // A field given a kind it cannot hold.
  {
    name: 'a photo kind on the PDF invoice',
    program: 'wi-hear',
    file: F('upload_final_invoice'),
    from: 'final_invoice: { "ui:widget": pdf_upload',
    to: 'final_invoice: { "ui:widget": photo_upload',
    code: 'upload-kind-mismatch',
    at: { text: 'photo_upload' },
  },
  {
    name: 'a PDF kind on a list of photos',
    program: 'wi-hear',
    file: F('photos_of_installed_measures'),
    from: 'heat_pump_outdoor_unit_photos: { "ui:widget": photo_upload',
    to: 'heat_pump_outdoor_unit_photos: { "ui:widget": pdf_upload',
    code: 'upload-kind-mismatch',
    at: { text: 'pdf_upload' },
  },
  {
    name: 'an upload widget on a text field',
    program: 'wi-hear',
    file: F('upload_final_invoice'),
    from: 'hiasp_line_title: { "ui:help"',
    to: 'hiasp_line_title: { "ui:widget": pdf_upload, "ui:help"',
    code: 'upload-kind-mismatch',
    at: { text: 'pdf_upload, "ui:help": "HIASP' },
  },
  // A file field without its widget.
  {
    name: 'the widget left out of the field',
    program: 'wi-hear',
    file: F('upload_final_invoice'),
    from: 'final_invoice: { "ui:widget": pdf_upload, "ui:help"',
    to: 'final_invoice: { "ui:help"',
    code: 'upload-widget-missing',
    at: { text: 'final_invoice: { "ui:help"' },
  },
  {
    name: 'a textarea widget on a PDF field',
    program: 'wi-hear',
    file: F('scope_of_work_proposed'),
    from: 'upload_scope_of_work: { "ui:widget": pdf_upload',
    to: 'upload_scope_of_work: { "ui:widget": textarea',
    code: 'upload-widget-missing',
    at: { text: 'textarea, "ui:help"' },
  },
  {
    name: 'the field left out of ui_schema',
    program: '3c-ren',
    file: F('cas_testing_pre'),
    from: '  cas_testing_report: { "ui:widget": pdf_upload }\n',
    to: '',
    code: 'upload-widget-missing',
    at: { text: 'cas_testing_report:' },
  },
];

describe('upload kinds and fields are checked at their line', () => {
  it.each(ROWS)('$name', (row) => {
    expectRow(row);
  });

  it('a photo kind where the field accepts PDFs only', () => {
    expectRow({
      name: 'accept',
      program: '3c-ren',
      file: F('cas_testing_pre'),
      from: '  pre_venting_photo: { "ui:widget": photo_upload }',
      to: '  pre_venting_photo: { "ui:widget": photo_upload, "ui:accept": .pdf }',
      code: 'upload-kind-mismatch',
      at: { text: 'photo_upload, "ui:accept"' },
    });
  });

  it('says what to write instead', () => {
    const [d] = expectRow(ROWS[0]);
    expect(d.message).toContain("did you mean 'image/jpeg'?");
    const [m] = expectRow(ROWS.find((r) => r.name === 'a photo kind on the PDF invoice')!);
    expect(m.message).toContain("did you mean 'pdf_upload'?");
  });

  it('the programs used here have none of these mistakes', () => {
    for (const program of ['wi-hear', 'ga-hear', '3c-ren'])
      expect(loadFiles(programFiles(program)).diagnostics.filter((d) => CODES.includes(d.code))).toEqual([]);
  });

  it('knows the content types the server tells (file-type)', () => {
    expect([...DETECTED_TYPES].sort()).toEqual([...supportedMimeTypes].sort());
  });
});
