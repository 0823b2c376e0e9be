import { multiply, unitSquareBox, type Box, type Matrix } from './images.ts';
import { blankExif, jpegHeader } from './jpeg-passthrough.ts';
import type { PdfiumExports, Scratch } from './pdfium.ts';
import type { RasterImage } from './png.ts';

const IMAGE_OBJECT = 3;
const FORM_OBJECT = 5;
/** Images above this many pixels are not decoded: they would not fit the memory limit. */
const MAX_IMAGE_PIXELS = 40_000_000;
/** PDFium's colour spaces whose JPEGs a browser shows as the PDF does. */
const JPEG_COLOUR_SPACES = new Set([1, 2, 7]); // DeviceGray, DeviceRGB, ICCBased
const FPDF_BITMAP_GRAY = 1;
const FPDF_BITMAP_BGR = 2;
const FPDF_BITMAP_BGRX = 3;
const FPDF_BITMAP_BGRA = 4;
/** Pixels a side of the drawing that tells whether a JPEG is shown as it is (a mask, Decode). */
const PROBE_SIZE = 8;
/**
 * Mean difference (of 255, per colour) between the image drawn and its JPEG alone drawn under
 * which the JPEG is kept: an ICC profile moves colours a little, an inversion by far more (a
 * picture near mid-grey throughout, which inverting hardly changes, is kept and looks right).
 */
const MAX_PROBE_DIFFERENCE = 12;
const FILTER_NAME_BYTES = 32;

/** An image object of the page and its box on the page (PDF user space). */
export interface PageImage {
  object: number;
  box: Box;
}

export interface PageImages {
  images: PageImage[];
  /** Any image at all, masks included: a page of scanned text may be painted as masks. */
  hasAnyImage: boolean;
}

/** An image's pixels as its figure needs them: a JPEG as the file holds it, or a raster. */
export type ImageContent =
  | { format: 'jpeg'; width: number; height: number; bytes: Uint8Array }
  | { format: 'png'; raster: RasterImage };

/** Corners of an object's bounds (in its form's space) mapped through the forms around it. */
function boxThrough(matrix: Matrix, left: number, bottom: number, right: number, top: number) {
  const scale: Matrix = [right - left, 0, 0, top - bottom, left, bottom];
  return unitSquareBox(multiply(matrix, scale));
}

/** Reads image objects (forms followed) and their pixels through PDFium. */
export class ImageReader {
  private readonly fpdf: PdfiumExports;
  private readonly scratch: Scratch;

  constructor(fpdf: PdfiumExports, scratch: Scratch) {
    this.fpdf = fpdf;
    this.scratch = scratch;
  }

  pageImages(page: number): PageImages {
    const found: PageImages = { images: [], hasAnyImage: false };
    const { fpdf } = this;
    const count = fpdf.FPDFPage_CountObjects(page);
    this.walk(count, (index) => fpdf.FPDFPage_GetObject(page, index), null, found);
    return found;
  }

  private walk(
    count: number,
    objectAt: (index: number) => number,
    matrix: Matrix | null,
    found: PageImages,
  ): void {
    const { fpdf, scratch } = this;
    for (let index = 0; index < count; index++) {
      const object = objectAt(index);
      const type = fpdf.FPDFPageObj_GetType(object);
      if (type === IMAGE_OBJECT) {
        found.hasAnyImage = true;
        if (!fpdf.FPDFPageObj_GetBounds(object, ...this.slots(0, 4))) continue;
        const [left, bottom, right, top] = [0, 1, 2, 3].map((slot) => scratch.float(slot)) as [
          number,
          number,
          number,
          number,
        ];
        const box = matrix
          ? boxThrough(matrix, left, bottom, right, top)
          : { x: left, y: bottom, width: right - left, height: top - bottom };
        found.images.push({ object, box });
      } else if (type === FORM_OBJECT) {
        if (!fpdf.FPDFPageObj_GetMatrix(object, scratch.at(0))) continue;
        const own = [0, 1, 2, 3, 4, 5].map((i) => scratch.packedFloatAt(0, i)) as Matrix;
        const inner = matrix ? multiply(matrix, own) : own;
        const forms = fpdf.FPDFFormObj_CountObjects(object);
        this.walk(forms, (child) => fpdf.FPDFFormObj_GetObject(object, child), inner, found);
      }
    }
  }

  private slots(first: number, count: number): [number, number, number, number] {
    return Array.from({ length: count }, (_, i) => this.scratch.at(first + i)) as [
      number,
      number,
      number,
      number,
    ];
  }

