import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

/** A 2D affine matrix [a, b, c, d, e, f] as PDF writes it. */
export type Matrix = [number, number, number, number, number, number];

/** The operator codes the image walk reads (pdf.js `OPS`). */
export interface ImageOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageXObjectRepeat: number;
  paintImageMaskXObject: number;
  paintImageMaskXObjectGroup: number;
  paintImageMaskXObjectRepeat: number;
  paintInlineImageXObjectGroup: number;
  paintSolidColorImageMask: number;
}

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** An image painted on the page: its pdf.js object (by id or inline) and its box on the page. */
export interface ImagePaint {
  source: string | DecodedImage;
  box: Box;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels as pdf.js decodes them: kind 1 is 1 bit grey, 2 is RGB, 3 is RGBA. */
export interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** The unit square an image is painted into, mapped to the page. */
export function unitSquareBox(m: Matrix): Box {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([u, v]) => [m[0] * u! + m[2] * v! + m[4], m[1] * u! + m[3] * v! + m[5]]);
  const xs = corners.map((c) => c[0]!);
  const ys = corners.map((c) => c[1]!);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const isMatrix = (value: unknown): value is Matrix =>
  (Array.isArray(value) || ArrayBuffer.isView(value)) && (value as ArrayLike<unknown>).length === 6;

export interface PageImages {
  paints: ImagePaint[];
  /** Any image at all, masks included: a page of scanned text may be painted as masks. */
  hasAnyImage: boolean;
}

/** Follows the graphics state through the operator list to find where each image is painted. */
export function findImagePaints(list: OperatorList, ops: ImageOps): PageImages {
  const paints: ImagePaint[] = [];
  const stack: Matrix[] = [];
  let current = IDENTITY;
  let hasAnyImage = false;
  const maskOps = new Set([
    ops.paintImageMaskXObject,
    ops.paintImageMaskXObjectGroup,
    ops.paintImageMaskXObjectRepeat,
    ops.paintInlineImageXObjectGroup,
    ops.paintSolidColorImageMask,
    ops.paintImageXObjectRepeat,
  ]);
  list.fnArray.forEach((fn, index) => {
    const args = (list.argsArray[index] ?? []) as unknown[];
    if (fn === ops.save) stack.push(current);
    else if (fn === ops.restore) current = stack.pop() ?? IDENTITY;
    else if (fn === ops.transform)
      current = multiply(current, Array.from(args as number[]) as Matrix);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(current);
      if (isMatrix(args[0])) current = multiply(current, Array.from(args[0]) as Matrix);
    } else if (fn === ops.paintFormXObjectEnd) current = stack.pop() ?? IDENTITY;
    else if (fn === ops.paintImageXObject && typeof args[0] === 'string') {
      hasAnyImage = true;
      paints.push({ source: args[0], box: unitSquareBox(current) });
    } else if (fn === ops.paintInlineImageXObject && args[0] && typeof args[0] === 'object') {
      hasAnyImage = true;
      paints.push({ source: args[0] as DecodedImage, box: unitSquareBox(current) });
    } else if (maskOps.has(fn)) hasAnyImage = true;
  });
  return { paints, hasAnyImage };
}

/** Converts pdf.js pixels to RGBA; null for kinds it cannot read. */
export function toRgba(image: DecodedImage): Uint8Array | null {
  const { width, height, kind, data } = image;
  if (!data || width <= 0 || height <= 0) return null;
  const pixels = width * height;
  const rgba = new Uint8Array(pixels * 4);
  if (kind === 3 && data.length >= pixels * 4) {
    rgba.set(data.subarray(0, pixels * 4));
  } else if (kind === 2 && data.length >= pixels * 3) {
    for (let p = 0; p < pixels; p++) {
      rgba[p * 4] = data[p * 3]!;
      rgba[p * 4 + 1] = data[p * 3 + 1]!;
      rgba[p * 4 + 2] = data[p * 3 + 2]!;
      rgba[p * 4 + 3] = 255;
    }
  } else if (kind === 1) {
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let row = 0; row < height; row++) {
      for (let column = 0; column < width; column++) {
        const bit = (data[row * rowBytes + (column >> 3)]! >> (7 - (column & 7))) & 1;
        const offset = (row * width + column) * 4;
        rgba.fill(bit ? 255 : 0, offset, offset + 3);
        rgba[offset + 3] = 255;
      }
    }
  } else {
    return null;
  }
  return rgba;
}

/** PNG bytes in a buffer of their own, so they can be moved to another thread. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const png = new PNG({ width, height });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return new Uint8Array(PNG.sync.write(png));
}

export const pixelHash = (image: { width: number; height: number }, rgba: Uint8Array) =>
  createHash('sha256').update(`${image.width}x${image.height}`).update(rgba).digest('hex');
