import { describe, expect, it } from 'vitest';
import { unknownPersonSummary } from './queries';

describe('unknownPersonSummary', () => {
  it('says how many videos and appearances, in the singular for one', () => {
    expect(unknownPersonSummary({ label: 'Unknown person 3', videos: 4, appearances: 11 })).toBe(
      'Unknown person 3: 4 videos, 11 appearances',
    );
    expect(unknownPersonSummary({ label: 'Unknown person 1', videos: 1, appearances: 1 })).toBe(
      'Unknown person 1: 1 video, 1 appearance',
    );
  });
});
