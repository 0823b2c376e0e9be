import { createHash } from 'node:crypto';
import type { RasterImage } from './png.ts';

/** A 2D affine matrix [a, b, c, d, e, f] as PDF writes it. */
export type Matrix = [number, number, number, number, number, number];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

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

/** Identical figures (a logo on every page) are kept once: decoded ones by their pixels, */
export const pixelHash = (raster: RasterImage) =>
  createHash('sha256')
    .update(`${raster.width}x${raster.height}:${raster.colourType}:${raster.bitDepth}`)
    .update(raster.data)
    .digest('hex');

/** JPEGs kept as they are by their bytes (their pixels are never decoded). */
export const bytesHash = (bytes: Uint8Array) =>
  createHash('sha256').update('jpeg:').update(bytes).digest('hex');
