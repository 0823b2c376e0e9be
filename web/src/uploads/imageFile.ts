import { PROFILE_PICTURE_MAX_BYTES } from '@hub/proto';

/** What the checks read of a File (so they run without a browser). */
export interface FileFacts {
  type: string;
  size: number;
}

export const NOT_AN_IMAGE = 'Please select an image file.';
export const ADMIN_TOO_LARGE = 'Profile picture must be less than 5MB.';
export const PROFILE_TOO_LARGE = 'Please select an image smaller than 5MB.';
export const NOT_JPEG_OR_PNG = 'Please select a JPEG or PNG image.';

const isImage = (file: FileFacts) => file.type.startsWith('image/');
const tooLarge = (file: FileFacts) => file.size > PROFILE_PICTURE_MAX_BYTES;

/** Console 'Create User' picture: any image type first, then at most 5 MB. Null when fine. */
export function checkAdminPicture(file: FileFacts): string | null {
  if (!isImage(file)) return NOT_AN_IMAGE;
  if (tooLarge(file)) return ADMIN_TOO_LARGE;
  return null;
}

/** Profile page: the size is checked first, with its own wording (spec section 5). */
export function checkProfilePicture(file: FileFacts): string | null {
  if (tooLarge(file)) return PROFILE_TOO_LARGE;
  if (!isImage(file)) return NOT_AN_IMAGE;
  return null;
}

/** Invitation photo: JPEG or PNG only, at most 5 MB. */
export function checkSetupPhoto(file: FileFacts): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return NOT_JPEG_OR_PNG;
  if (tooLarge(file)) return ADMIN_TOO_LARGE;
  return null;
}
