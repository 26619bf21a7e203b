/**
 * Document PDFs for e-signing (spec sect. 4): the letter-size document a signer reads (flowing text,
 * a table of job facts, one labeled box per signer, "Page n of m"), and the signed copy (each signature
 * stamped in its box, then an audit certificate). Fonts are embedded (pdf-fonts.ts), so every name prints as typed;
 * the same content always gives the same bytes, hence the same SHA-256.
 */

import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  BOX,
  Flow,
  GREY,
  MARGIN,
  PRODUCER,
  WIDTH,
  dateOf,
  footer,
  printable,
  when,
  wrap,
  type Fonts,
} from './pdf-layout.ts';
import { embedFonts } from './pdf-fonts.ts';
import type { SignerRole } from '../../../engine/api/signing.ts';

export interface DocumentContent {
  title: string;
  subtitle: string;
  /** The template's text, already filled. */
  sections: { heading: string | null; paragraphs: string[] }[];
  /** A table of job facts (Homeowner: Ana Diaz, ...). */
  fields: { label: string; value: string }[];
  /** Signature blocks, in signing order. */
  signers: { role: SignerRole; label: string; name: string }[];
  /** ISO time, printed in the footer and used as the PDF's creation date. */
  generated_at: string;
}

/** Where a signer signs: page is 0-based, x/y the box's bottom-left corner in PDF points. */
export interface SignatureBox {
  role: SignerRole;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AppliedSignature {
  role: SignerRole;
  label: string;
  name: string;
  email: string;
  /** typed: `text` drawn in a script-like font; drawn: `image_png` scaled into the box. */
  kind: 'typed' | 'drawn';
  text?: string;
  image_png?: Uint8Array;
  signed_at: string;
  ip: string;
  user_agent: string;
  consent_at: string;
  /** The SHA-256 (hex) of the document the signer saw. */
  document_sha256: string;
}

export interface CertificateInfo {
  document_title: string;
  document_ref: string;
  job_code: string;
  original_sha256: string;
  generated_at: string;
  completed_at: string;
  /** Whose digital seal the signed file carries (the portal's certificate), when it is sealed. */
  sealed_by?: string;
}

/** The SHA-256 of some bytes, in hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A real, multi-page (flowing text, page breaks, page numbers "Page n of m") letter-size PDF. */
export async function renderDocument(
  c: DocumentContent,
): Promise<{ bytes: Uint8Array; sha256: string; boxes: SignatureBox[] }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const at = dateOf(c.generated_at);
  doc.setTitle(printable(c.title));
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const fonts = await embedFonts(doc, [JSON.stringify(c)]);
  const flow = new Flow(doc, fonts);
  flow.text(c.title, fonts.bold, 18);
  flow.text(c.subtitle, fonts.regular, 10, GREY);
  flow.rule();
  for (const f of c.fields) flow.row(f.label, f.value);
  for (const s of c.sections) {
    if (s.heading) flow.heading(s.heading);
    else flow.gap(6);
    for (const p of s.paragraphs) {
      flow.text(p, fonts.regular, 10.5);
      flow.gap(5);
    }
  }
  const boxes: SignatureBox[] = [];
  if (c.signers.length) flow.heading('Signatures');
  for (const s of c.signers) {
    const nameHeight = wrap(s.name, fonts.regular, 10, WIDTH).length * 13.5;
    flow.ensure(16 + BOX.height + nameHeight + 4);
    flow.gap(4);
    flow.text(`Signature of ${s.label}`, fonts.bold, 10);
    flow.gap(2);
    const box = {
      role: s.role,
      page: flow.pageIndex,
      x: MARGIN,
      y: flow.y - BOX.height,
      width: BOX.width,
      height: BOX.height,
    };
    flow.page.drawRectangle({
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      borderColor: GREY,
      borderWidth: 0.75,
    });
    boxes.push(box);
    flow.gap(BOX.height);
    flow.text(s.name, fonts.regular, 10);
    flow.gap(10);
  }
  footer(doc, fonts.regular, 0, `Generated ${when(c.generated_at)}`);
  const bytes = await doc.save();
  return { bytes, sha256: sha256Hex(bytes), boxes };
}

