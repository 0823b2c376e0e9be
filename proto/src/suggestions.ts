import { sentenceCatalog } from './sentence-catalog.js';

/**
 * What a person can do about a failure the API answers (a response's
 * `technicalDetails.suggestion`, shown under its message): a stable code per sentence the
 * services write, in English as they write it. The answer keeps the English (logs, API clients);
 * `suggestionOf` finds the code and the filled-in parts of a suggestion, and the web app words
 * the code in its reader's language (web/src/i18n/locales/<lang>/suggestions.ts, from
 * SUGGESTIONS_ES and SUGGESTIONS_FR). A suggestion no entry matches (a camera system's own advice,
 * passed on as it came) is shown as written. Codes are never renamed or reused.
 */
export const SUGGESTIONS = {
  try_again_later: 'Try again later.',
  // What to do about a camera system's refusal or failure (the integration service's camera list)
  camera_check_address: 'Check the API base URL and that the server can reach it.',
  camera_check_credentials: 'Check the client id and secret of the integration.',
  camera_check_system_up: 'Check that the camera system is up and reachable from the server.',
  camera_grant_access: 'Ask the camera system administrator to grant this API client access.',
  // A partial camera list: more cameras than it holds, pages too small, pages too slow.
  camera_limit_client:
    'Limit the API client of this integration to the cameras the platform should see.',
  camera_page_size:
    'Ask the camera system administrator to let the API client of this integration read at least {pageMin} cameras a page.',
  camera_try_later_or_limit_client:
    'Try again later, or limit the API client of this integration to the cameras the platform should see.',
} as const;

export type SuggestionCode = keyof typeof SUGGESTIONS;
export const SUGGESTION_CODES = Object.keys(SUGGESTIONS) as SuggestionCode[];

const SUGGESTION_CATALOG = sentenceCatalog(SUGGESTIONS);

/** A sentence of the table with its `{name}` parts filled in, each once. */
export function suggestionText(code: SuggestionCode, parts: Record<string, string> = {}): string {
  return SUGGESTION_CATALOG.text(code, parts);
}

/** The code of a suggestion and its filled-in parts, or undefined for another text. */
export function suggestionOf(
  suggestion: string,
): { code: SuggestionCode; params: Record<string, string> } | undefined {
  return SUGGESTION_CATALOG.of(suggestion);
}
