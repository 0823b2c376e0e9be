import { ChangePasswordRequest, UpdateProfileRequest } from '@hub/proto';
import { fieldErrors, type FieldErrors } from '../forms/fieldErrors';

export interface ProfileDraft {
  name: string;
  email: string;
}

/** 'Update Profile' is enabled only when the name or email differs from the loaded values. */
export function profileChanged(loaded: ProfileDraft, draft: ProfileDraft): boolean {
  return draft.name !== loaded.name || draft.email !== loaded.email;
}

/** 'Name is required', 'Invalid email address' (the server checks the same). */
export function profileErrors(draft: ProfileDraft): FieldErrors {
  return fieldErrors(UpdateProfileRequest, draft);
}

export interface PasswordDraft {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORDS: PasswordDraft = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** 'Update Password' is enabled only when all three fields are filled. */
export function passwordsFilled(draft: PasswordDraft): boolean {
  return draft.currentPassword !== '' && draft.newPassword !== '' && draft.confirmPassword !== '';
}

export function passwordErrors(draft: PasswordDraft): FieldErrors {
  return fieldErrors(ChangePasswordRequest, draft);
}
