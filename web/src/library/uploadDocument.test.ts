import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import {
  checkDocumentFile,
  titleFromFileName,
  uploadFailureToast,
  uploadFields,
  uploadPercent,
} from './uploadDocument';

const MB = 1024 * 1024;

describe('checkDocumentFile', () => {
  it('asks for a PDF when none or another kind is chosen', () => {
    expect(checkDocumentFile(null)).toMatchObject({
      title: 'Invalid file',
      description: 'Please select a PDF file to upload.',
    });
    expect(
      checkDocumentFile({ name: 'notes.docx', type: 'application/msword', size: 10 }),
    ).toMatchObject({
      title: 'Invalid file',
    });
  });

  it('accepts a PDF by type or by extension, up to 50 MB', () => {
    expect(checkDocumentFile({ name: 'a.pdf', type: 'application/pdf', size: 50 * MB })).toBeNull();
    expect(checkDocumentFile({ name: 'A.PDF', type: '', size: 10 })).toBeNull();
    expect(
      checkDocumentFile({ name: 'a.pdf', type: 'application/pdf', size: 50 * MB + 1 }),
    ).toMatchObject({
      title: 'File too large',
      description: expect.stringContaining('50 MB'),
    });
  });
});

describe('uploadFields', () => {
  const draft = { title: '', description: ' Daily checks ', tags: 'safety, ovens', folderId: '' };

  it('sends title, description, tags and folder in that order, defaulting the title', () => {
    expect(uploadFields(draft, 'Oven Safety.pdf')).toEqual([
      ['title', 'Oven Safety'],
      ['description', 'Daily checks'],
      ['tags', 'safety, ovens'],
      ['folderId', 'none'],
    ]);
  });

  it('keeps a typed title and folder', () => {
    expect(uploadFields({ ...draft, title: ' Mine ', folderId: '4' }, 'x.pdf')).toEqual([
      ['title', 'Mine'],
      ['description', 'Daily checks'],
      ['tags', 'safety, ovens'],
      ['folderId', '4'],
    ]);
  });
});

describe('titleFromFileName', () => {
  it('drops the extension only', () => {
    expect(titleFromFileName('a.b.pdf')).toBe('a.b');
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
  });
});

describe('uploadPercent', () => {
  it('rounds and clamps', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(5, 4)).toBe(100);
  });
});

describe('uploadFailureToast', () => {
  it('prefers the server message, then the fallback', () => {
    expect(
      uploadFailureToast(new ApiError(400, 'Please select a PDF file to upload.')),
    ).toMatchObject({
      title: 'Upload failed',
      description: 'Please select a PDF file to upload.',
    });
    expect(uploadFailureToast(new ApiError(500, undefined)).description).toBe(
      'Failed to upload document',
    );
    expect(uploadFailureToast(new Error('network')).description).toBe(
      'An unexpected error occurred during upload.',
    );
  });
});
