import { describe, expect, it } from 'vitest';
import {
  ADMIN_TOO_LARGE,
  checkAdminPicture,
  checkProfilePicture,
  checkSetupPhoto,
  NOT_AN_IMAGE,
  NOT_JPEG_OR_PNG,
  PROFILE_TOO_LARGE,
} from './imageFile';

const MB = 1024 * 1024;

describe('image checks', () => {
  it('accepts any image up to 5 MB on the console', () => {
    expect(checkAdminPicture({ type: 'image/gif', size: 5 * MB })).toBeNull();
    expect(checkAdminPicture({ type: 'application/pdf', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(checkAdminPicture({ type: 'image/png', size: 5 * MB + 1 })).toBe(ADMIN_TOO_LARGE);
    // Type first on the console.
    expect(checkAdminPicture({ type: 'text/plain', size: 6 * MB })).toBe(NOT_AN_IMAGE);
  });

  it('checks size before type on the profile page', () => {
    expect(checkProfilePicture({ type: 'text/plain', size: 6 * MB })).toBe(PROFILE_TOO_LARGE);
    expect(checkProfilePicture({ type: 'text/plain', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(checkProfilePicture({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('takes only JPEG or PNG for the invitation photo', () => {
    expect(checkSetupPhoto({ type: 'image/jpeg', size: MB })).toBeNull();
    expect(checkSetupPhoto({ type: 'image/png', size: MB })).toBeNull();
    expect(checkSetupPhoto({ type: 'image/gif', size: MB })).toBe(NOT_JPEG_OR_PNG);
    expect(checkSetupPhoto({ type: 'image/png', size: 6 * MB })).toBe(ADMIN_TOO_LARGE);
  });
});
