// A screen printed as a PDF (the screen's "pdf" address, e.g. /media/docs/opsti-uslovi.pdf): the same headings and
// texts the page shows, so the document a consent links to never differs from the page. A small PDF 1.4 writer:
// A4 pages, the standard Helvetica fonts (no embedding) with the Latin letters Serbian needs (č ć đ š ž) mapped
// through the font encoding's Differences, text wrapped by the fonts' glyph widths.

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'lead'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The printable blocks of a screen's body, in reading order; `text` resolves a { message } value. */
export function screenBlocks(body: unknown, text: (v: unknown) => string | null): Block[] {
  const out: Block[] = [];
  const rich = (t: string) => {
    for (const para of t.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      const lines = para.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- '))) for (const l of lines) out.push({ kind: 'bullet', text: l.slice(2) });
      else out.push({ kind: 'paragraph', text: lines.join(' ') });
    }
  };
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const n of nodes) {
      if (!isObj(n)) continue;
      const props = isObj(n.props) ? n.props : {};
      const t = (k: string) => (props[k] === undefined ? null : text(props[k]));
      switch (n.component) {
        case 'Section': {
          const title = t('title');
          const sub = t('subtitle');
          if (title) out.push({ kind: props.headingLevel === 1 ? 'title' : 'heading', text: title });
          if (sub) out.push({ kind: 'lead', text: sub });
          break;
        }
        case 'Heading': { const h = t('text'); if (h) out.push({ kind: 'heading', text: h }); break; }
        case 'Text': { const p = t('text'); if (p) out.push({ kind: 'paragraph', text: p }); break; }
        case 'RichText': { const r = t('text'); if (r) rich(r); break; }
        default: break;
      }
      walk(n.children);
    }
  };
  walk(body);
  return out;
}

// ---- encoding: WinAnsi, with the Central European letters put on free codes through /Differences
const EXTRA: Array<[string, string, number]> = [
  // char, glyph name, Helvetica width
  ['Č', 'Ccaron', 722], ['č', 'ccaron', 500], ['Ć', 'Cacute', 722], ['ć', 'cacute', 500],
  ['Đ', 'Dcroat', 722], ['đ', 'dcroat', 556],
];
const EXTRA_CODES = [0x81, 0x8d, 0x8f, 0x90, 0x9d, 0x7f];
const WINANSI: Record<string, number> = {
  'Š': 0x8a, 'š': 0x9a, 'Ž': 0x8e, 'ž': 0x9e, '–': 0x96, '—': 0x97, '„': 0x84, '“': 0x93, '”': 0x94, '‘': 0x91, '’': 0x92,
  '…': 0x85, '•': 0x95, '€': 0x80,
};
const WINANSI_WIDTH: Record<number, number> = { 0x8a: 667, 0x9a: 500, 0x8e: 611, 0x9e: 500, 0x96: 556, 0x97: 1000, 0x84: 333, 0x93: 333, 0x94: 333, 0x91: 222, 0x92: 222, 0x85: 1000, 0x95: 350, 0x80: 556 };
// Helvetica widths of 32..126
const ASCII_WIDTHS = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584];
// Latin-1 letters that WinAnsi has at their own code (é, ü, ö …) are written as they are, with an average width
const extraCode = new Map(EXTRA.map(([c], i) => [c, EXTRA_CODES[i]]));
const extraWidth = new Map(EXTRA.map(([, , w], i) => [EXTRA_CODES[i], w]));

/** A text → the bytes of a PDF string in the font's encoding (unknown characters become "?"). */
function encode(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const c = ch.codePointAt(0)!;
    if (extraCode.has(ch)) out.push(extraCode.get(ch)!);
    else if (WINANSI[ch] !== undefined) out.push(WINANSI[ch]);
    else if (c >= 32 && c < 127) out.push(c);
    else if (c >= 0xa0 && c <= 0xff) out.push(c);
    else if (ch === '\u00a0') out.push(32);
    else out.push(63);
  }
  return out;
}
const widthOf = (code: number) => (code >= 32 && code <= 126 ? ASCII_WIDTHS[code - 32] : extraWidth.get(code) ?? WINANSI_WIDTH[code] ?? 556);
/** width in points of encoded bytes at `size` (bold is about 5 % wider) */
const measure = (codes: number[], size: number, bold: boolean) => (codes.reduce((s, c) => s + widthOf(c), 0) * size * (bold ? 1.05 : 1)) / 1000;

