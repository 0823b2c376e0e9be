export interface TimeRange {
  start: number;
  end: number;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * Times a face was seen, as ranges: each sighting covers one sampling interval, and ranges
 * closer than `maxGap` seconds are joined. Ends never pass the video's duration.
 */
export function appearanceRanges(
  times: readonly number[],
  options: { interval: number; maxGap: number; duration: number },
): TimeRange[] {
  const sorted = [...times].sort((a, b) => a - b);
  const ranges: TimeRange[] = [];
  for (const time of sorted) {
    const end = Math.min(time + options.interval, Math.max(options.duration, time));
    const last = ranges.at(-1);
    if (last && time - last.end <= options.maxGap + 1e-9) last.end = Math.max(last.end, end);
    else ranges.push({ start: time, end });
  }
  return ranges.map((range) => ({ start: round(range.start), end: round(range.end) }));
}

/** Ranges of several lists joined into one, overlapping or close ones merged. */
export function mergeRanges(lists: readonly TimeRange[][], maxGap: number): TimeRange[] {
  const sorted = lists.flat().sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start - last.end <= maxGap + 1e-9) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
