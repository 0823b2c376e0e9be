import { useState } from 'react';
import { useDebouncedValue } from '../auth/useDebouncedValue';

/** How long typing pauses before a search box's text is searched: one request a pause. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What is typed in a search box (`text`, shown as typed) and what is searched (`search`: trimmed,
 * once typing has paused for SEARCH_DEBOUNCE_MS), for every list with a search box.
 */
export function useSearchText() {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, search };
}
