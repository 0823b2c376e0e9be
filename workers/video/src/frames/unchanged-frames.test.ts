import { describe, expect, it } from 'vitest';
import type { RgbFrame } from './sample-frames.ts';
import { UNCHANGED_FRAME, unchangedFrame } from './unchanged-frames.ts';

const [WIDTH, HEIGHT] = [1280, 720];

/** A 720p frame of a detailed, deterministic picture: a pattern no rounding can fake. */
function scene(): RgbFrame {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let i = 0; i < data.length; i++) data[i] = 40 + ((i * 2_654_435_761) >>> 27) * 5;
  return { width: WIDTH, height: HEIGHT, data };
}

const copyOf = (frame: RgbFrame): RgbFrame => ({ ...frame, data: frame.data.slice() });

/** A deterministic value in [0, 1) for each index: the "noise" of the tests. */
const noise = (i: number) => ((i * 2_246_822_519) >>> 0) / 2 ** 32;

/** `frame` with a `side` px square at (x, y) set to `value` in every channel. */
function withPatch(frame: RgbFrame, x: number, y: number, side: number, value: number): RgbFrame {
  const patched = copyOf(frame);
  for (let row = y; row < y + side; row++) {
    patched.data.fill(value, (row * frame.width + x) * 3, (row * frame.width + x + side) * 3);
  }
  return patched;
}

describe('a frame unchanged from the last one analysed', () => {
  it('is the same frame byte for byte', () => {
    const frame = scene();
    expect(unchangedFrame(copyOf(frame), frame)).toBe(true);
  });

  it('is a frame that differs only by the encoder rounding: a level or two here and there', () => {
    const frame = scene();
    const rounded = copyOf(frame);
    // As decoded stills of x264 differ (measured: at most 3, nearly always 0, mean under 0.03).
    for (let i = 0; i < rounded.data.length; i++) {
      const r = noise(i);
      if (r < 0.02) rounded.data[i] = Math.min(255, rounded.data[i]! + 1);
      else if (r < 0.04) rounded.data[i] = Math.max(0, rounded.data[i]! - 1);
      else if (r < 0.041) rounded.data[i] = Math.min(255, rounded.data[i]! + UNCHANGED_FRAME.level);
    }
    expect(unchangedFrame(rounded, frame)).toBe(true);
  });

  it('is not a frame in which a small patch moved, or a small face appeared', () => {
    const frame = withPatch(scene(), 600, 300, 20, 200);
    // The 20 px square moved by 4 px, as a face far off moving slowly.
    expect(unchangedFrame(withPatch(scene(), 604, 300, 20, 200), frame)).toBe(false);
    // A 16 px face appearing in a corner of the frame: 16 px is about the least the zoom finds.
    for (const [x, y] of [
      [0, 0],
      [1264, 704],
      [641, 357],
    ] as const) {
      expect(unchangedFrame(withPatch(frame, x, y, 16, 255), frame), `${x},${y}`).toBe(false);
    }
  });

  it('is not a frame whose light changed over the whole picture, however little', () => {
    const frame = scene();
    for (const step of [1, 2, -2, UNCHANGED_FRAME.level]) {
      const lit = copyOf(frame);
      for (let i = 0; i < lit.data.length; i++) lit.data[i] = lit.data[i]! + step;
      expect(unchangedFrame(lit, frame), `${step}`).toBe(false);
    }
  });

  it('is not a frame of another size, nor another picture', () => {
    const frame = scene();
    const smaller = { width: 640, height: 480, data: frame.data.subarray(0, 640 * 480 * 3) };
    expect(unchangedFrame(smaller, frame)).toBe(false);
    const other = copyOf(frame);
    other.data.reverse();
    expect(unchangedFrame(other, frame)).toBe(false);
  });

  it('samples a few tens of thousands of channels of a 720p frame, every one of them', () => {
    const samples = Math.ceil((WIDTH * HEIGHT * 3) / UNCHANGED_FRAME.stride);
    expect(samples).toBeGreaterThan(20_000);
    expect(samples).toBeLessThan(60_000);
    // A stride that is no multiple of 3 samples red, green and blue alike.
    expect(UNCHANGED_FRAME.stride % 3).not.toBe(0);
    // One channel changed too far, anywhere on the sampled lattice, is a change.
    const frame = scene();
    const touched = copyOf(frame);
    const i = UNCHANGED_FRAME.stride * 12_345;
    touched.data[i] = touched.data[i]! + UNCHANGED_FRAME.level + 1;
    expect(unchangedFrame(touched, frame)).toBe(false);
  });
});
