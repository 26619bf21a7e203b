/**
 * The fonts of the signing PDFs: Noto Sans (Latin with Polish and Vietnamese, Greek, Cyrillic), Noto Sans Arabic and
 * Noto Sans SC (Chinese, with Japanese kana), from their npm packages, embedded (subset: only the glyphs a document
 * uses) by pdf-lib through @cantoo/fontkit (the fontkit v2 fork @cantoo/pdf-lib recommends; @pdf-lib/fontkit's
 * subsetter fails on the Noto faces), which also shapes Arabic (joining forms, right to left).
 * A name prints as typed: each run of text is drawn in the first face of its style that has its glyphs, and the
 * PDF's ToUnicode maps let pdftotext, search and screen readers read it back.
 *
 * assumption: a line mixing scripts is laid out left to right run by run (an Arabic or Hebrew run is itself drawn
 * right to left); a whole paragraph in a right-to-left language would need the Unicode bidi algorithm, which the
 * documents (English text with names and addresses in them) do not.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from '@cantoo/pdf-lib';

const require = createRequire(import.meta.url);

/** A font file of a package, read once per process. */
interface Face {
  file: string;
  /** OpenType features for fontkit's layout. */
  features?: Record<string, boolean>;
  bytes?: Uint8Array;
  cmap?: { hasGlyphForCodePoint(cp: number): boolean };
}
const face = (spec: string, features?: Face['features']): Face => ({ file: spec, features });
/**
 * Noto Sans's glyph composition (ccmp) splits a letter like ị into i and a combining dot whose glyph maps to no
 * character: pdftotext then reads "Thi" for "Thị". Its precomposed glyphs are drawn instead.
 */
const LATIN = { ccmp: false };
const bytesOf = (f: Face) => {
  if (!f.bytes) {
    f.bytes = new Uint8Array(readFileSync(require.resolve(f.file)));
    if (f.features === LATIN) latinBytes.add(f.bytes);
  }
  return f.bytes;
};

/**
 * fontkit for pdf-lib, each font file parsed once per process: pdf-lib asks fontkit to parse the file for every
 * document it embeds it in (350 ms for Noto Sans on 2 cores; 3 styles a document); the parsed font is read-only to
 * pdf-lib (a subset is a new object), so the documents share it: 16 ms an embedding.
 */
const parsed = new WeakMap<Uint8Array, unknown>();
/** The Latin faces' bytes: laid out glyph by glyph (see unshaped). */
const latinBytes = new WeakSet<Uint8Array>();
const sharedFontkit = {
  ...fontkit,
  create(bytes: Uint8Array, postscriptName?: string) {
    let f = parsed.get(bytes);
    if (!f) {
      f = postscriptName ? fontkit.create(bytes as Buffer, postscriptName) : fontkit.create(bytes as Buffer);
      parsed.set(bytes, (f = latinBytes.has(bytes) ? unshaped(f as ShapedFont) : f));
    }
    return f;
  },
};

interface ShapedFont {
  layout(text: string, features?: unknown): { glyphs: unknown[] };
  glyphForCodePoint(cp: number): unknown;
}

/**
 * A Latin face whose layout is its characters' glyphs, one by one: what pdf-lib draws and measures. fontkit's
 * OpenType shaping of every drawn line (each a new string) took most of a long document's time (a second a record of
 * six pages); for Latin text it adds only ligatures and kerning (pdf-lib draws no kerning anyway: it draws glyph ids
 * at their advance widths). Arabic and CJK faces keep their shaping (Arabic letters join).
 */
function unshaped(font: ShapedFont): ShapedFont {
  const fast = Object.create(font as object) as ShapedFont;
  fast.layout = (text: string) => ({ glyphs: Array.from(text, (ch) => font.glyphForCodePoint(ch.codePointAt(0)!)) });
  return fast;
}
const covers = (f: Face, cp: number) =>
  (f.cmap ??= sharedFontkit.create(bytesOf(f)) as unknown as NonNullable<Face['cmap']>).hasGlyphForCodePoint(cp);

const NOTO = '@expo-google-fonts/noto-sans';
const ARABIC = '@expo-google-fonts/noto-sans-arabic';
const CJK = '@expo-google-fonts/noto-sans-sc';
/** Each style's faces, the first that has a character's glyph drawing it. */
const STYLES = {
  regular: [
    face(`${NOTO}/400Regular/NotoSans_400Regular.ttf`, LATIN),
    face(`${ARABIC}/400Regular/NotoSansArabic_400Regular.ttf`),
    face(`${CJK}/400Regular/NotoSansSC_400Regular.ttf`),
  ],
  bold: [
    face(`${NOTO}/700Bold/NotoSans_700Bold.ttf`, LATIN),
    face(`${ARABIC}/700Bold/NotoSansArabic_700Bold.ttf`),
    face(`${CJK}/700Bold/NotoSansSC_700Bold.ttf`),
  ],
  script: [
    face(`${NOTO}/400Regular_Italic/NotoSans_400Regular_Italic.ttf`, LATIN),
    face(`${ARABIC}/400Regular/NotoSansArabic_400Regular.ttf`),
    face(`${CJK}/400Regular/NotoSansSC_400Regular.ttf`),
  ],
} as const;

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  color?: Color;
}

