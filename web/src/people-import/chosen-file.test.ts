import { describe, expect, it } from 'vitest';
import { type FileInput, takeChosenFile } from './chosen-file';

describe('the chosen file', () => {
  it('is taken, and the input emptied: the same file, corrected and chosen again, is checked again', () => {
    const file = new File(['email,name\r\n'], 'people.csv', { type: 'text/csv' });
    const input: FileInput = { files: [file], value: 'C:\\fakepath\\people.csv' };
    expect(takeChosenFile(input)).toBe(file);
    // A browser fires no change for the file its input already holds.
    expect(input.value).toBe('');
  });

  it('is none when the choice was cancelled', () => {
    expect(takeChosenFile({ files: [], value: '' })).toBeUndefined();
    expect(takeChosenFile({ files: null, value: '' })).toBeUndefined();
  });
});
