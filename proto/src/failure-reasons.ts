/**
 * Why a worker could not process a document or a video, as stored on its row and shown in the
 * library and the video list: a stable code per sentence the workers write (workers/pdf's and
 * workers/video's failures), in English as they write it. The row keeps the English (logs, API
 * clients, rows from before); `failureReasonOf` finds the code and the filled-in parts of any
 * stored reason, old rows included, and the web app words the code in its reader's language
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
} as const;

export type FailureReasonCode = keyof typeof FAILURE_REASONS;
export const FAILURE_REASON_CODES = Object.keys(FAILURE_REASONS) as FailureReasonCode[];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each sentence as a whole-text pattern, its `{name}` parts captured by name. Sentences without
 * parts are tried first, so 'The video has no frames.' is never read as a sentence with a part.
 */
const PATTERNS = [...FAILURE_REASON_CODES]
  .sort(
    (a, b) => Number(FAILURE_REASONS[a].includes('{')) - Number(FAILURE_REASONS[b].includes('{')),
  )
  .map((code) => ({
    code,
    pattern: new RegExp(
      `^${escaped(FAILURE_REASONS[code]).replace(/\\\{(\w+)\\\}/g, '(?<$1>.+?)')}$`,
      's',
    ),
  }));

/** The code of a stored failure reason and its filled-in parts, or undefined for another text. */
export function failureReasonOf(
  reason: string,
): { code: FailureReasonCode; params: Record<string, string> } | undefined {
  const text = reason.trim();
  for (const { code, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { code, params: { ...match.groups } };
  }
  return undefined;
}
