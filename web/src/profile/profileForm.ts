import { EMAIL_CHANGE_NEEDS_PASSWORD, UpdateProfileRequest } from '@hub/proto';
import { readableErrorText } from '../api/error-text';
import { fieldErrors, type FieldErrors } from '../forms/fieldErrors';

export interface ProfileDraft {
  name: string;
  email: string;
  /** Asked for only when the email changes. */
  currentPassword?: string;
}

/** 'Update Profile' is enabled only when the name or email differs from the loaded values. */
export function profileChanged(loaded: ProfileDraft, draft: ProfileDraft): boolean {
  return draft.name !== loaded.name || draft.email !== loaded.email;
}

/** 'Name is required', 'Invalid email address' (the server checks the same). */
export function profileErrors(draft: ProfileDraft, loadedEmail?: string): FieldErrors {
  const errors = fieldErrors(UpdateProfileRequest, draft);
  if (emailChanging(loadedEmail, draft) && !draft.currentPassword) {
    return { ...errors, currentPassword: readableErrorText(EMAIL_CHANGE_NEEDS_PASSWORD) };
  }
  return errors;
}

/** A new email needs the current password and takes effect once its link is opened. */
export function emailChanging(loadedEmail: string | undefined, draft: ProfileDraft): boolean {
  return loadedEmail !== undefined && draft.email.trim().toLowerCase() !== loadedEmail;
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
