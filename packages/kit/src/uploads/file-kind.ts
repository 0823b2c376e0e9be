/** How many leading bytes are enough to recognise every kind below. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The kind of a file by its first bytes; the name and the declared type are never trusted.
 * Answers null for anything not recognised.
 */
export function sniffFileKind(bytes: Buffer): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('AVI '), 8)) return 'avi';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 14) return 'bmp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, ascii('ftypqt'), 4)) return 'mov';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  if (
    ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) =>
      startsWith(bytes, ascii(atom), 4),
    )
  )
    return 'mov';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3]))
    return 'mpeg';
  if (isPlainText(bytes)) return 'text';
  return null;
}

/**
 * UTF-8 text (a CSV, for instance): decodes strictly and holds no control character but tab,
 * line breaks and form feed. A sequence cut at the end of the bytes read is no fault.
 */
function isPlainText(bytes: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    // eslint-disable-next-line no-control-regex -- control characters are what is looked for
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}
