import { readFileSync } from 'node:fs';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, import.meta.url)));

/** A 64 x 48 colour JPEG (three components, YCbCr), made with ffmpeg. */
export const RGB_JPEG = fixture('./figure-rgb.jpg');
/** A 64 x 48 grey JPEG (one component), black on the left to white on the right, from sharp. */
export const GREY_JPEG = fixture('./figure-grey.jpg');

const COLOUR_SPACES = {
  DeviceGray: 'DeviceGray',
  DeviceRGB: 'DeviceRGB',
  // Calibrated RGB: pdf.js converts its colours, so the JPEG's own are not what is shown.
  CalRGB: ['CalRGB', { WhitePoint: [0.9505, 1, 1.089] }],
};

/** A JPEG image XObject as a PDF may hold it; `extra` adds keys to its dictionary. */
export interface JpegImageSpec {
  jpeg: Uint8Array;
  colourSpace: keyof typeof COLOUR_SPACES;
  /** Decode array, e.g. [1, 0, 1, 0, 1, 0] (inverted RGB) or [1, 0] (inverted grey). */
  decode?: number[];
  /** A soft mask (alpha) of the image's size. */
  softMask?: boolean;
  /** With a soft mask: opaque but for a transparent square of this many pixels a side in the
   * image's first corner, instead of half-transparent throughout. */
  transparentCorner?: number;
}

function softMaskData(corner: number | undefined): Uint8Array {
  if (corner === undefined) return new Uint8Array(64 * 48).fill(128);
  const data = new Uint8Array(64 * 48).fill(255);
  for (let row = 0; row < corner; row++) data.fill(0, row * 64, row * 64 + corner);
  return data;
}

/**
 * A one-page PDF with a line of text and each image drawn 128 x 96 points, one below the other,
 * each its own image XObject (so identical bytes in two of them are two objects).
 */
export async function jpegFiguresPdf(images: JpegImageSpec[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Figures of the cold store, as photographed on receipt.', { x: 72, y: 720, font });
  images.forEach((spec, index) => {
    const softMask = spec.softMask
      ? pdf.context.register(
          pdf.context.stream(softMaskData(spec.transparentCorner), {
            Type: 'XObject',
            Subtype: 'Image',
            Width: 64,
            Height: 48,
            BitsPerComponent: 8,
            ColorSpace: 'DeviceGray',
          }),
        )
      : undefined;
    const dict = {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 64,
      Height: 48,
      BitsPerComponent: 8,
      ColorSpace: COLOUR_SPACES[spec.colourSpace],
      Filter: 'DCTDecode',
      ...(spec.decode ? { Decode: spec.decode } : {}),
      ...(softMask ? { SMask: softMask } : {}),
    };
    const ref = pdf.context.register(pdf.context.stream(spec.jpeg, dict));
    const name = page.node.newXObject('Im', ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(128, 0, 0, 96, 72, 600 - index * 110),
      drawObject(name),
      popGraphicsState(),
    );
  });
  return pdf.save({ useObjectStreams: false });
}
