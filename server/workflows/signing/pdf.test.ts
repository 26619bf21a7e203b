import { describe, it, expect } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import { renderDocument, signDocument, sha256Hex, type AppliedSignature, type DocumentContent } from './pdf.ts';
import { pdfTool as tool } from '../../../tests/support/pdf-tools.ts';
import { printable } from './pdf-layout.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';

/** A valid 2x2 RGBA PNG, built by hand. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.from([0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 0]);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]),
  );
}

const paragraph = (n: number) =>
  `Clause ${n}. The homeowner agrees that the contractor will install the qualifying equipment described in this agreement, and that the program may verify the installation, the invoice and the income documents before paying the rebate. `.repeat(
    3,
  );

function content(over: Partial<DocumentContent> = {}): DocumentContent {
  return {
    title: 'Program documents bundle',
    subtitle: 'CA HEEHRA · job K7Q2XP · 12 Main St, Fresno',
    sections: [
      { heading: 'Agreement', paragraphs: Array.from({ length: 8 }, (_, i) => paragraph(i + 1)) },
      { heading: 'Assignment of rebate', paragraphs: Array.from({ length: 6 }, (_, i) => paragraph(i + 9)) },
      { heading: null, paragraphs: ['Closing remarks without a heading.'] },
    ],
    fields: [
      { label: 'Homeowner', value: 'Ana Diaz' },
      { label: 'Address', value: '12 Main St, Fresno, CA 93701' },
      { label: 'Contractor', value: 'Sunny Heat Pumps LLC' },
      { label: 'Estimated rebate', value: '$8,000.00' },
    ],
    signers: [
      { role: 'homeowner', label: 'Homeowner', name: 'Ana Diaz' },
      { role: 'contractor', label: 'Contractor', name: 'Bo Chen' },
      { role: 'company_representative', label: 'Company representative', name: 'Cy Ortiz' },
    ],
    generated_at: '2025-03-04T17:22:05.000Z',
    ...over,
  };
}

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 '
  .repeat(3)
  .trim();

function signature(over: Partial<AppliedSignature>): AppliedSignature {
  return {
    role: 'homeowner',
    label: 'Homeowner',
    name: 'Ana Diaz',
    email: 'ana@example.com',
    kind: 'typed',
    text: 'Ana Diaz',
    signed_at: '2025-03-05T10:00:00.000Z',
    ip: '203.0.113.7',
    user_agent: UA,
    consent_at: '2025-03-05T09:59:30.000Z',
    document_sha256: '',
    ...over,
  };
}

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('renderDocument', () => {
  it('renders a multi-page document with the title, the fields, each signer box and page numbers', async () => {
    const { bytes, sha256, boxes } = await renderDocument(content());
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(sha256).toBe(sha256Hex(bytes));
    expect(pages[0]).toContain('Program documents bundle');
    expect(pages[0]).toContain('CA HEEHRA · job K7Q2XP · 12 Main St, Fresno');
    for (const v of ['Ana Diaz', '12 Main St, Fresno, CA 93701', 'Sunny Heat Pumps LLC', '$8,000.00'])
      expect(pages[0]).toContain(v);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    const all = pages.join('\n');
    for (const label of ['Signature of Homeowner', 'Signature of Contractor', 'Signature of Company representative'])
      expect(all).toContain(label);
    expect(boxes.map((b) => b.role)).toEqual(['homeowner', 'contractor', 'company_representative']);
    for (const b of boxes) {
      expect(b.page).toBeGreaterThanOrEqual(0);
      expect(b.page).toBeLessThan(pages.length);
      expect(b.y).toBeGreaterThanOrEqual(60);
      expect(b.x + b.width).toBeLessThanOrEqual(612);
      expect(pages[b.page]).toContain('Signature of');
    }
  });

  it('is deterministic: the same content gives the same bytes, other content other bytes', async () => {
    const a = await renderDocument(content());
    const b = await renderDocument(content());
    expect(b.sha256).toBe(a.sha256);
    const c = await renderDocument(content({ fields: [{ label: 'Homeowner', value: 'Ana Díaz' }] }));
    expect(c.sha256).not.toBe(a.sha256);
    const d = await renderDocument(content({ generated_at: '2025-03-04T17:22:06.000Z' }));
    expect(d.sha256).not.toBe(a.sha256);
  });

  it('survives hostile strings: emoji, CJK, control characters, a 5,000-character word', async () => {
    const word = 'x'.repeat(5000);
    const hostile = `Emoji 😀👍🏽👨‍👩‍👧 CJK 中文字 control \u0000\u0007\u001b[31m tab\tend ${word} done`;
    const { bytes } = await renderDocument(
      content({
        title: hostile,
        subtitle: '日本語 · ½ ﬁ “quotes” — dash € ł',
        sections: [{ heading: hostile, paragraphs: [hostile, '中'.repeat(3000)] }],
        fields: [{ label: hostile, value: hostile }],
        signers: [{ role: 'homeowner', label: 'Homeowner', name: `${'Ana '.repeat(80)}${word}` }],
      }),
    );
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBeLessThan(30);
    expect(pages[0]).toContain('CJK 中文字 control');
    expect(pages.join('\n')).toContain('Signature of Homeowner');
    // Controls and separators print as spaces, bidi overrides and emoji selectors are dropped, the rest is kept (NFC).
    expect(printable('½ ﬁ “q” — € ł 中 \u0007e\u0301\u202eX\u2764\ufe0f')).toBe('½ ﬁ “q” — € ł 中  éX\u2764');
  });
});

describe('signDocument', () => {
  it('stamps each signature and appends the audit certificate', async () => {
    const original = await renderDocument(content());
    const originalPages = (await pdfText(original.bytes)).length;
    const signatures = [
      signature({ document_sha256: original.sha256 }),
      signature({
        role: 'contractor',
        label: 'Contractor',
        name: 'Bo Chen',
        email: 'bo@sunny.example',
        kind: 'drawn',
        text: undefined,
        image_png: tinyPng(),
        ip: '198.51.100.23',
        document_sha256: original.sha256,
      }),
    ];
    const cert = {
      document_title: 'Program documents bundle',
      document_ref: 'DOC-12 generation 1',
      job_code: 'K7Q2XP',
      original_sha256: original.sha256,
      generated_at: '2025-03-04T17:22:05.000Z',
      completed_at: '2025-03-05T10:05:00.000Z',
    };
    const signed = await signDocument(original.bytes, original.boxes, signatures, cert);
    const pages = await pdfText(signed);
    expect(pages.length).toBeGreaterThan(originalPages);
    const body = flat(pages.slice(0, originalPages).join('\n'));
    expect(body).toContain('Signed electronically by Ana Diaz on 2025-03-05 10:00:00 UTC');
    expect(body).toContain('Signed electronically by Bo Chen');
    const certificate = flat(pages.slice(originalPages).join('\n'));
    expect(pages[originalPages]).toContain('Audit certificate');
    for (const v of [
      'DOC-12 generation 1',
      'K7Q2XP',
      original.sha256,
      'Ana Diaz',
      'ana@example.com',
      '203.0.113.7',
      'Bo Chen',
      'bo@sunny.example',
      '198.51.100.23',
      UA,
      'Typed signature',
      'Drawn signature',
      'matches the original',
    ]) {
      expect(certificate).toContain(v);
    }
    // The same signing twice gives the same bytes.
    expect(sha256Hex(await signDocument(original.bytes, original.boxes, signatures, cert))).toBe(sha256Hex(signed));
  });

  it('wraps very long names and user agents without throwing', async () => {
    const name = `${'Maria-Guadalupe '.repeat(20)}${'Z'.repeat(400)}`;
    const original = await renderDocument(content({ signers: [{ role: 'homeowner', label: 'Homeowner', name }] }));
    const signed = await signDocument(
      original.bytes,
      original.boxes,
      [signature({ name, text: name, user_agent: `${UA} ${'q'.repeat(600)} 😀`, document_sha256: 'other' })],
      {
        document_title: 'T',
        document_ref: 'DOC-1 generation 2',
        job_code: 'J',
        original_sha256: original.sha256,
        generated_at: 'not a date',
        completed_at: '2025-03-05T10:05:00.000Z',
      },
    );
    const pages = await pdfText(signed);
    expect(pages.length).toBeLessThan(20);
    expect(flat(pages.join('\n'))).toContain('DIFFERS from the original');
  });
});

describe('names in every script', () => {
  const NAMES = ['王小明', 'Nguyễn Thị Minh Khai', 'Łukasz Żółkiewski', 'عمر'];
  it('print as typed in the document, the stamps and the certificate, in embedded fonts', async () => {
    const original = await renderDocument(
      content({
        fields: NAMES.map((n, i) => ({ label: `Signer ${i + 1}`, value: n })),
        signers: NAMES.map((name, i) => ({
          role: (['homeowner', 'contractor', 'property_manager', 'company_representative'] as const)[i],
          label: `Signer ${i + 1}`,
          name,
        })),
      }),
    );
    const signed = await signDocument(
      original.bytes,
      original.boxes,
      NAMES.map((name, i) =>
        signature({
          role: (['homeowner', 'contractor', 'property_manager', 'company_representative'] as const)[i],
          label: `Signer ${i + 1}`,
          name,
          text: name,
          document_sha256: original.sha256,
        }),
      ),
      {
        document_title: 'Program documents bundle',
        document_ref: 'DOC-12 generation 1',
        job_code: 'K7Q2XP',
        original_sha256: original.sha256,
        generated_at: '2025-03-04T17:22:05.000Z',
        completed_at: '2025-03-05T10:05:00.000Z',
      },
    );
    const text = tool(signed, 'pdftotext', (f) => ['-enc', 'UTF-8', f, '-']);
    for (const name of NAMES) {
      // The document's table, its name under the box, the stamp, the typed signature and the certificate.
      expect(text.split(name).length - 1, `${name} in:\n${text}`).toBeGreaterThanOrEqual(4);
    }
    expect(text).not.toContain('?');
    const fonts = tool(signed, 'pdffonts', (f) => [f]);
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const face of ['NotoSans-Regular', 'NotoSansArabic', 'NotoSansSC']) expect(fonts).toContain(face);
    // Every font embedded (the "emb" column), none of the 14 standard ones left unembedded.
    for (const row of rows) expect(row.split(/\s+/).slice(-5, -4)[0], row).toBe('yes');
    expect(tool(signed, 'qpdf', (f) => ['--check', f])).toContain('No syntax or stream encoding errors');
  });

  it('a document of English text embeds no Chinese or Arabic face', async () => {
    const { bytes } = await renderDocument(content());
    const fonts = tool(bytes, 'pdffonts', (f) => [f]);
    expect(fonts).toContain('NotoSans-Regular');
    expect(fonts).not.toContain('NotoSansSC');
    expect(fonts).not.toContain('NotoSansArabic');
  });
});
