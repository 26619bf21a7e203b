/**
 * The text of a PDF for tests, read back with pdfjs: per page, the text items grouped into lines by their
 * y position (top to bottom), items of a line joined with spaces in x order, lines joined with newlines.
 */

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Item {
  str: string;
  x: number;
  y: number;
}

/** The text of each page of the PDF. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const items: Item[] = [];
      for (const it of content.items) {
        if ('str' in it && it.str.trim())
          items.push({ str: it.str, x: it.transform[4] as number, y: it.transform[5] as number });
      }
      items.sort((a, b) => b.y - a.y || a.x - b.x);
      const lines: Item[][] = [];
      for (const it of items) {
        const line = lines[lines.length - 1];
        if (line && Math.abs(line[0].y - it.y) < 2) line.push(it);
        else lines.push([it]);
      }
      pages.push(
        lines
          .map((l) =>
            l
              .sort((a, b) => a.x - b.x)
              .map((i) => i.str)
              .join(' '),
          )
          .join('\n'),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
