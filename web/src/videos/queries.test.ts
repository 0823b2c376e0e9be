import type { Video } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS, videoListInterval, videoListParams, videoStreamUrl } from './queries';

describe('videoListParams', () => {
  it('asks for 50, with the search only when something is typed', () => {
    expect(videoListParams('  ')).toEqual({ search: undefined, limit: 50 });
    expect(videoListParams(' oven ')).toEqual({ search: 'oven', limit: 50 });
  });
});

describe('videoListInterval', () => {
  it('polls every 3 s while a video is processing, not otherwise', () => {
    expect(POLL_INTERVAL_MS).toBe(3000);
    expect(videoListInterval(undefined)).toBe(false);
    const video = (analysisStatus: Video['analysisStatus']) => ({ analysisStatus }) as Video;
    expect(videoListInterval([video('completed')])).toBe(false);
    expect(videoListInterval([video('completed'), video('processing')])).toBe(3000);
  });
});

describe('videoStreamUrl', () => {
  it('puts the whole storage key, encoded, after /api/videos/stream/', () => {
    expect(videoStreamUrl('videos/12/abc def.mp4')).toBe(
      '/api/videos/stream/videos%2F12%2Fabc%20def.mp4',
    );
  });

  it('is null without a key', () => {
    expect(videoStreamUrl('')).toBeNull();
    expect(videoStreamUrl(null)).toBeNull();
    expect(videoStreamUrl(undefined)).toBeNull();
  });
});
