import { deflateSync } from 'node:zlib';

/** Assembles a PDF from its numbered objects, with a correct cross-reference table. */
function assemble(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/**
 * A one-page PDF of a few hundred kilobytes whose content stream, once inflated, shows `words`
 * separate pieces of text: reading it costs time in proportion, and holds one object per piece,
 * so it exhausts a bounded heap or a deadline long before it ends. A "zip bomb" of text.
 */
export function endlessTextPdf(words: number): Buffer {
  const word = 'BT /F1 9 Tf 10 10 Td (overflow) Tj ET\n';
  const content = deflateSync(Buffer.from(word.repeat(words), 'latin1'), { level: 9 });
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    stream('/Filter /FlateDecode', content),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * A PDF whose first page is one line of `characters` characters, a few hundred kilobytes once
 * compressed: loading the page costs a few bytes a character, its text (PDFium's text page) a
 * hundred or more, all of it inside PDFium's heap. With `thenLight`, a page of one word follows.
 */
export function heavyTextPagePdf(characters: number, thenLight: boolean): Buffer {
  // PDFium reads at most 32,767 bytes of a string: the line is shown in pieces of 10,000.
  const piece = `(${'x'.repeat(10_000)}) Tj\n`;
  const line = `BT /F1 1 Tf 0 10 Td\n${piece.repeat(Math.ceil(characters / 10_000))}ET\n`;
  const content = deflateSync(Buffer.from(line, 'latin1'), { level: 9 });
  const light = 'BT /F1 12 Tf 72 720 Td (Done) Tj ET';
  const page = (contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R ` +
    '/Resources << /Font << /F1 6 0 R >> >> >>';
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R${thenLight ? ' 4 0 R' : ''}] /Count ${thenLight ? 2 : 1} >>`,
    page(5),
    page(7),
    stream('/Filter /FlateDecode', content),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    stream('', Buffer.from(light, 'latin1')),
  ]);
}

/**
 * A PDF whose one page sits `levels` deep in its page tree, a tree node in each other: PDFium
 * walks the tree recursively (up to 1,024 levels), so a thread with a small enough stack overflows
 * it inside the wasm, mid-read of a file it opened.
 */
export function deepPageTreePdf(levels: number): Buffer {
  const nodes = Array.from({ length: levels }, (_, level) => {
    const parent = level === 0 ? '' : ` /Parent ${level + 1} 0 R`;
    return `<< /Type /Pages /Kids [${level + 3} 0 R] /Count 1${parent} >>`;
  });
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    ...nodes,
    `<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 612 792] >>`,
  ]);
}