/** A style's text: measured and drawn run by run in the faces that have its characters. */
export interface TextFont {
  widthOfTextAtSize(text: string, size: number): number;
  draw(page: PDFPage, text: string, o: DrawOptions): void;
}

/** Marks and joiners stay in the run of the character before them. */
const JOINS = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

/**
 * Run widths by face (its file and layout features), size and text. fontkit lays a run out on every measurement and
 * wrapping measures each line as it grows, so a document measured the same template text for every job again (about
 * 170 ms a document); a width depends only on the face, the size and the text. Bounded per face.
 */
const WIDTHS = new WeakMap<Face, Map<string, number>>();
const WIDTHS_PER_FACE = 50_000;

class FaceChain implements TextFont {
  private readonly embedded: (PDFFont | undefined)[];
  constructor(
    private readonly doc: PDFDocument,
    private readonly faces: readonly Face[],
  ) {
    this.embedded = faces.map(() => undefined);
  }

  /** The face index for a character: the first with its glyph (the first face when none has it: .notdef). */
  private faceOf(cp: number): number {
    for (let i = 0; i < this.faces.length; i++) if (covers(this.faces[i], cp)) return i;
    return 0;
  }

  private font(i: number): PDFFont {
    const f = this.embedded[i];
    if (!f) throw new Error(`font ${this.faces[i].file} not embedded`);
    return f;
  }

  /** The faces this document's texts need, embedded before anything is measured. */
  async prepare(i: number): Promise<void> {
    const f = this.faces[i];
    this.embedded[i] ??= await this.doc.embedFont(bytesOf(f), {
      subset: true,
      ...(f.features ? { features: f.features } : {}),
    });
  }

  runs(text: string): { face: number; text: string }[] {
    const out: { face: number; text: string }[] = [];
    for (const ch of text) {
      const i = out.length && JOINS.test(ch) ? out[out.length - 1].face : this.faceOf(ch.codePointAt(0)!);
      if (out.length && out[out.length - 1].face === i) out[out.length - 1].text += ch;
      else out.push({ face: i, text: ch });
    }
    return out;
  }

  needs(text: string): Set<number> {
    return new Set(this.runs(text).map((r) => r.face));
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((w, r) => w + this.runWidth(r.face, r.text, size), 0);
  }

  /** A run's width, measured once per face, size and text in the process (see WIDTHS). */
  private runWidth(i: number, text: string, size: number): number {
    const face = this.faces[i];
    const known = WIDTHS.get(face) ?? new Map<string, number>();
    WIDTHS.set(face, known);
    const key = `${size}\n${text}`;
    let w = known.get(key);
    if (w === undefined) {
      w = this.font(i).widthOfTextAtSize(text, size);
      if (known.size >= WIDTHS_PER_FACE) known.clear();
      known.set(key, w);
    }
    return w;
  }

  draw(page: PDFPage, text: string, o: DrawOptions): void {
    let x = o.x;
    for (const r of this.runs(text)) {
      const font = this.font(r.face);
      page.drawText(r.text, { x, y: o.y, size: o.size, font, ...(o.color ? { color: o.color } : {}) });
      x += this.runWidth(r.face, r.text, o.size);
    }
  }
}

export interface Fonts {
  regular: TextFont;
  bold: TextFont;
  script: TextFont;
}

/**
 * The document's fonts. `texts` are every string it will draw (or more): the faces they need are embedded now (the
 * Latin face always), so measuring and drawing later need no await, and a document of English text embeds no CJK.
 */
export async function embedFonts(doc: PDFDocument, texts: Iterable<string>): Promise<Fonts> {
  doc.registerFontkit(sharedFontkit as unknown as typeof fontkit);
  const chains = {
    regular: new FaceChain(doc, STYLES.regular),
    bold: new FaceChain(doc, STYLES.bold),
    script: new FaceChain(doc, STYLES.script),
  };
  const all = [...texts].join('\n');
  for (const chain of Object.values(chains)) {
    const needed = chain.needs(all);
    needed.add(0);
    for (const i of needed) await chain.prepare(i);
  }
  return chains;
}
