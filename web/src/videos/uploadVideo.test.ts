import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import { errors as esErrors } from '../i18n/locales/es/errors';
import {
  analysisFailureToast,
  checkDraft,
  checkVideoFile,
  localToIso,
  titleFromFileName,
  toDateTimeLocal,
  uploadFailureToast,
  uploadPercent,
  VIDEO_ACCEPT,
  videoUploadFields,
} from './uploadVideo';

const GB = 1024 * 1024 * 1024;

describe('checkVideoFile', () => {
  it('asks for a file when none is chosen', () => {
    expect(checkVideoFile(null)).toEqual({
      title: 'No file selected',
      description: 'Please select a video file to upload.',
      variant: 'destructive',
    });
  });

  it('tells a Spanish reader in Spanish, from the error catalog', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(
        checkVideoFile({ name: 'a.mkv', type: 'video/x-matroska', size: 10 })?.description,
      ).toBe(esErrors.video_type);
      expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 3 * GB })?.description).toBe(
        esErrors.video_too_large,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('takes MP4, MPEG, MOV and AVI by type or by extension', () => {
    for (const type of ['video/mp4', 'video/mpeg', 'video/quicktime', 'video/x-msvideo']) {
      expect(checkVideoFile({ name: 'clip', type, size: 10 })).toBeNull();
    }
    for (const name of ['a.MP4', 'a.mpeg', 'a.mpg', 'a.mov', 'a.avi']) {
      expect(checkVideoFile({ name, type: '', size: 10 })).toBeNull();
    }
  });

  it('refuses other kinds', () => {
    expect(checkVideoFile({ name: 'face.png', type: 'image/png', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select a valid video file (MP4, MPEG, MOV, AVI).',
      variant: 'destructive',
    });
    expect(checkVideoFile({ name: 'clip.webm', type: 'video/webm', size: 10 })).toMatchObject({
      title: 'Invalid file type',
    });
  });

  it('takes up to 2GB', () => {
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 2 * GB })).toBeNull();
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 2 * GB + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select a video file smaller than 2GB.',
      variant: 'destructive',
    });
  });

  it('offers the same kinds in the file picker', () => {
    expect(VIDEO_ACCEPT).toBe(
      'video/mp4,video/mpeg,video/quicktime,video/x-msvideo,.mp4,.mpeg,.mpg,.mov,.avi',
    );
  });
});

describe('titleFromFileName', () => {
  it('drops the extension', () => {
    expect(titleFromFileName('Line 3 shift.mp4')).toBe('Line 3 shift');
    expect(titleFromFileName('.mp4')).toBe('.mp4');
  });
});

describe('recording dates', () => {
  it('writes a moment as a datetime-local value and reads it back as ISO', () => {
    const moment = new Date(2025, 2, 4, 9, 5, 30);
    const local = toDateTimeLocal(moment);
    expect(local).toBe('2025-03-04T09:05');
    expect(localToIso(local)).toBe(new Date(2025, 2, 4, 9, 5).toISOString());
  });

  it('refuses what is not a datetime-local value', () => {
    expect(localToIso('')).toBeNull();
    expect(localToIso('yesterday')).toBeNull();
    expect(localToIso('2025-13-40T99:99')).toBeNull();
  });
});

describe('checkDraft', () => {
  const draft = { title: 'Shift', description: '', recordingDate: '2025-03-04T09:05', sopIds: [] };

  it('needs a title and a recording date', () => {
    expect(checkDraft(draft)).toEqual({});
    expect(checkDraft({ ...draft, title: '  ', recordingDate: '' })).toEqual({
      title: 'Title is required',
      recordingDate: 'Recording date is required',
    });
    expect(checkDraft({ ...draft, recordingDate: 'soon' }).recordingDate).toBe(
      'Recording date is not a valid date',
    );
  });
});

describe('videoUploadFields', () => {
  it('sends title, description, the ISO recording date and the linked SOPs as JSON, in that order', () => {
    const fields = videoUploadFields(
      {
        title: ' Shift ',
        description: ' Morning ',
        recordingDate: '2025-03-04T09:05',
        sopIds: [7, 3, 99],
      },
      [
        { id: 3, title: 'Oven Safety' },
        { id: 7, title: 'Packing' },
      ],
    );
    expect(fields).toEqual([
      ['title', 'Shift'],
      ['description', 'Morning'],
      ['recordingDate', new Date(2025, 2, 4, 9, 5).toISOString()],
      [
        'linkedSops',
        JSON.stringify([
          { sopId: 7, sopTitle: 'Packing' },
          { sopId: 3, sopTitle: 'Oven Safety' },
        ]),
      ],
    ]);
  });

  it('sends an empty list without SOPs', () => {
    const fields = videoUploadFields(
      { title: 'A', description: '', recordingDate: '2025-03-04T09:05', sopIds: [] },
      [],
    );
    expect(fields[3]).toEqual(['linkedSops', '[]']);
  });
});

describe('uploadPercent', () => {
  it('stays within 0 to 100', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(5, 4)).toBe(100);
  });
});

describe('failure toasts', () => {
  it("says 'Upload failed' with the server's text, else 'Failed to upload video'", () => {
    expect(
      uploadFailureToast(new ApiError(400, 'Please select a video file smaller than 2GB.')),
    ).toEqual({
      title: 'Upload failed',
      description: 'Please select a video file smaller than 2GB.',
      variant: 'destructive',
    });
    expect(uploadFailureToast(new ApiError(500, undefined)).description).toBe(
      'Failed to upload video',
    );
    expect(uploadFailureToast(new Error('The upload did not complete.')).description).toBe(
      'The upload did not complete.',
    );
    expect(uploadFailureToast('boom').description).toBe('Failed to upload video');
  });

  it("says 'Analysis failed' with the server's text, else 'Failed to start analysis'", () => {
    expect(analysisFailureToast(new ApiError(409, 'The video is already being analysed'))).toEqual({
      title: 'Analysis failed',
      description: 'The video is already being analysed',
      variant: 'destructive',
    });
    expect(analysisFailureToast(new ApiError(500, undefined)).description).toBe(
      'Failed to start analysis',
    );
    expect(analysisFailureToast(new TypeError('Failed to fetch')).description).toBe(
      'Failed to start analysis',
    );
  });
});
