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

/** Control characters no text holds: all but tab, line breaks and form feed. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** The five bytes Windows-1252 gives no character. */
const NOT_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Text (a CSV, for instance) in UTF-8, or in Windows-1252, what Excel's "CSV" is on a European
 * Windows (the people import reads each cell in either): no control character but tab, line
 * breaks and form feed. A UTF-8 sequence cut at the end of the bytes read is no fault.
 */
function isPlainText(bytes: Buffer): boolean {
  try {
    return !CONTROL.test(new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }));
  } catch {
    return (
      !bytes.some((byte) => NOT_WINDOWS_1252.has(byte)) && !CONTROL.test(bytes.toString('latin1'))
    );
  }
}