function pdfString(codes: number[]): string {
  let s = '(';
  for (const c of codes) {
    if (c === 0x28 || c === 0x29 || c === 0x5c) s += '\\' + String.fromCharCode(c);
    else if (c < 32 || c > 126) s += '\\' + c.toString(8).padStart(3, '0');
    else s += String.fromCharCode(c);
  }
  return s + ')';
}

/** Words of a text wrapped to lines no wider than `width`. */
function wrap(text: string, size: number, bold: boolean, width: number): number[][] {
  const words = text.split(/\s+/).filter(Boolean).map(encode);
  const space = measure([32], size, bold);
  const lines: number[][] = [];
  let line: number[] = [];
  let w = 0;
  for (const word of words) {
    const ww = measure(word, size, bold);
    if (line.length && w + space + ww > width) {
      lines.push(line);
      line = [];
      w = 0;
    }
    if (line.length) { line.push(32); w += space; }
    line.push(...word);
    w += ww;
  }
  if (line.length) lines.push(line);
  return lines;
}

export interface PdfMeta { title: string; footer: string }

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 56;

/** The PDF of the blocks: A4, title, lead, headings, paragraphs and bullets, a page footer with the page number. */
export function renderPdf(blocks: Block[], meta: PdfMeta, pageLabel: (n: number, of: number) => string): Buffer {
  const style = {
    title: { size: 18, bold: true, lead: 24, before: 0, after: 8, indent: 0 },
    lead: { size: 11, bold: false, lead: 15, before: 0, after: 12, indent: 0 },
    heading: { size: 12.5, bold: true, lead: 17, before: 10, after: 4, indent: 0 },
    paragraph: { size: 10, bold: false, lead: 14, before: 0, after: 6, indent: 0 },
    bullet: { size: 10, bold: false, lead: 14, before: 0, after: 3, indent: 14 },
  } as const;
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  const bottom = MARGIN + 28;
  for (const b of blocks) {
    const st = style[b.kind];
    const lines = wrap(b.text, st.size, st.bold, PAGE_W - 2 * MARGIN - st.indent);
    y -= st.before;
    // a heading never ends a page: keep it with two lines of what follows
    const need = st.lead * Math.min(lines.length, 2) + (b.kind === 'heading' ? 28 : 0);
    if (y - need < bottom && pages[pages.length - 1].length) { pages.push([]); y = PAGE_H - MARGIN; }
    lines.forEach((codes, i) => {
      if (y - st.lead < bottom) { pages.push([]); y = PAGE_H - MARGIN; }
      y -= st.lead;
      const ops = pages[pages.length - 1];
      const x = MARGIN + st.indent;
      if (b.kind === 'bullet' && i === 0) ops.push(`BT /F1 ${st.size} Tf ${(MARGIN + 3).toFixed(2)} ${y.toFixed(2)} Td ${pdfString([0x95])} Tj ET`);
      ops.push(`BT /${st.bold ? 'F2' : 'F1'} ${st.size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(codes)} Tj ET`);
    });
    y -= st.after;
  }

  const objects: string[] = [];
  const add = (body: string) => { objects.push(body); return objects.length; };
  const differences = `[${EXTRA_CODES.map((code, i) => `${code} /${EXTRA[i][1]}`).join(' ')}]`;
  const encoding = add(`<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences ${differences} >>`);
  const f1 = add(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding ${encoding} 0 R >>`);
  const f2 = add(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding ${encoding} 0 R >>`);
  const pagesId = objects.length + pages.length * 2 + 1; // after every page and its content
  const pageIds: number[] = [];
  pages.forEach((ops, i) => {
    const footer = [
      `0.45 0.45 0.45 rg`,
      `BT /F1 8 Tf ${MARGIN} ${MARGIN - 8} Td ${pdfString(encode(meta.footer))} Tj ET`,
      (() => { const label = encode(pageLabel(i + 1, pages.length)); return `BT /F1 8 Tf ${(PAGE_W - MARGIN - measure(label, 8, false)).toFixed(2)} ${MARGIN - 8} Td ${pdfString(label)} Tj ET`; })(),
    ];
    const stream = ['0.1 0.1 0.12 rg', ...ops, ...footer].join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${content} 0 R >>`));
  });
  const pagesObj = add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  if (pagesObj !== pagesId) throw new Error('pdf: object numbering');
  const catalog = add(`<< /Type /Catalog /Pages ${pagesObj} 0 R >>`);
  const info = add(`<< /Title ${pdfString(encode(meta.title))} /Producer (Orbita shop) >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
