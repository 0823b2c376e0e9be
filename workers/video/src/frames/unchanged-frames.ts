import type { RgbFrame } from './sample-frames.ts';

/**
 * When a sampled frame counts as the one last analysed: the decoded frames of a still differ only
 * by the encoder's rounding, anything a person does changes some pixels by far more. Measured on
 * 720p frames sampled at 1 fps (6 Dec; docs/benchmarks.md), on the samples below: the same
 * still's frames in the x264 stills videos of the tests differ by at most 3 in any channel,
 * nearly all by 0, mean under 0.03; a 30 px face appearing, or a 40 px one moving 8 px, changes
 * 30-70 samples by 140 or more, though the mean stays under 0.2 (so the mean alone cannot tell);
 * a light brightening the whole picture by a level or two a second leaves nearly every sample
 * within 3 but moves the mean by 2-3 (so the largest difference alone cannot tell either).
 */
export const UNCHANGED_FRAME = {
  /**
   * Bytes from one sample to the next: 31,000 samples of a 720p frame (one channel of 1 px in
   * 30), for a twentieth of what comparing every byte costs (0.36 ms against 7.8 ms; a detection
   * takes 600). Prime, so red, green and blue take turns and each row's samples fall in other
   * columns than the last row's: a 16 px face anywhere in a frame of 640x480 to 1920x1080 covers
   * 6 of them or more, a 20 px one 11.
   */
  stride: 89,
  /** The most any sample may differ: x264's rounding of the stills videos measured reached 3. */
  level: 3,
  /**
   * The mean difference of the samples stays under this: the rounding's is 0.03 at most, and a
   * light changing the whole picture by a level makes it 1.
   */
  meanLevel: 0.25,
};

/**
 * Whether `frame` shows what `reference` showed, within the encoder's rounding, judged from a
 * fixed lattice of samples (UNCHANGED_FRAME). Noisier encodings (MPEG-4 at q 4: up to 8 here and
 * there) count as changed, and are detected again: a frame analysed twice costs time, one taken
 * for another would carry faces that left.
 */
export function unchangedFrame(
  frame: RgbFrame,
  reference: RgbFrame,
  rule: typeof UNCHANGED_FRAME = UNCHANGED_FRAME,
): boolean {
  if (frame.width !== reference.width || frame.height !== reference.height) return false;
  const a = frame.data;
  const b = reference.data;
  if (a.length !== b.length) return false;
  let sum = 0;
  let samples = 0;
  for (let i = 0; i < a.length; i += rule.stride) {
    const difference = Math.abs(a[i]! - b[i]!);
    if (difference > rule.level) return false;
    sum += difference;
    samples += 1;
  }
  return samples > 0 && sum / samples < rule.meanLevel;
}
