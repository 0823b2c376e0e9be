import type { FailureReasonCode } from '@hub/proto';

/**
 * Why a worker could not process a document or a video, by proto's FAILURE_REASONS code. An
 * English reader sees the stored sentence itself (with its duration); these are the same
 * words for the other languages to follow. `{{detail}}` is the technical part as the worker
 * wrote it (a PDF reader's or the AI provider's own message).
 */
export const failureReasons: Record<FailureReasonCode, string> = {
  pdf_worker_stopped:
    'Processing stopped the PDF worker twice; the file may be damaged or hostile.',
  processing_timeout: 'Processing took too long.',
  pdf_memory: 'The document needs more memory than the {{memoryMb}} MB allowed for one file.',
  pdf_reader_crashed: 'The PDF reader stopped unexpectedly: {{detail}}',
  pdf_password: 'The PDF is password-protected.',
  pdf_damaged: 'The file is damaged and could not be read: {{detail}}',
  document_failed: 'The document could not be processed: {{detail}}',
  upload_unreadable: 'The uploaded file could not be read from storage: {{detail}}',
  no_text: 'The document has no text.',
  no_text_ocr_off: 'The document has no text and OCR is turned off.',
  no_text_ocr_none: 'The document has no text and OCR found none.',
  no_text_ocr_failed: 'The document has no text and OCR failed on page {{page}}: {{detail}}',
  video_worker_stopped:
    'Processing stopped the video worker twice; the file may be damaged or hostile.',
  video_no_frames: 'The video has no frames.',
  video_undecodable: 'The video could not be decoded: {{detail}}',
  video_unreadable: 'The video could not be read: {{detail}}',
  video_analysis_failed: 'The video could not be analysed: {{detail}}',
  video_analysis_timeout: 'Analysing the video took too long.',
  video_changed: 'The video changed while it was uploaded.',
  sop_text_unreadable: 'The text of SOP "{{title}}" could not be read: {{detail}}',
  ai_refused: 'The AI provider refused the request (HTTP {{status}}): {{detail}}',
  ai_timeout: 'The AI provider did not answer in time.',
  ai_unreachable: 'The AI provider could not be reached: {{detail}}',
  ai_preparing_timeout: 'The AI provider took too long to prepare the video.',
  ai_video_unreadable: 'The AI provider could not read the video: {{detail}}',
  ai_not_json: 'The AI provider did not answer with JSON.',
  ai_bad_shape: "The AI provider's answer is not in the expected shape ({{detail}}).",
};
