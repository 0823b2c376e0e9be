import { describe, expect, it } from 'vitest';
import { checkAdminPicture, checkProfilePicture, checkSetupPhoto } from './imageFile';

const MB = 1024 * 1024;

describe('image checks', () => {
  it('accepts any image up to 5 MB on the console', () => {
    expect(checkAdminPicture({ type: 'image/gif', size: 5 * MB })).toBeNull();
    expect(checkAdminPicture({ type: 'application/pdf', size: 10 })).toBe(
      'Please select an image file.',
    );
    expect(checkAdminPicture({ type: 'image/png', size: 5 * MB + 1 })).toBe(
      'Profile picture must be less than 5MB.',
    );
    // Type first on the console.
    expect(checkAdminPicture({ type: 'text/plain', size: 6 * MB })).toBe(
      'Please select an image file.',
    );
  });

  it('checks size before type on the profile page', () => {
    expect(checkProfilePicture({ type: 'text/plain', size: 6 * MB })).toBe(
      'Please select an image smaller than 5MB.',
    );
    expect(checkProfilePicture({ type: 'text/plain', size: 10 })).toBe(
      'Please select an image file.',
    );
    expect(checkProfilePicture({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('takes only JPEG or PNG for the invitation photo', () => {
    expect(checkSetupPhoto({ type: 'image/jpeg', size: MB })).toBeNull();
    expect(checkSetupPhoto({ type: 'image/png', size: MB })).toBeNull();
    expect(checkSetupPhoto({ type: 'image/gif', size: MB })).toBe(
      'Please select a JPEG or PNG image.',
    );
    expect(checkSetupPhoto({ type: 'image/png', size: 6 * MB })).toBe(
      'Profile picture must be less than 5MB.',
    );
  });
});
