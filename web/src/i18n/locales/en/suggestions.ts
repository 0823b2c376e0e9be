import { SUGGESTIONS, type SuggestionCode } from '@hub/proto';
import { protoTexts } from '../proto-texts';

/**
 * What to do about a failure the API answered (its `technicalDetails.suggestion`), by proto's
 * SUGGESTIONS code: the services' own sentences, kept in one place. An English reader sees the
 * suggestion as the service wrote it; these are the words the other languages follow.
 */
export const suggestions: Record<SuggestionCode, string> = protoTexts(SUGGESTIONS);
