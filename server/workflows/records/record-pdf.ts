/**
 * The completion record as a PDF (issue 44): letter size, fonts embedded (every name prints as typed), "Page n of m",
 * each listed file's SHA-256 on a line of its own (pdftotext reads it whole). The same content always gives the same
 * bytes, hence the same SHA-256: a worker that runs it again after a kill writes the very same record.
 */

import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { Flow, GREY, PRODUCER, dateOf, footer, printable, when } from '../signing/pdf-layout.ts';
import { embedFonts } from '../signing/pdf-fonts.ts';
import type { RecordCovers } from '../../../engine/api/completion.ts';
import type { ListedFile, RecordContent } from './record-content.ts';

/** The headings of the files the record lists, by kind. */
const FILE_HEADINGS: Record<ListedFile['kind'], string> = {
  signed_document: 'Signed documents (each with its audit certificate)',
  photo: 'Photos',
  file: 'Other files',
};

/** What the verify page may say of a record: nothing personal. */
export function coversOf(c: RecordContent): RecordCovers {
  return {
    program: c.program,
    paid_on: c.paid_on,
    sections: [...c.sections.map((s) => s.title), ...new Set(c.files.map((f) => FILE_HEADINGS[f.kind]))],
    files: c.files.map((f) => ({ kind: f.kind, sha256: f.sha256 })),
  };
}

export async function renderRecord(c: RecordContent): Promise<{ bytes: Uint8Array; sha256: string }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const at = dateOf(c.issued_at);
  doc.setTitle(printable(`${c.title} ${c.job_code}`));
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const fonts = await embedFonts(doc, [JSON.stringify(c)]);
  const flow = new Flow(doc, fonts);
  flow.text(c.title, fonts.bold, 18);
  flow.text(c.subtitle, fonts.regular, 10, GREY);
  flow.text(
    'Every file this record lists is given with its SHA-256: a file whose SHA-256 differs is not the one recorded. ' +
      'This record’s own SHA-256 is kept by the portal and can be checked on its verify page.',
    fonts.regular,
    9,
    GREY,
  );
  flow.rule();
  for (const s of c.sections) {
    flow.heading(s.title);
    for (const r of s.rows) flow.row(r.label, r.value);
    for (const line of s.lines ?? []) {
      flow.text(line, fonts.regular, 9);
      flow.gap(2);
    }
  }
  for (const kind of Object.keys(FILE_HEADINGS) as ListedFile['kind'][]) {
    const files = c.files.filter((f) => f.kind === kind);
    if (!files.length) continue;
    flow.heading(FILE_HEADINGS[kind]);
    for (const f of files) {
      flow.ensure(60);
      flow.text(f.title, fonts.bold, 10);
      for (const r of f.rows) flow.row(r.label, r.value, 9);
      flow.text(`SHA-256 ${f.sha256}`, fonts.regular, 8);
      flow.gap(6);
    }
  }
  footer(doc, fonts.regular, 0, `Completion record · job ${c.job_code} · issued ${when(c.issued_at)}`);
  const bytes = await doc.save();
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
