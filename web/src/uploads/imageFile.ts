import { PROFILE_PICTURE_MAX_BYTES } from '@hub/proto';
import { i18n } from '../i18n/i18n';

/** What the checks read of a File (so they run without a browser). */
export interface FileFacts {
  type: string;
  size: number;
}

// Built when shown, in the language shown then.
export const notAnImage = () => i18n.t('ui.imageFile.notAnImage');
export const adminTooLarge = () => i18n.t('ui.imageFile.adminTooLarge');
export const profileTooLarge = () => i18n.t('ui.imageFile.profileTooLarge');
export const notJpegOrPng = () => i18n.t('ui.imageFile.notJpegOrPng');

const isImage = (file: FileFacts) => file.type.startsWith('image/');
const tooLarge = (file: FileFacts) => file.size > PROFILE_PICTURE_MAX_BYTES;

/** Console 'Create User' picture: any image type first, then at most 5 MB. Null when fine. */
export function checkAdminPicture(file: FileFacts): string | null {
  if (!isImage(file)) return notAnImage();
  if (tooLarge(file)) return adminTooLarge();
  return null;
}

/** Profile page: the size is checked first, with its own wording (spec section 5). */
export function checkProfilePicture(file: FileFacts): string | null {
  if (tooLarge(file)) return profileTooLarge();
  if (!isImage(file)) return notAnImage();
  return null;
}

/** Invitation photo: JPEG or PNG only, at most 5 MB. */
export function checkSetupPhoto(file: FileFacts): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return notJpegOrPng();
  if (tooLarge(file)) return adminTooLarge();
  return null;
}