  /** The image's size in pixels, or null when PDFium cannot tell. */
  pixelSize(image: number): { width: number; height: number } | null {
    const { fpdf, scratch } = this;
    if (!fpdf.FPDFImageObj_GetImagePixelSize(image, scratch.at(0), scratch.at(1))) return null;
    return { width: scratch.int(0) >>> 0, height: scratch.int(1) >>> 0 };
  }

  /** The figure's content: a JPEG browsers show as the PDF does, else the rendered pixels. */
  content(document: number, page: number, image: number): ImageContent | null {
    const size = this.pixelSize(image);
    if (!size || size.width * size.height > MAX_IMAGE_PIXELS) return null;
    return this.plainJpeg(document, page, image) ?? this.rendered(document, page, image, size);
  }

  /** The last of the image's filters: the one that makes its pixels (DCTDecode: a JPEG). */
  private lastFilter(image: number): string | null {
    const { fpdf, scratch } = this;
    const count = fpdf.FPDFImageObj_GetImageFilterCount(image);
    if (count < 1) return null;
    const at = scratch.at(2);
    const length = fpdf.FPDFImageObj_GetImageFilter(image, count - 1, at, FILTER_NAME_BYTES);
    if (length <= 1 || length > FILTER_NAME_BYTES) return null;
    return Buffer.from(fpdf.memory.buffer, at, length - 1).toString('latin1');
  }

  /**
   * The JPEG's own bytes when nothing the PDF adds (a mask, a colour space, a Decode array)
   * changes them: what a browser shows of the bytes is what the PDF shows.
   */
  private plainJpeg(document: number, page: number, image: number): ImageContent | null {
    const { fpdf, scratch } = this;
    if (this.lastFilter(image) !== 'DCTDecode' || fpdf.FPDFPageObj_HasTransparency(image)) {
      return null;
    }
    // FPDF_IMAGEOBJ_METADATA: width, height, dpi x, dpi y, bits per pixel, colour space, ...
    if (!fpdf.FPDFImageObj_GetImageMetadata(image, page, scratch.at(0))) return null;
    if (!JPEG_COLOUR_SPACES.has(new Int32Array(fpdf.memory.buffer, scratch.at(0), 7)[5]!)) {
      return null;
    }
    // Decoded by every filter but DCTDecode (PDFium leaves image codecs to its renderer): the
    // JPEG, also when it was compressed again (FlateDecode before DCTDecode).
    const length = fpdf.FPDFImageObj_GetImageDataDecoded(image, 0, 0);
    if (length <= 0) return null;
    const data = fpdf.malloc(length);
    try {
      fpdf.FPDFImageObj_GetImageDataDecoded(image, data, length);
      const bytes = blankExif(new Uint8Array(fpdf.memory.buffer, data, length).slice());
      const header = jpegHeader(bytes);
      if (!header || header.precision !== 8 || ![1, 3].includes(header.components)) return null;
      if (!this.drawnAsItsJpeg(document, page, image, data, length)) return null;
      return { format: 'jpeg', width: header.width, height: header.height, bytes };
    } finally {
      fpdf.free(data);
    }
  }

  /**
   * Whether the image, drawn a few pixels small (its JPEG decoded at an eighth of its size), is
   * opaque and looks as its JPEG alone drawn so: PDFium tells neither an image's mask nor its
   * Decode array (an inverted grey or RGB JPEG, `/Decode [1 0]`), so both are seen in pixels.
   */
  private drawnAsItsJpeg(
    document: number,
    page: number,
    image: number,
    data: number,
    length: number,
  ): boolean {
    const { fpdf } = this;
    const drawn = this.drawn(document, page, image, PROBE_SIZE, PROBE_SIZE);
    if (!drawn) return false;
    const alone = fpdf.FPDFPageObj_NewImageObj(document);
    let aloneDrawn = 0;
    try {
      const shown = this.probePixels(drawn, true);
      if (!shown || !alone || !fpdf.EPDFImageObj_SetJpeg(0, 0, alone, data, length)) return false;
      aloneDrawn = this.drawn(document, page, alone, PROBE_SIZE, PROBE_SIZE);
      const itself = aloneDrawn ? this.probePixels(aloneDrawn, false) : null;
      return itself !== null && meanDifference(shown, itself) <= MAX_PROBE_DIFFERENCE;
    } finally {
      if (aloneDrawn) fpdf.FPDFBitmap_Destroy(aloneDrawn);
      if (alone) fpdf.FPDFPageObj_Destroy(alone);
      fpdf.FPDFBitmap_Destroy(drawn);
    }
  }

