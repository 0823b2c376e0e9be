import { sentenceCatalog } from './sentence-catalog.js';

/**
 * Why a worker could not process a document, a video or a picture, or generate an evaluation, as
 * stored on its row and shown in the library, the video list and the reference photos: a stable
 * code per sentence the workers write (workers/pdf's, workers/video's and workers/quiz's
 * failures), in English as they write it. The row keeps the English (logs, API clients, rows
 * from before); `failureReasonOf` finds the code and the filled-in parts of any stored reason,
 * old rows included, and the web app words the code in its reader's language
 * (web/src/i18n/locales/<lang>/failure-reasons.ts). A reason no entry matches is shown as
 * written. Codes are never renamed or reused.
 */
export const FAILURE_REASONS = {
  // Documents (the PDF worker)
  pdf_worker_stopped:
    'Processing stopped the PDF worker twice; the file may be damaged or hostile.',
  processing_timeout: 'Processing took longer than {duration}.',
  pdf_memory: 'The document needs more memory than the {memoryMb} MB allowed for one file.',
  pdf_reader_crashed: 'The PDF reader stopped unexpectedly: {detail}',
  pdf_password: 'The PDF is password-protected.',
  pdf_damaged: 'The file is damaged and could not be read: {detail}',
  document_failed: 'The document could not be processed: {detail}',
  upload_unreadable: 'The uploaded file could not be read from storage: {detail}',
  no_text: 'The document has no text.',
  no_text_ocr_off: 'The document has no text and OCR is turned off.',
  no_text_ocr_none: 'The document has no text and OCR found none.',
  no_text_ocr_failed: 'The document has no text and OCR failed on page {page}: {detail}',
  // Videos (the video worker)
  video_worker_stopped:
    'Processing stopped the video worker twice; the file may be damaged or hostile.',
  video_no_frames: 'The video has no frames.',
  video_undecodable: 'The video could not be decoded: {detail}',
  video_unreadable: 'The video could not be read: {detail}',
  video_analysis_failed: 'The video could not be analysed: {detail}',
  video_analysis_timeout: 'Analysing the video took longer than {duration}.',
  video_changed: 'The video changed while it was uploaded.',
  sop_text_unreadable: 'The text of SOP "{title}" could not be read: {detail}',
  ai_refused: 'The AI provider refused the request (HTTP {status}): {detail}',
  ai_timeout: 'The AI provider did not answer in time.',
  ai_unreachable: 'The AI provider could not be reached: {detail}',
  ai_preparing_timeout: 'The AI provider took too long to prepare the video.',
  ai_video_unreadable: 'The AI provider could not read the video: {detail}',
  ai_not_json: 'The AI provider did not answer with JSON.',
  ai_bad_shape: "The AI provider's answer is not in the expected shape ({detail}).",
  ai_upload_refused: 'The AI provider refused the upload (HTTP {status}): {detail}',
  ai_upload_unreachable: 'The AI provider could not be reached during the upload: {detail}',
  ai_no_upload_address: 'The AI provider gave no address to upload the video to.',
  ai_upload_undescribed: 'The AI provider did not describe the uploaded video.',
  video_storage_unreadable: 'The video could not be read from storage: {detail}',
  video_frame_unreadable: 'The video could not be read as an image: {detail}',
  steps_no_provider:
    'Step analysis against the SOPs needs an AI provider: set GEMINI_API_KEY. Operator identification ran without it.',
  steps_failed:
    'Step analysis against the SOPs failed: {detail} Operator identification ran without it.',
  // Pictures (the video worker: profile pictures, reference photos, snapshots)
  picture_worker_stopped:
    'Processing stopped the video worker twice; the picture may be damaged or hostile.',
  snapshot_worker_stopped:
    'Processing stopped the video worker twice; the snapshot may be damaged or hostile.',
  picture_storage_unreadable: 'The profile picture could not be read from storage: {detail}',
  reference_storage_unreadable: 'The reference photo could not be read from storage: {detail}',
  snapshot_storage_unreadable: 'The snapshot could not be read from storage: {detail}',
  picture_not_image: 'The profile picture could not be read as an image: {detail}',
  snapshot_not_image: 'The snapshot could not be read as an image: {detail}',
  // The worker's own copy of the picture could not be read (retried: the picture is not to blame).
  picture_unreadable: 'The profile picture could not be read: {detail}',
  snapshot_unreadable: 'The snapshot could not be read: {detail}',
  picture_failed: 'The profile picture could not be processed: {detail}',
  reference_failed: 'The photo could not be processed: {detail}',
  snapshot_failed: 'The snapshot could not be identified: {detail}',
  picture_no_face:
    'No face was found in the profile picture. Please use a clear, front-facing photo.',
  picture_several_faces:
    'The profile picture shows {count} faces. Please use a photo of only this person.',
  reference_no_face:
    'No face was found in the photo. Please use a clear, front-facing photo of the person.',
  reference_several_faces: 'The photo shows {count} faces. Please use a photo of only this person.',
  reference_face_too_small:
    'The face in the photo is too small ({pixels} pixels across). Please use a photo where the face fills more of the picture.',
  reference_blurred:
    'The face in the photo is blurred. Please use a sharp photo, taken in good light.',
  reference_unusable: 'The photo could not be used.',
  face_not_found_again: 'The confirmed face could not be found again in the video.',
  // Evaluations (the quiz worker)
  quiz_worker_stopped:
    'Generating the evaluation stopped the quiz worker twice; the SOP may be too large or hostile.',
  quiz_sop_unreadable: 'The SOP text could not be read from storage: {detail}',
  quiz_timeout: 'Generating the evaluation took longer than {duration}.',
  quiz_failed: 'The evaluation could not be generated: {detail}',
  quiz_invalid: 'The generated evaluation is not valid: {detail}',
  quiz_sop_too_short: 'The SOP text is too short to generate an evaluation.',
  quiz_no_steps:
    'No procedure steps found: the document reads as a form or a table (field labels and figures), so no evaluation was generated.',
  quiz_offline_invalid: 'The offline generator wrote an invalid evaluation: {detail}',
  quiz_ai_invalid: 'The AI answer was not a valid evaluation: {detail}',
  // Webhooks (identity): why an endpoint was disabled, why a delivery failed
  webhook_failing: 'every delivery failed for {hours} hours',
  webhook_endpoint_disabled: 'endpoint disabled',
  webhook_attempt_broke:
    'The last attempt could not be completed here. Replay it to send it again.',
  webhook_attempts_interrupted:
    'Stopped: the process sending it was interrupted during an attempt more than once. Replay it to send it.',
  webhook_job_lost:
    'Stopped: its attempts were lost from the delivery queue. Replay it to send it.',
  webhook_not_queued: 'Not sent again: the delivery queue could not be reached. Replay it again.',
  webhook_no_answer: 'no answer within {seconds} s',
  webhook_private_network:
    'This address cannot receive webhooks: it points to a private or local network, which webhooks may not reach.',
  webhook_https_only:
    'This address cannot receive webhooks: only https:// addresses receive webhooks.',
  webhook_unresolved: 'This address cannot receive webhooks: its host name does not resolve.',
  webhook_unresolved_in_time:
    'This address cannot receive webhooks: its host name did not resolve within {seconds} s.',
  // The library service's own (a run it found stalled, a generation it could not ask for)
  document_stalled:
    'Processing stopped unexpectedly: the worker did not finish this document. Press Retry to process it again.',
  document_stalled_cause:
    'Processing stopped unexpectedly: the worker did not finish this document. Press Retry to process it again. ({detail})',
  evaluation_stalled:
    'Evaluation generation stopped unexpectedly: the worker did not finish. Press Retry to generate it again.',
  evaluation_stalled_cause:
    'Evaluation generation stopped unexpectedly: the worker did not finish. Press Retry to generate it again. ({detail})',
  evaluation_not_started: 'Evaluation generation could not start: {detail}',
  // The video service's own (an analysis it found stalled)
  video_analysis_stalled:
    'The analysis stopped unexpectedly: the worker did not finish. Press Analyse to run it again.',
  video_analysis_stalled_cause:
    'The analysis stopped unexpectedly: the worker did not finish. Press Analyse to run it again. ({detail})',
  // The integration service's own (camera snapshot runs). After ai_unreachable, which is tried
  // first: 'The AI provider could not be reached: …' would read as a camera's too.
  snapshot_no_enrolments:
    'No one in the organization has an enrolled profile photo to compare the snapshot with.',
  snapshot_stale:
    'No result was recorded for this snapshot within {hours} hours of it being taken; it was given up.',
  snapshot_not_sent: 'The snapshot could not be sent for identification.',
  camera_unreachable: '{camera} could not be reached: {detail}',
  // Why, as the {detail} of a reason above: worded here from what failed (a storage error's kind,
  // a socket's error code, a program that would not start), while a library's or a remote's own
  // words go to the log. A reader words the detail in its language too.
  storage_read_missing: 'The file is not in storage.',
  storage_read_refused: 'Storage refused access to the file.',
  storage_read_failed: 'Storage answered with an error.',
  program_not_started: 'The {program} program could not be started.',
  program_stopped: 'The {program} program was stopped before it finished.',
  // Why the PDF reader failed on a file (pdf_damaged's and pdf_reader_crashed's {detail}), and
  // why OCR failed on a page (no_text_ocr_failed's), chosen by workers/pdf from what was thrown;
  // the reader's or the OCR engine's own words are logged.
  pdf_cause_not_pdf: 'Its structure is not that of a PDF.',
  pdf_cause_security: 'It is encrypted in a way that is not supported.',
  pdf_cause_too_deep: 'Its content is nested too deeply to be read.',
  pdf_cause_reader_failed: 'The PDF reader failed on its content.',
  pdf_cause_thread_ended: 'The thread reading it ended.',
  ocr_cause_engine_failed: 'The text recognition engine failed on the page.',
  ocr_cause_no_result: 'No text was stored for the page.',
  network_refused: 'connection refused',
  network_timed_out: 'timed out',
  network_unresolved: 'name not resolved',
  network_certificate: 'certificate not trusted',
  network_tls: 'secure connection (TLS) failed',
  network_reset: 'connection cut off',
  network_unreachable: 'network unreachable',
  network_failed: 'network error',
  // Why the AI provider refused (ai_refused's and ai_upload_refused's {detail}), by its HTTP
  // status; its own message is logged.
  ai_said_not_accepted: 'The request or the API key was not accepted.',
  ai_said_no_access: 'The API key was not accepted or has no access.',
  ai_said_not_found: 'The model or the file was not found.',
  ai_said_too_large: 'The file is too large for the provider.',
  ai_said_limit: 'The quota or the rate limit was reached.',
  ai_said_overloaded: 'The provider is overloaded or had an error.',
  ai_said_refused: 'The provider refused it.',
  // Why a worker's own copy of a file (a temp file on its disk) could not be read, by the
  // error's code; the path and the system's words are logged.
  file_read_missing: "The worker's copy of the file is missing.",
  file_read_refused: 'The worker is not allowed to read its copy of the file.',
  file_read_failed: "The worker's copy of the file could not be read.",
  // A request the AI provider library would not send (ours to fix, not the provider's doing).
  ai_request_invalid: 'The request for the AI provider was not valid, so it was not sent.',
  // Why an evaluation a generator wrote was not valid (quiz_ai_invalid's {detail}), chosen by
  // workers/quiz from the problem found; the problem in its own words (a schema's message, the
  // question it is about, the provider's reason for a blocked answer) is logged.
  quiz_answer_not_json: 'The answer is not JSON.',
  quiz_answer_none: 'The provider gave no answer: it was empty or blocked.',
  quiz_draft_no_questions: 'The evaluation has no questions.',
  quiz_draft_bad_shape: 'The evaluation is not in the expected shape.',
  quiz_draft_repeated_option: 'A question repeats one of its options.',
  quiz_draft_catch_all: 'A question has an "all/none of the above" option.',
  quiz_draft_no_explanation: 'A question has no explanation.',
  quiz_draft_repeated_question: 'A question is asked twice.',
  // Why ffmpeg could not decode a video or a picture (video_undecodable's and
  // picture_not_image's {detail}), by the kind of line it wrote; the line itself is logged.
  decode_damaged: 'The file is damaged or in a format that cannot be read.',
  decode_incomplete:
    'The file is incomplete or damaged: its index is missing, as when a recording was not finished or an upload was cut short.',
  decode_truncated: 'The file ends early: part of it is missing.',
  decode_no_video: 'The file holds no picture or video.',
  decode_unsupported: 'The file uses a format or codec that cannot be decoded.',
  decode_failed: 'The decoder stopped with an error.',
  // Why a camera could not be reached (camera_unreachable's {detail}), by the kind of the
  // camera system's failure; its own words (an error description, a socket's) are logged.
  camera_system_credentials: "The camera system did not accept the integration's credentials.",
  camera_system_forbidden: 'The camera system did not give this integration access to the camera.',
  camera_system_no_camera: 'The camera system does not know this camera.',
  camera_system_limiting: 'The camera system is limiting requests.',
  camera_system_timed_out: 'The camera system did not answer in time.',
  camera_system_unreachable: 'The camera system could not be reached.',
  camera_system_unavailable: 'The camera system is not available.',
  camera_system_bad_answer: 'The camera system gave an answer that could not be used.',
  camera_system_test_failed: 'The connection test of its camera system failed.',
  camera_integration_unusable: 'The integration of its camera system could not be used.',
  // Why a camera system's camera list is partial (the integration service's camera list): a page
  // after the first was rate-limited past the retries (a Retry-After longer than a retry waits,
  // or every attempt refused), and the pages read before it are shown. {count} is as written.
  camera_list_limited: 'The camera system is limiting requests: the first {count} are shown.',
  // The same, when the system said how long to wait (its Retry-After, in whole seconds as
  // English writes them: '30', '3,600').
  camera_list_limited_retry:
    'The camera system is limiting requests (retry after {seconds} s): the first {count} are shown.',
  // The other partial lists: more cameras than the list holds ({max}), pages smaller than the
  // adapter reads ({pageMin}), or pages too slow to bring them within the list's time.
  camera_list_more: 'The camera system lists more than {max} cameras: the first {count} are shown.',
  camera_list_small_pages:
    'The camera system answers fewer than {pageMin} cameras a page: the first {count} are shown.',
  camera_list_slow:
    'The camera system answered too slowly to list every camera: the first {count} are shown.',
  // The camera system's failures as the integration service words them (a connection test's
  // message, kept as the integration's last test message, and a camera list's): {detail} is the
  // system's own words as it wrote them (or its HTTP status), {address} the API base URL, its
  // password masked; {seconds} and {count} are written as English writes them. After the camera
  // lists' sentences, so that those are read first.
  camera_system_failed_http: 'The camera system failed (HTTP {status}): {detail}',
  camera_system_refused_http: 'The camera system refused the call (HTTP {status}): {detail}',
  camera_system_limiting_said: 'The camera system is limiting requests: {detail}',
  camera_system_limiting_said_retry:
    'The camera system is limiting requests (retry after {seconds} s): {detail}',
  camera_system_no_answer_within: 'The camera system did not answer within {seconds} s.',
  // With the network's own words first, so that an address is never read as holding them.
  camera_system_unreachable_at_cause: 'Could not reach the camera system at {address}: {detail}.',
  camera_system_unreachable_at: 'Could not reach the camera system at {address}.',
  camera_system_circuit_open:
    'The camera system failed {count} times in a row; calls resume in {seconds} s.',
  camera_system_no_token: 'The camera system answered no access token.',
  // An answer of the camera system too large to read, by what it was ({megabytes}: the most this
  // service reads of it, as English writes it), and the other answers it could not use: these
  // reach the connection test, the camera list and the camera lookup of an assignment.
  camera_system_answer_too_large:
    'The camera system sent an answer larger than the {megabytes} MB this service accepts.',
  camera_system_sign_in_too_large:
    'The camera system sent a sign-in answer larger than the {megabytes} MB this service accepts.',
  camera_system_page_too_large:
    'The camera system sent a page of cameras larger than the {megabytes} MB this service accepts.',
  camera_system_snapshot_too_large:
    'The camera system sent a snapshot larger than the {megabytes} MB this service accepts.',
  camera_system_clip_too_large:
    'The camera system sent a clip larger than the {megabytes} MB this service accepts.',
  camera_system_not_json: 'The camera system answered something that is not JSON.',
  camera_system_clip_unfinished: 'The camera system did not finish the clip export.',
  camera_system_download_elsewhere: 'The camera system pointed a download to another address.',
  // The camera pages' time ({seconds}) passing on the first page, and a camera looked up in the
  // pages (an assignment's) not found in them: {count} is written as English writes it.
  camera_pages_no_answer_within:
    'The camera system did not answer within the {seconds} s its camera pages may take.',
  camera_not_found_in_time:
    'The camera system answered too slowly: the camera was not found within {seconds} s.',
  camera_not_within_reach:
    'The camera is not among the first {count} cameras of the camera system.',
  camera_not_in_small_pages:
    'The camera system answers fewer than {pageMin} cameras a page: the camera was not in its first {count} pages.',
  // Any job's own: an error nobody foresaw, whose words (a database's, a library's) are for the
  // log, not for the person who reads the row
  unexpected_error: 'An unexpected error stopped this; it can be retried.',
} as const;

