import { MessageChannel, MessagePort, receiveMessageOnPort } from 'node:worker_threads';

const RENDERING = Symbol.for('hub.pdf.renderingDocuments');

/** What pdf.js hands to `new ImageDecoder(...)`: a JPEG stream's bytes, from its SOI marker. */
interface DecoderInit {
  data: Uint8Array;
  type: string;
}

/**
 * Documents open that draw pages: while any is, every JPEG is decoded by pdf.js as before. Kept
 * on the global, as the decoder is: a second copy of this module in the thread (a test runner's
 * shared module graph) installs no decoder of its own, so its count must be the same one.
 */
const rendering: { documents: number } = ((globalThis as { [RENDERING]?: { documents: number } })[
  RENDERING
] ??= { documents: 0 });

/** Counts a document that draws its pages for as long as it is open (see `rendering`). */
export function holdRendering(): () => void {
  rendering.documents++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rendering.documents--;
  };
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2]);
const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];

export interface JpegHeader {
  width: number;
  height: number;
  components: number;
  /** Bits per sample: 8, or 12, which no browser shows. */
  precision: number;
}

/** An APP1 Exif block that still holds data: its TIFF header not blanked as pdf.js blanks it. */
const heldExif = (data: Uint8Array, at: number) =>
  EXIF.every((byte, i) => data[at + i] === byte) &&
  data.subarray(at + 6, at + 10).some((byte) => byte !== 0);

/**
 * The frame header of a baseline or progressive JPEG; null when the markers before it do not
 * read cleanly, or when an APP1 Exif block still holds its data: a browser would turn the
 * picture by its orientation, which the PDF does not. pdf.js blanks that block before it hands
 * the bytes on (so no browser turns it), and such a JPEG is taken as it comes.
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
 * Stands in for the web's ImageDecoder, which Node lacks. pdf.js offers it a JPEG only when the
 * JPEG's own pixels are what the PDF shows: DeviceRGB, 8 bits, no Decode array, no SMask or
 * Mask, drawn at its own size, not CMYK or untransformed YCC. Instead of decoding, it hands the
 * bytes over as pdf.js gives them (the stream's, an EXIF block blanked) through a MessagePort,
 * which pdf.js posts to the page as the image's `bitmap`: a port, since pdf.js transfers the
 * bitmap and closes it when the page is cleaned up. A port cannot be cloned, so pdf.js's copy of
 * a large image from an earlier page's objects into the document's cache would fail; the
 * extraction cleans up every page before the next, so there is never one to copy. Refusing (a
 * rejected decode) makes pdf.js decode the JPEG itself, as it did before.
 */
export class JpegPassthroughDecoder {
  static isTypeSupported(type: string): Promise<boolean> {
    return Promise.resolve(type === 'image/jpeg');
  }

  readonly #data: Uint8Array;
  readonly #type: string;

  constructor(init: DecoderInit) {
    this.#data = init.data;
    this.#type = init.type;
  }

  decode(): Promise<{ image: MessagePort }> {
    const header = jpegHeader(this.#data);
    if (
      rendering.documents > 0 ||
      this.#type !== 'image/jpeg' ||
      !header ||
      header.components !== 3 ||
      header.precision !== 8
    ) {
      return Promise.reject(new Error('left to pdf.js'));
    }
    const { port1, port2 } = new MessageChannel();
    // A copy: the bytes are a view into pdf.js's stream.
    port1.postMessage(this.#data.slice());
    port1.close();
    return Promise.resolve({ image: port2 });
  }

  close(): void {}
}

/**
 * Installs the decoder as the global ImageDecoder where none exists. pdf.js checks for it once,
 * when a document asks for it first, so this runs before any document is opened.
 */
export function useJpegPassthrough(): void {
  (globalThis as { ImageDecoder?: unknown }).ImageDecoder ??= JpegPassthroughDecoder;
}

const received = new WeakMap<object, Uint8Array>();

/**
 * The JPEG bytes of an image pdf.js left undecoded; null for decoded pixels. The image object
 * can be read again (an image painted twice, or cached for the document), so the bytes taken
 * from its port are remembered.
 */
export function passedJpeg(image: { bitmap?: unknown }): Uint8Array | null {
  const port = image.bitmap;
  if (!(port instanceof MessagePort)) return null;
  const known = received.get(port);
  if (known) return known;
  const message = receiveMessageOnPort(port)?.message as unknown;
  if (!(message instanceof Uint8Array)) return null;
  received.set(port, message);
  return message;
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