  /** A probe's BGRA pixels (copied); null when it is not BGRA, or `opaque` and it is not. */
  private probePixels(bitmap: number, opaque: boolean): Uint8Array | null {
    const { fpdf } = this;
    if (fpdf.FPDFBitmap_GetFormat(bitmap) !== FPDF_BITMAP_BGRA) return null;
    const stride = fpdf.FPDFBitmap_GetStride(bitmap);
    const source = new Uint8Array(fpdf.memory.buffer, fpdf.FPDFBitmap_GetBuffer(bitmap));
    if (opaque && !isOpaque(source, PROBE_SIZE, PROBE_SIZE, stride)) return null;
    const pixels = new Uint8Array(PROBE_SIZE * PROBE_SIZE * 4);
    for (let row = 0; row < PROBE_SIZE; row++) {
      pixels.set(
        source.subarray(row * stride, row * stride + PROBE_SIZE * 4),
        row * PROBE_SIZE * 4,
      );
    }
    return pixels;
  }

  /** The image drawn at `width` × `height` pixels (PDFium draws it at its size on the page). */
  private drawn(document: number, page: number, image: number, width: number, height: number) {
    const { fpdf, scratch } = this;
    if (!fpdf.FPDFPageObj_GetMatrix(image, scratch.at(0))) return 0;
    const own = [0, 1, 2, 3, 4, 5].map((i) => scratch.packedFloatAt(0, i));
    scratch.setFloats(0, [width, 0, 0, height, 0, 0]);
    fpdf.FPDFPageObj_SetMatrix(image, scratch.at(0));
    const bitmap = fpdf.FPDFImageObj_GetRenderedBitmap(document, page, image);
    scratch.setFloats(0, own);
    fpdf.FPDFPageObj_SetMatrix(image, scratch.at(0));
    return bitmap;
  }

  /** The image drawn with its mask, decode array and colour space at its own pixel size. */
  private rendered(
    document: number,
    page: number,
    image: number,
    size: { width: number; height: number },
  ): ImageContent | null {
    const { fpdf } = this;
    const bitmap = this.drawn(document, page, image, size.width, size.height);
    if (!bitmap) return null;
    try {
      const raster = rasterOf(fpdf, bitmap);
      return raster && { format: 'png', raster };
    } finally {
      fpdf.FPDFBitmap_Destroy(bitmap);
    }
  }
}

/** PDFium's BGR(A) or grey rows as PNG rows: grey, RGB, or RGBA only where alpha is used. */
function rasterOf(fpdf: PdfiumExports, bitmap: number): RasterImage | null {
  const width = fpdf.FPDFBitmap_GetWidth(bitmap);
  const height = fpdf.FPDFBitmap_GetHeight(bitmap);
  const stride = fpdf.FPDFBitmap_GetStride(bitmap);
  const format = fpdf.FPDFBitmap_GetFormat(bitmap);
  if (width <= 0 || height <= 0) return null;
  const source = new Uint8Array(fpdf.memory.buffer, fpdf.FPDFBitmap_GetBuffer(bitmap));
  if (format === FPDF_BITMAP_GRAY) {
    const data = new Uint8Array(width * height);
    for (let row = 0; row < height; row++) {
      data.set(source.subarray(row * stride, row * stride + width), row * width);
    }
    return { width, height, bitDepth: 8, colourType: 0, rowBytes: width, data };
  }
  const channels = format === FPDF_BITMAP_BGR ? 3 : 4;
  const opaque =
    channels === 3 || format === FPDF_BITMAP_BGRX || isOpaque(source, width, height, stride);
  const out = opaque ? 3 : 4;
  const data = new Uint8Array(width * height * out);
  let at = 0;
  for (let row = 0; row < height; row++) {
    let from = row * stride;
    for (let column = 0; column < width; column++, from += channels, at += out) {
      data[at] = source[from + 2]!;
      data[at + 1] = source[from + 1]!;
      data[at + 2] = source[from]!;
      if (!opaque) data[at + 3] = source[from + 3]!;
    }
  }
  return opaque
    ? { width, height, bitDepth: 8, colourType: 2, rowBytes: width * 3, data }
    : { width, height, bitDepth: 8, colourType: 6, rowBytes: width * 4, data };
}

/** Mean difference of the colours (not alpha) of two BGRA probes of one size. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let at = 0; at < a.length; at += 4) {
    for (let channel = 0; channel < 3; channel++)
      sum += Math.abs(a[at + channel]! - b[at + channel]!);
  }
  return sum / ((a.length / 4) * 3);
}

function isOpaque(source: Uint8Array, width: number, height: number, stride: number): boolean {
  for (let row = 0; row < height; row++) {
    const end = row * stride + width * 4;
    for (let at = row * stride + 3; at < end; at += 4) if (source[at] !== 255) return false;
  }
  return true;
}
