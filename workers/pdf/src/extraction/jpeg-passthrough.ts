/** What PDFium hands over of a DCTDecode image: its JPEG's bytes, read here without decoding. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2]);
const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];

export interface JpegHeader {
  width: number;
  height: number;
  components: number;
  /** Bits per sample: 8, or 12, which no browser shows. */
  precision: number;
}

/** An APP1 Exif block that still holds data: its TIFF header not blanked (see `blankExif`). */
const heldExif = (data: Uint8Array, at: number) =>
  EXIF.every((byte, i) => data[at + i] === byte) &&
  data.subarray(at + 6, at + 10).some((byte) => byte !== 0);

/**
 * The frame header of a baseline or progressive JPEG; null when the markers before it do not
 * read cleanly, or when an APP1 Exif block still holds its data: a browser would turn the
 * picture by its orientation, which the PDF does not. A JPEG whose block `blankExif` emptied
 * is taken as it comes.
 */
export function jpegHeader(data: Uint8Array): JpegHeader | null {
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    if (length < 2) return null;
    if (marker === 0xe1 && heldExif(data, at + 4)) return null;
    if (SOF_MARKERS.has(marker)) {
      if (at + 10 > data.length) return null;
      const height = (data[at + 5]! << 8) | data[at + 6]!;
      const width = (data[at + 7]! << 8) | data[at + 8]!;
      return { width, height, components: data[at + 9]!, precision: data[at + 4]! };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan or end before any frame
    at += 2 + length;
  }
  return null;
}

/**
 * The JPEG with each APP1 Exif block's data blanked in place, as pdf.js blanks it: the PDF
 * shows the picture as stored, while a browser would turn it by the Exif orientation.
 */
export function blankExif(data: Uint8Array): Uint8Array {
  let at = 2;
  while (at + 4 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    if (length < 2) break;
    if (marker === 0xe1 && EXIF.every((byte, i) => data[at + 4 + i] === byte)) {
      data.fill(
        0,
        Math.min(at + 4 + EXIF.length, data.length),
        Math.min(at + 2 + length, data.length),
      );
    }
    at += 2 + length;
  }
  return data;
}
