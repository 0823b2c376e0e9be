import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  GREY_JPEG,
  RGB_JPEG,
  jpegFiguresPdf,
  type JpegImageSpec,
} from '../test-support/jpeg-pdf.ts';
import { extractDocument } from './extract-document.ts';
import { renderPage } from './render.ts';
import { blankExif, jpegHeader } from './jpeg-passthrough.ts';
import { toMarkdown } from './markdown.ts';
import { joinPages } from './structure.ts';

const extract = async (images: JpegImageSpec[]) =>
  extractDocument(await jpegFiguresPdf(images), { ocr: false, images: true });

const rgb: JpegImageSpec = { jpeg: RGB_JPEG, colourSpace: 'DeviceRGB' };

describe('a JPEG figure', () => {
  it('is kept as the PDF holds it, byte for byte, and referenced as .jpg', async () => {
    const extraction = await extract([rgb]);
    expect(extraction.figures).toHaveLength(1);
    const [figure] = extraction.figures;
    expect(figure).toMatchObject({
      imageNumber: 1,
      page: 1,
      format: 'jpeg',
      width: 64,
      height: 48,
    });
    expect(Buffer.from(figure!.bytes).equals(Buffer.from(RGB_JPEG))).toBe(true);
    expect(toMarkdown(joinPages(extraction.pages))).toContain('![Figure 1 (page 1)](img-1.jpg)');
  });

  it('is kept once when the same JPEG is painted from two objects', async () => {
    const extraction = await extract([rgb, rgb]);
    expect(extraction.figures.map((figure) => figure.format)).toEqual(['jpeg']);
  });

  it.each([
    ['with a soft mask', { ...rgb, softMask: true }],
    ['in a colour space other than DeviceRGB', { ...rgb, colourSpace: 'CalRGB' as const }],
  ])('%s is decoded and written as PNG, as before', async (_name, spec) => {
    const extraction = await extract([spec]);
    expect(extraction.figures).toHaveLength(1);
    const [figure] = extraction.figures;
    expect(figure).toMatchObject({ format: 'png', width: 64, height: 48 });
    const png = PNG.sync.read(Buffer.from(figure!.bytes));
    expect([png.width, png.height]).toEqual([64, 48]);
    expect(toMarkdown(joinPages(extraction.pages))).toContain('(img-1.png)');
  });

  it.each([1, 4])(
    'with a soft mask transparent only in a %i-pixel corner is drawn, not kept',
    async (corner) => {
      const extraction = await extract([{ ...rgb, softMask: true, transparentCorner: corner }]);
      expect(extraction.figures.map((figure) => figure.format)).toEqual(['png']);
    },
  );

  it.each([
    ['grey', { jpeg: GREY_JPEG, colourSpace: 'DeviceGray' as const, decode: [1, 0] }],
    ['RGB', { ...rgb, decode: [1, 0, 1, 0, 1, 0] }],
  ])('in %s with a Decode array that inverts it is drawn inverted', async (_name, spec) => {
    const [figure] = (await extract([spec])).figures;
    expect(figure).toMatchObject({ format: 'png', width: 64, height: 48 });
    // The JPEG as it is, drawn by PDFium too: a soft mask with one transparent pixel has it
    // drawn rather than kept, the other pixels as they are.
    const masked = { ...spec, decode: undefined, softMask: true, transparentCorner: 1 };
    const [asIs] = (await extract([masked])).figures;
    const inverted = PNG.sync.read(Buffer.from(figure!.bytes)).data;
    const original = PNG.sync.read(Buffer.from(asIs!.bytes)).data;
    let worst = 0;
    for (let at = 4; at < original.length; at += 4) {
      for (let channel = 0; channel < 3; channel++) {
        worst = Math.max(worst, Math.abs(inverted[at + channel]! + original[at + channel]! - 255));
      }
    }
    expect(worst).toBeLessThanOrEqual(2);
    // Not both mid-grey: the grey figure is black on the left, so white there once inverted.
    if (spec.colourSpace === 'DeviceGray') expect(inverted[(20 * 64 + 2) * 4]).toBeGreaterThan(200);
  });

  it('with a Decode array that changes nothing is kept as the PDF holds it', async () => {
    const extraction = await extract([
      { jpeg: GREY_JPEG, colourSpace: 'DeviceGray', decode: [0, 1] },
    ]);
    expect(extraction.figures.map((figure) => figure.format)).toEqual(['jpeg']);
    expect(Buffer.from(extraction.figures[0]!.bytes).equals(Buffer.from(GREY_JPEG))).toBe(true);
  });

  it('is still drawn when the page is rendered for OCR after an extraction', async () => {
    const bytes = await jpegFiguresPdf([rgb]);
    await extractDocument(bytes.slice(), { ocr: false, images: true });
    const page = PNG.sync.read(Buffer.from(await renderPage(bytes, 1)));
    // The image's middle, 136 x 144 points from the top left, at the rendering's scale.
    const scale = page.width / 612;
    const at = (Math.round(144 * scale) * page.width + Math.round(136 * scale)) * 4;
    const [r, g, b] = page.data.subarray(at, at + 3);
    expect(r! + g! + b!).toBeLessThan(3 * 240);
  });
});

/** Where the frame header (baseline SOF0) starts. */
const sofAt = (jpeg: Uint8Array) => Buffer.from(jpeg).indexOf(Buffer.of(0xff, 0xc0));

describe('the JPEG frame header', () => {
  it('gives the size and components, and nothing for EXIF or a broken file', () => {
    expect(jpegHeader(RGB_JPEG)).toEqual({ width: 64, height: 48, components: 3, precision: 8 });
    const grey = RGB_JPEG.slice();
    grey[sofAt(grey) + 9] = 1;
    expect(jpegHeader(grey)).toMatchObject({ width: 64, height: 48, components: 1 });
    // An APP1 Exif block with a TIFF header (little-endian), then the same blanked.
    const exif = (tiff: number[]) =>
      Uint8Array.from([
        ...[0xff, 0xd8, 0xff, 0xe1, 0, 12, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff],
        ...RGB_JPEG.subarray(2),
      ]);
    expect(jpegHeader(exif([0x49, 0x49, 0x2a, 0]))).toBeNull();
    expect(jpegHeader(exif([0, 0, 0, 0]))).toMatchObject({ width: 64, height: 48, components: 3 });
    expect(jpegHeader(RGB_JPEG.subarray(0, 20))).toBeNull();
  });

  it('reads the precision: a 12-bit JPEG, which no browser shows, is drawn instead', () => {
    const twelveBits = RGB_JPEG.slice();
    twelveBits[sofAt(twelveBits) + 4] = 12;
    expect(jpegHeader(twelveBits)).toMatchObject({ precision: 12 });
  });

  it('is read once an Exif block is blanked, as no browser then turns the picture', () => {
    const exif = Uint8Array.from([
      ...[0xff, 0xd8, 0xff, 0xe1, 0, 12, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49, 0x2a, 0],
      ...RGB_JPEG.subarray(2),
    ]);
    expect(jpegHeader(exif)).toBeNull();
    expect(jpegHeader(blankExif(exif))).toMatchObject({ width: 64, height: 48, components: 3 });
  });
});