/** Stamps one signature in its box: the signature above, "Signed electronically by NAME on DATE" under it. */
async function stamp(doc: PDFDocument, fonts: Fonts, box: SignatureBox, s: AppliedSignature): Promise<void> {
  const page = doc.getPage(box.page);
  const size = 7;
  const lh = size * 1.3;
  const inner = box.width - 2 * BOX.pad;
  let lines = wrap(`Signed electronically by ${s.name} on ${when(s.signed_at)}`, fonts.regular, size, inner);
  if (lines.length > 3) lines = [...lines.slice(0, 2), `${wrap(lines[2], fonts.regular, size, inner - 12)[0]}...`];
  lines.forEach((line, i) => {
    fonts.regular.draw(page, line, {
      x: box.x + BOX.pad,
      y: box.y + BOX.pad + (lines.length - 1 - i) * lh + 1,
      size,
      color: GREY,
    });
  });
  const area = {
    x: box.x + BOX.pad,
    y: box.y + BOX.pad + lines.length * lh + 2,
    width: inner,
    height: box.height - 2 * BOX.pad - lines.length * lh - 2,
  };
  if (area.height <= 4) return;
  if (s.kind === 'drawn' && s.image_png) {
    const image = await doc.embedPng(s.image_png);
    const scale = Math.min(area.width / image.width, area.height / image.height);
    page.drawImage(image, {
      x: area.x,
      y: area.y + (area.height - image.height * scale) / 2,
      width: image.width * scale,
      height: image.height * scale,
    });
    return;
  }
  const text = printable(s.text ?? s.name).trim() || '?';
  const fit = (24 * area.width) / Math.max(1, fonts.script.widthOfTextAtSize(text, 24));
  const fontSize = Math.max(8, Math.min(24, area.height * 0.8, fit));
  const line = wrap(text, fonts.script, fontSize, area.width)[0];
  fonts.script.draw(page, line, {
    x: area.x,
    y: area.y + (area.height - fontSize) / 2 + fontSize * 0.2,
    size: fontSize,
  });
}

/** Appends the audit certificate: the document, then each signer's evidence. */
function certificate(doc: PDFDocument, fonts: Fonts, signatures: AppliedSignature[], cert: CertificateInfo): void {
  const first = doc.getPageCount();
  const flow = new Flow(doc, fonts);
  flow.text('Audit certificate', fonts.bold, 18);
  flow.text('This certificate records the electronic signing of the document below.', fonts.regular, 10, GREY);
  flow.rule();
  flow.row('Document', cert.document_title);
  flow.row('Reference', cert.document_ref);
  flow.row('Job', cert.job_code);
  flow.row('Generated at', when(cert.generated_at));
  flow.row('Completed at', when(cert.completed_at));
  flow.row('SHA-256 of the original', cert.original_sha256);
  if (cert.sealed_by)
    flow.row(
      'Digital seal',
      `This file is sealed by ${cert.sealed_by} (a PAdES signature): any change made to it after signing shows in a PDF reader's signature panel.`,
    );
  for (const s of signatures) {
    flow.heading(`${s.label}: ${s.name}`, 11);
    flow.row('Role', s.label);
    flow.row('Name', s.name);
    flow.row('Email', s.email);
    flow.row('Consented at', when(s.consent_at));
    flow.row('Signed at', when(s.signed_at));
    flow.row('IP address', s.ip);
    flow.row('Browser', s.user_agent);
    flow.row('How signed', s.kind === 'typed' ? 'Typed signature' : 'Drawn signature');
    const same = s.document_sha256 === cert.original_sha256 ? 'matches the original' : 'DIFFERS from the original';
    flow.row('SHA-256 of the document seen', `${s.document_sha256} (${same})`);
  }
  footer(doc, fonts.regular, first, `${cert.document_ref} · job ${cert.job_code}`, 'Audit certificate · ');
}

/** The signed PDF: each signature stamped in its signer's box, then the appended audit certificate pages. */
export async function signDocument(
  original: Uint8Array,
  boxes: SignatureBox[],
  signatures: AppliedSignature[],
  cert: CertificateInfo,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  doc.setProducer(PRODUCER);
  doc.setModificationDate(dateOf(cert.completed_at));
  // The signatures' texts and the certificate's (images left out: only strings are drawn).
  const fonts = await embedFonts(doc, [
    JSON.stringify(cert),
    JSON.stringify(signatures.map((s) => ({ ...s, image_png: undefined }))),
  ]);
  for (const s of signatures) {
    const box = boxes.find((b) => b.role === s.role);
    if (box && box.page >= 0 && box.page < doc.getPageCount()) await stamp(doc, fonts, box, s);
  }
  certificate(doc, fonts, signatures, cert);
  // A classic cross-reference table: the seal (seal.ts) is appended to it as an incremental update.
  return doc.save({ useObjectStreams: false });
}
