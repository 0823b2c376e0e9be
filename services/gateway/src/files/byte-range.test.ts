import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it('reads open, closed and suffix ranges', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('answers null without a header and invalid for unsatisfiable ranges', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange('bytes=1000-', 1000)).toBe('invalid');
    expect(parseByteRange('bytes=5-1', 1000)).toBe('invalid');
    expect(parseByteRange('items=0-1', 1000)).toBe('invalid');
  });
});