export type FailureReasonCode = keyof typeof FAILURE_REASONS;
export const FAILURE_REASON_CODES = Object.keys(FAILURE_REASONS) as FailureReasonCode[];

const FAILURE_CATALOG = sentenceCatalog(FAILURE_REASONS);

/**
 * A sentence of the table with its `{name}` parts filled in, each once: a part's own text (a
 * camera named '{detail}') is never filled in again.
 */
export function failureReasonText(
  code: FailureReasonCode,
  parts: Record<string, string> = {},
): string {
  return FAILURE_CATALOG.text(code, parts);
}

/** The code of a stored failure reason and its filled-in parts, or undefined for another text. */
export function failureReasonOf(
  reason: string,
): { code: FailureReasonCode; params: Record<string, string> } | undefined {
  return FAILURE_CATALOG.of(reason);
}

/**
 * A stored reason in a reader's words, `word` giving a code's sentence with its parts filled in
 * (the web app's catalog, the services'): a `{detail}` that is itself a reason (a cause a worker
 * worded, a reason nested in another) is worded so too; a text the table does not know stays
 * as written. One implementation for every reader, so the web app and the mails agree.
 */
export function wordFailureReason(
  reason: string,
  word: (code: FailureReasonCode, parts: Record<string, string>) => string,
): string {
  const known = failureReasonOf(reason);
  if (!known) return reason;
  const { detail } = known.params;
  const parts =
    detail === undefined
      ? known.params
      : { ...known.params, detail: wordFailureReason(detail, word) };
  return word(known.code, parts);
}
