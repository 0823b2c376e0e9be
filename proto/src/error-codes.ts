/**
 * The errors a person meets in normal use: a stable machine code and the English text the API
 * has always answered (the spec's words, unchanged for API clients). Services throw these texts;
 * the gateway adds the code to the error body (`errorCodeOf`), and the web app shows its own
 * catalog's text for the code in the reader's language (web/src/i18n/locales/<lang>/errors.ts).
 *
 * A `{name}` part is filled in by the service (a wait, a size); the code matches whatever it holds.
 * Codes are never renamed or reused: clients may keep them.
 */
export const ERROR_TEXTS = {
  // Signing in and sessions
  invalid_credentials: 'Invalid email or password. Please try again.',
  sign_in_rate_limited: 'Too many sign-in attempts. Please wait {wait} and try again.',
  session_ended: 'Your session has ended. Please sign in again.',
  not_permitted: "You don't have permission to do this.",
  // Invitations and account setup
  invitation_invalid: 'This password setup link is invalid or has expired.',
  invitation_expired:
    'This password setup link has expired. Ask your administrator to send a new one.',
  invitation_used: 'This invitation has already been used. Please sign in instead.',
  account_already_set_up: 'This user has already completed their account setup.',
  setup_photo_required: 'Please upload a profile picture to complete your account setup.',
  // Profile
  current_password_incorrect: 'Current password is incorrect.',
  email_change_needs_password: 'Enter your current password to change your email.',
  email_change_link_invalid: 'This email confirmation link is invalid or has expired.',
  email_taken: 'That email address is already used by another account.',
  // Duplicates
  user_email_exists: 'A user with this email already exists.',
  job_function_exists: 'A job function with this name already exists.',
  tag_exists: 'A tag with this name already exists.',
  // Uploads: which file, of which type, how large
  image_required: 'Please select an image file.',
  photo_type: 'Please select a JPEG or PNG image.',
  profile_picture_too_large: 'Profile picture must be less than 5MB.',
  pdf_required: 'Please select a PDF file to upload.',
  pdf_too_large: 'The PDF is larger than 50 MB. Please upload a smaller file.',
  video_required: 'Please select a video file to upload.',
  video_type: 'Please select a valid video file (MP4, MPEG, MOV, AVI).',
  video_too_large: 'Please select a video file smaller than 2GB.',
  face_photo_required: 'Please select a photo of the face.',
  face_photo_type: 'Please select a JPEG or PNG photo.',
  face_photo_too_large: 'The photo must be less than 5MB.',
  csv_required: 'Please choose a CSV file.',
  csv_too_large: 'The file is larger than 10 MB. Split it into smaller files.',
  // Not found
  document_not_found: 'Document not found',
  evaluation_not_found: 'Evaluation not found',
  user_not_found: 'User not found',
  organization_not_found: 'Organization not found',
  job_function_not_found: 'Job function not found',
  recommendation_not_found: 'Recommendation not found.',
  session_not_found: 'This session was not found or has already ended.',
  file_link_expired: 'This link has expired. Please open the file again.',
  // Conflicts and steps out of order
  observation_already_completed: 'This observation is already completed.',
  recommendation_decided: 'This recommendation is no longer active.',
  retry_only_failed: 'Only a document whose processing failed can be retried.',
  option_required: 'Please select an option before continuing',
  document_with_evaluation_required: 'Please select a document with evaluation',
  // A request field a schema refused: the body's `params` name the rule (validation-codes.ts);
  // the message stays the schema's own sentence, this text is what a reader gets for a rule
  // the client does not know.
  invalid_field: 'Please check the {field} field.',
  // The service itself
  storage_unavailable:
    'Files cannot be stored or read right now (the file store cannot be reached). Nothing was saved; please try again in a few minutes.',
  storage_full:
    'The file store is full, so this file was not saved. Please try again later or ask your administrator to free up space.',
  broker_unavailable:
    'The service is briefly unavailable (its message broker, Redis, cannot be reached). Please try again in a few seconds.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;
export const ERROR_CODES = Object.keys(ERROR_TEXTS) as ErrorCode[];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each text as a whole-message pattern, its `{name}` parts matching anything. */
const PATTERNS = ERROR_CODES.map((code) => ({
  code,
  pattern: new RegExp(`^${escaped(ERROR_TEXTS[code]).replace(/\\\{\w+\\\}/g, '.+?')}$`),
}));

/** The code of an error message the table knows, or undefined for any other message. */
export function errorCodeOf(message: string): ErrorCode | undefined {
  return PATTERNS.find(({ pattern }) => pattern.test(message))?.code;
}

/** A table text with its `{name}` parts filled in. */
export function errorText(code: ErrorCode, parts: Record<string, string> = {}): string {
  return ERROR_TEXTS[code].replace(/\{(\w+)\}/g, (whole, name: string) => parts[name] ?? whole);
}
