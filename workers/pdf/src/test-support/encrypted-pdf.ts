import { createHash } from 'node:crypto';

/** The padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3). */
const PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

const padded = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/** RC4, which OpenSSL 3 leaves out of its default provider. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/**
 * A one-page PDF that opens only with the user password `secret` (standard security handler,
 * revision 2, 40-bit RC4): a reader without the password must refuse it.
 */
export function passwordProtectedPdf(): Buffer {
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = -4;
  const owner = rc4(md5(padded('owner')).subarray(0, 5), padded('secret'));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded('secret'), owner, p, id).subarray(0, 5);
  const user = rc4(key, PADDING);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> ` +
      `/P ${permissions} >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const trailer =
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R ` +
    `/ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.from(body + xref + trailer, 'latin1');
}
