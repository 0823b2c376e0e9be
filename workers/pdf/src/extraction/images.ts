import { createHash } from 'node:crypto';
import type { RasterImage } from './png.ts';

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
  /** Set instead of `data` for a JPEG left undecoded (see jpeg-passthrough.ts). */
  bitmap?: unknown;
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

/**
 * pdf.js pixels as PNG stores them (1 bit grey, RGB or RGBA rows), without copying; null for
 * kinds it cannot read or data too short for the size.
 */
export function toRaster(image: DecodedImage): RasterImage | null {
  const { width, height, kind, data } = image;
  if (!data || width <= 0 || height <= 0) return null;
  const layout = kind === 1 ? GREY_BITS : kind === 2 ? RGB : kind === 3 ? RGBA : null;
  if (!layout) return null;
  const rowBytes = layout.bitDepth === 1 ? (width + 7) >> 3 : width * layout.channels;
  if (data.length < rowBytes * height) return null;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, rowBytes * height);
  const { bitDepth, colourType } = layout;
  return { width, height, bitDepth, colourType, rowBytes, data: bytes };
}

const GREY_BITS = { bitDepth: 1, colourType: 0, channels: 1 } as const;
const RGB = { bitDepth: 8, colourType: 2, channels: 3 } as const;
const RGBA = { bitDepth: 8, colourType: 6, channels: 4 } as const;

/** Identical figures (a logo on every page) are kept once: decoded ones by their pixels, */
export const pixelHash = (raster: RasterImage) =>
  createHash('sha256')
    .update(`${raster.width}x${raster.height}:${raster.colourType}:${raster.bitDepth}`)
    .update(raster.data)
    .digest('hex');

/** JPEGs kept as they are by their bytes (their pixels are never decoded). */
export const bytesHash = (bytes: Uint8Array) =>
  createHash('sha256').update('jpeg:').update(bytes).digest('hex');
