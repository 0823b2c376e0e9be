import { FAILURE_REASONS, type FailureReasonCode } from '@hub/proto';
import { protoTexts } from '../proto-texts';

/**
 * Why a worker could not process a document or a video, by proto's FAILURE_REASONS code: the
 * workers' own sentences, kept in one place. An English reader sees the stored sentence itself
 * (with its duration); these are the words the other languages follow. `{{detail}}` is the
 * technical part as the worker wrote it (a PDF reader's or the AI provider's own message).
 */
export const failureReasons: Record<FailureReasonCode, string> = {
  ...protoTexts(FAILURE_REASONS),
  // Without the row's `{duration}`: no other language's sentence (proto's included) names it,
  // and each must have English's placeholders.
  processing_timeout: 'Processing took too long.',
  video_analysis_timeout: 'Analysing the video took too long.',
  quiz_timeout: 'Generating the evaluation took too long.',
};
