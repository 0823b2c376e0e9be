import { sentenceCatalog } from './sentence-catalog.js';
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
  sign_in_required: 'Please sign in to continue.',
  not_permitted: "You don't have permission to do this.",
  // Invitations and account setup
  invitation_invalid: 'This password setup link is invalid or has expired.',
  invitation_expired:
    'This password setup link has expired. Ask your administrator to send a new one.',
  invitation_used: 'This invitation has already been used. Please sign in instead.',
  invitation_sso_sign_in:
    'Your organization signs in with single sign-on. Sign in with your organization account instead.',
  account_already_set_up: 'This user has already completed their account setup.',
  setup_photo_required: 'Please upload a profile picture to complete your account setup.',
  // Profile
  current_password_incorrect: 'Current password is incorrect.',
  current_password_rate_limited:
    'Too many attempts with a wrong current password. Please wait {wait} and try again.',
  email_change_needs_password: 'Enter your current password to change your email.',
  email_change_link_invalid: 'This email confirmation link is invalid or has expired.',
  email_change_managed_by_provider:
    "Your email is managed by your organization's identity provider.",
  email_taken: 'That email address is already used by another account.',
  // Duplicates
  user_email_exists: 'A user with this email already exists.',
  email_domain_of_another_organization: "This email's domain belongs to another organization.",
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
  video_upload_unconfirmed:
    'Your video was received, but the video service is slow to record it. Check the video list in a minute before uploading it again.',
  face_photo_required: 'Please select a photo of the face.',
  face_photo_type: 'Please select a JPEG or PNG photo.',
  face_photo_too_large: 'The photo must be less than 5MB.',
  csv_required: 'Please choose a CSV file.',
  csv_too_large: 'The file is larger than 10 MB. Split it into smaller files.',
  csv_type: 'This file is not a CSV file. Save the spreadsheet as CSV (UTF-8) and try again.',
  // Not found
  document_not_found: 'Document not found',
  evaluation_not_found: 'Evaluation not found',
  user_not_found: 'User not found',
  organization_not_found: 'Organization not found',
  sensor_token_invalid: 'Invalid sensor token',
  job_function_not_found: 'Job function not found',
  recommendation_not_found: 'Recommendation not found.',
  session_not_found: 'This session was not found or has already ended.',
  file_link_expired: 'This link has expired. Please open the file again.',
  // Conflicts and steps out of order
  observation_already_completed: 'This observation is already completed.',
  observation_key_of_another_question:
    'This idempotency key was already used for another question of this observation.',
  observation_key_of_another_observation:
    'This idempotency key was already used to start another observation.',
  observation_findings_limit: 'An observation can hold at most {limit} findings.',
  recommendation_decided: 'This recommendation is no longer active.',
  acknowledged_version_not_current:
    'A newer version of this SOP has been uploaded. Read it before you acknowledge.',
  acknowledged_version_processing:
    'This version of the SOP is still being processed. Acknowledge it once its content is ready.',
  retry_only_failed: 'Only a document whose processing failed can be retried.',
  evaluation_changed:
    'This evaluation was changed by someone else. Reload to see the latest version.',
  course_changed: 'This course was changed by someone else. Reload to see the latest version.',
  option_required: 'Please select an option before continuing',
  document_with_evaluation_required: 'Please select a document with evaluation',
  // Refusals a service checks itself: who, what and where a request names
  observe_self: 'Please select an operator to observe: you cannot observe yourself.',
  observe_not_observable:
    'Please select an operator to observe: only active operators and training supervisors can be observed.',
  question_not_in_observation: 'That question is not part of this observation.',
  observation_own: 'You cannot record your own observation.',
  evaluation_observed:
    'You are being observed on this SOP. Its evaluation can be edited once your observation is completed.',
  observation_of_observed_sop:
    'You are being observed on this SOP. Other observations of it can be read once yours is completed.',
  observing_while_observed:
    'You are being observed on this SOP. You can observe others on it once your observation is completed.',
  evaluation_unpublished:
    'This evaluation is not published yet. Publish it before starting an observation.',
  course_sops_unpublished: 'These SOPs have no published evaluation: {titles}.',
  members_unknown: 'Some of these people are not members of your organization.',
  sops_unknown: 'Some of these SOPs are not processed SOPs of your organization.',
  video_sops_invalid: 'Only processed SOPs of your organization can be linked to a video.',
  camera_sops_invalid: "Only processed SOPs of the camera's organization can be tied to it",
  camera_unknown: 'The camera system has no such camera',
  organization_required: 'Organization is required',
  password_too_common: 'This password is too common. Please choose one that is harder to guess.',
  picture_unreadable:
    'The picture could not be read as an image. Please upload a JPEG or PNG picture.',
  picture_upload_missing: 'That picture upload was not found. Please upload it again.',
  reference_limit:
    'A person has at most {limit} reference photos. Delete one before adding another.',
  review_member_required: 'Choose a member of your organization.',
  review_no_report: 'This video has no analysis report to review.',
  review_face_not_identified: 'This face is not identified any more. Reload the report.',
  review_face_named: 'This face is already named. Reload the report.',
  review_face_unknown: 'This face is not in the report. Reload the report.',
  review_report_replaced: 'A new analysis replaced this report. Reload the report.',
  review_analysis_running:
    'This video is being analysed again. Review its faces once the analysis has finished.',
  review_analysis_failed:
    'The latest analysis of this video failed. Analyse it again to review its faces.',
  review_member_seen_together:
    '{name} is already identified in the same frames of this video: two faces seen together cannot both be the same person.',
  unknown_person_none_named:
    "None of this person's faces could be named now: their videos are being analysed again or their analysis failed, or the member is seen beside them.",
  webhook_address_refused: 'This address cannot receive webhooks: {detail}.',
  webhook_endpoint_limit:
    'An organization can have at most {limit} webhook endpoints. Delete one first.',
  saml_certificate_invalid:
    'The signing certificate is not a valid X.509 certificate (PEM or base64)',
  saml_metadata_unusable: 'The identity provider metadata is not usable: {detail}',
  saml_settings_incomplete: 'The identity provider settings are incomplete',
  current_session_not_ended: 'To end this session, sign out.',
  csv_columns_missing:
    'The first row must name the columns: email, name (or first name and last name), role, job functions (language and time zone are optional). No "{column}" column was found.',
  csv_unreadable: 'The file could not be read as CSV: {detail}',
  csv_empty: 'The file is empty.',
  parent_folder_missing: 'The parent folder does not exist.',
  folder_missing: 'That folder does not exist.',
  reading_in_future: 'The reading is dated in the future',
  area_name_unknown: 'No area with this name',
  floor_area_limit: 'An organization can have at most {limit} areas. Delete one first.',
  floor_station_limit: 'An organization can have at most {limit} stations. Delete one first.',
  sensor_reading_empty:
    'The reading measures nothing: send temperature, humidity, airQuality or noiseLevel',
  account_suspended:
    'Your account is suspended by your organization. Please contact your administrator.',
  account_not_active:
    'Your account is not active yet. Please complete the setup from your invitation email.',
  invitation_send_failed: 'Failed to send invitation: {detail}',
  organization_domain_exists: 'An organization with this domain already exists.',
  own_organization_undeletable: "The super administrator's own organization cannot be deleted.",
  super_admin_undeletable: 'The super administrator account cannot be deleted here.',
  sso_organization_in_use: 'Another organization already uses this Auth0 Organization ID.',
  csv_too_many_rows: 'The file has more than 100,000 rows. Split it into smaller files.',
  camera_already_assigned: 'This camera is already assigned to an organization.',
  area_exists: 'An area with this name exists already.',
  station_exists: 'This area has a station with this name already.',
  credentials_unreadable:
    'The stored credentials cannot be read with the configured keys; set up the integration again.',
  document_not_processed: 'The document must be processed before an evaluation can be generated.',
  course_not_completed: 'Complete the course before rating it.',
  video_already_analysing: 'This video is already being analysed. Wait for the analysis to finish.',
  // Not found, besides the spec's own texts above
  observation_not_found: 'Observation session not found',
  finding_not_found: 'Finding not found',
  certification_not_found: 'Certification not found',
  certificate_code_unknown: 'No certificate has this verification code.',
  course_not_found: 'Course not found',
  team_member_not_found: 'Team member not found',
  people_import_not_found: 'This import was not found.',
  people_import_invitations_not_sent:
    'Invitations could not be sent to {number} people ({detail}). Resume the import to send them.',
  people_import_stopped_by_restore:
    'Stopped by a restore of a backup. Resume the import to finish it.',
  people_import_interrupted:
    'Stopped: the process applying it was interrupted more than once. Resume the import to finish it.',
  people_import_lost:
    'Stopped: its job was lost from the import queue. Resume the import to finish it.',
  people_import_failed: 'An unexpected error stopped the import. Resume the import to finish it.',
  member_not_in_organization: 'This person is not a member of your organization.',
  people_changed_while_read: 'The people changed while the list was read. Please try again.',
  webhook_delivery_in_flight:
    'This delivery is still being sent or waits for its next attempt. Replay it once it has succeeded or failed.',
  webhook_endpoint_disabled:
    'This endpoint is disabled: nothing is sent to it. Enable it again to send.',
  version_not_found: 'Version not found',
  version_content_missing:
    'Version {version} content not available - processing may still be in progress',
  document_content_missing: 'Document content not available - processing may still be in progress',
  no_evaluation: 'No evaluation available for this document',
  image_not_found: 'Image not found',
  picture_not_found: 'Picture not found',
  video_not_found: 'Video not found',
  video_stream_unavailable: 'Failed to load video stream',
  unknown_person_not_found: 'Unknown person not found. They may have been named.',
  face_not_found: 'Face not found.',
  reference_not_found: 'Reference photo not found.',
  area_not_found: 'Area not found',
  station_not_found: 'Station not found',
  camera_not_found: 'Camera not found',
  assignment_not_found: 'Camera assignment not found',
  integration_not_found: 'Integration not found',
  api_token_not_found: 'API token not found',
  scim_token_not_found: 'SCIM token not found',
  webhook_not_found: 'Webhook not found',
  delivery_not_found: 'Delivery not found',
  notification_not_found: 'Notification not found',
  saml_not_configured:
    'Single sign-on is not configured for this organization. Please contact your administrator.',
  saml_unknown_organization: 'No SAML organization with this identifier',
  // A schema's own specific sentence: the gateway's validationRefusal keeps this code rather
  // than the generic invalid_field, and the web app words its own checks by it too.
  credentials_required: 'Please enter both email and password.',
  password_too_short: 'Password must be at least 8 characters',
  setup_link_incomplete: 'This password setup link is invalid or incomplete.',
  name_required: 'Please enter a name.',
  folder_name_required: 'Please enter a folder name.',
  tag_name_required: 'Please enter a tag name.',
  tag_color_required: 'Please select a color.',
  version_changes_required: 'Please describe what changed in this version.',
  job_function_name_required: 'Please enter a job function name.',
  job_function_name_too_long: 'A job function name has at most 120 characters.',
  job_function_too_many_sops: 'A job function requires at most {limit} SOPs.',
  course_difficulty_choice: 'Choose Beginner, Intermediate or Advanced',
  operator_required: 'Please select an operator to observe',
  finding_severity_required: 'Please choose a severity.',
  finding_category_required: 'Please choose a category.',
  finding_note_required: 'Please describe the finding.',
  pass_mark_range: 'The pass mark must be between 1 and 100.',
  validity_range: 'Validity must be between 1 and 120 months.',
  revocation_reason_required: 'Please give a reason for revoking this certification.',
  evaluation_questions_required: 'An evaluation needs at least one question.',
  question_text_too_short: 'A question needs at least 5 characters.',
  question_too_few_options: 'A question needs at least 3 options.',
  options_not_empty: 'Options cannot be empty.',
  options_distinct: 'Options must all be different.',
  correct_answer_an_option: 'The correct answer must be one of the options.',
  course_sops_required: 'Add at least one SOP to the course',
  due_date_format: 'Enter the due date as a day (YYYY-MM-DD)',
  rating_range: 'Rate from 1 to 5 stars',
  token_name_required: 'Please give the token a name.',
  token_name_too_long: 'A token name has at most 80 characters.',
  scim_token_name_required: 'Please name the token (for example "Okta").',
  webhook_events_required: 'Please pick at least one event.',
  https_address_required: 'Please enter an https:// address.',
  webhook_address_credentials:
    "A webhook address cannot hold a user name or password: every delivery is signed with the endpoint's secret, which your receiver checks instead.",
  domain_format: 'Enter a domain such as acme.com',
  api_base_url_format: 'API base URL must be an http(s) URL',
  camera_system_address_credentials:
    'An API base URL cannot hold a user name or password: the client ID and secret sign in instead.',
  prompt_too_long: 'Prompts must be at most 20,000 characters',
  recording_date_invalid: 'Recording date is not a valid date',
  recording_date_future: 'Recording date cannot be in the future',
  presence_retention_minimum: 'Keep presence events at least 1 day',
  retention_whole_days: 'Retention must be a whole number of days',
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

const ERROR_CATALOG = sentenceCatalog(ERROR_TEXTS);

/** The code of an error message the table knows, or undefined for any other message. */
export function errorCodeOf(message: string): ErrorCode | undefined {
  return ERROR_CATALOG.of(message)?.code;
}

/**
 * The parts a service filled into a table text (`{titles}` in 'These SOPs have no published
 * evaluation: {titles}.'), by name, for the error body's `params`: a client words the code in
 * its reader's language with them. Empty for a text without parts or a message the table lacks.
 */
export function errorPartsOf(message: string): Record<string, string> {
  return ERROR_CATALOG.of(message)?.params ?? {};
}

/** A table text with its `{name}` parts filled in. */
export function errorText(code: ErrorCode, parts: Record<string, string> = {}): string {
  return ERROR_CATALOG.text(code, parts);
}
