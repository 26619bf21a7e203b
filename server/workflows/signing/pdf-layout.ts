/**
 * The layout under the signing PDFs (server/workflows/signing/pdf.ts): letter-size pages, embedded Unicode fonts
 * (pdf-fonts.ts), text wrapped by measured width, and a cursor flowing text and label/value
 * rows down the pages, with footers "Page n of m".
 */

import { rgb, type Color, type PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import type { Fonts, TextFont } from './pdf-fonts.ts';

export type { Fonts, TextFont };

export const PAGE: [number, number] = [612, 792];
export const MARGIN = 60;
export const WIDTH = PAGE[0] - 2 * MARGIN;
export const LABEL_WIDTH = 140;
export const BOX = { width: 300, height: 64, pad: 6 };
export const GREY = rgb(0.35, 0.35, 0.35);
export const BLACK = rgb(0, 0, 0);
export const PRODUCER = 'Rebate portal';

/**
 * The text as it is drawn: NFC, controls and separators as spaces, emoji presentation selectors dropped (every other
 * character is drawn by a face that has it, server/workflows/signing/pdf-fonts.ts).
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (/\p{Cc}|\p{Zs}|\p{Zl}|\p{Zp}/u.test(ch)) out += ' ';
    else if (/\uFE0F|\uFE0E|[\u202a-\u202e\u2066-\u2069]/u.test(ch)) continue;
    else out += ch;
  }
  return out;
}

/** Splits a word wider than `width` into pieces that fit. */
export function breakWord(word: string, font: TextFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let w = 0;
  for (const ch of word) {
    const cw = font.widthOfTextAtSize(ch, size);
    if (piece && w + cw > width) {
      pieces.push(piece);
      piece = '';
      w = 0;
    }
    piece += ch;
    w += cw;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The text's lines once wrapped to `width` by measured width (hard line breaks kept; long words broken). A line's width
 * is the sum of its words' and spaces' widths, each measured once (fontkit lays out every measured string, and a line
 * measured whole as it grows cost a second per page of long sentences); no face kerns across a space.
 */
export function wrap(text: string, font: TextFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = font.widthOfTextAtSize(' ', size);
  for (const hard of text.split(/\r\n|\r|\n/)) {
    let line = '';
    let used = 0;
    for (const word of printable(hard).split(' ').filter(Boolean)) {
      const w = font.widthOfTextAtSize(word, size);
      if (line && used + space + w <= width) {
        line = `${line} ${word}`;
        used += space + w;
        continue;
      }
      if (!line && w <= width) {
        line = word;
        used = w;
        continue;
      }
      if (line) lines.push(line);
      const pieces = w <= width ? [word] : breakWord(word, font, size, width);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
      used = font.widthOfTextAtSize(line, size);
    }
    lines.push(line);
  }
  return lines;
}

/** A cursor flowing text down the pages of a document, adding a page when the next line does not fit. */
export class Flow {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  get pageIndex(): number {
    return this.doc.getPageCount() - 1;
  }

  newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Starts a new page unless `height` fits above the bottom margin (or the page is still empty). */
  ensure(height: number): void {
    if (this.y - height < MARGIN && this.y < PAGE[1] - MARGIN) this.newPage();
  }

  gap(height: number): void {
    this.y -= height;
  }

  /** Draws the text wrapped to the page, one line at a time. */
  text(text: string, font: TextFont, size: number, color: Color = BLACK, x = MARGIN, width = WIDTH): void {
    const lh = size * 1.35;
    for (const line of wrap(text, font, size, width)) {
      this.ensure(lh);
      this.y -= lh;
      if (line) font.draw(this.page, line, { x, y: this.y + lh * 0.25, size, color });
    }
  }

  /** A label and its value side by side, both wrapped; kept on one page when it fits. */
  row(label: string, value: string, size = 9.5): void {
    const lh = size * 1.35;
    const labels = wrap(label, this.fonts.bold, size, LABEL_WIDTH - 10);
    const values = wrap(value, this.fonts.regular, size, WIDTH - LABEL_WIDTH);
    const n = Math.max(labels.length, values.length);
    this.ensure(Math.min(n * lh, PAGE[1] - 2 * MARGIN));
    for (let i = 0; i < n; i++) {
      this.ensure(lh);
      this.y -= lh;
      const y = this.y + lh * 0.25;
      if (labels[i]) this.fonts.bold.draw(this.page, labels[i], { x: MARGIN, y, size, color: GREY });
      if (values[i]) this.fonts.regular.draw(this.page, values[i], { x: MARGIN + LABEL_WIDTH, y, size });
    }
    this.y -= 2;
  }

  /** A heading kept with the first lines after it. */
  heading(text: string, size = 12): void {
    this.ensure(size * 1.35 + 30);
    this.gap(8);
    this.text(text, this.fonts.bold, size);
    this.gap(2);
  }

  rule(): void {
    this.gap(6);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.gap(8);
  }
}

/** A date from an ISO time (the epoch when it is not one, so a PDF is always written). */
export function dateOf(iso: string): Date {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

/** An ISO time as people read it: 2025-03-04 17:22:05 UTC (the text as given when it is not a time). */
export function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Writes a footer on pages [from, to): left text and "<prefix>Page n of m" on the right. */
export function footer(doc: PDFDocument, font: TextFont, from: number, left: string, prefix = ''): void {
  const pages = doc.getPages().slice(from);
  const size = 8;
  pages.forEach((page, i) => {
    const right = `${prefix}Page ${i + 1} of ${pages.length}`;
    const rw = font.widthOfTextAtSize(right, size);
    font.draw(page, right, { x: MARGIN + WIDTH - rw, y: MARGIN / 2, size, color: GREY });
    font.draw(page, wrap(left, font, size, WIDTH - rw - 20)[0], { x: MARGIN, y: MARGIN / 2, size, color: GREY });
  });
}
