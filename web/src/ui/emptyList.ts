/** What an empty list says: its first-use text, or, when a search or filter hides everything,
 * that nothing matches and how to see everything again. */
export interface EmptyListText {
  title: string;
  hint: string;
  /** Label of the button that clears the search and filters; null when nothing is narrowed. */
  clearLabel: string | null;
}

export function emptyListText(options: {
  /** Plural noun: 'documents', 'videos'. */
  noun: string;
  /** The text typed in the search box. */
  search: string;
  /** How many other filters (tags, category, state) narrow the list. */
  filters?: number;
  /** The first-use texts, shown when nothing narrows the list. */
  title: string;
  hint: string;
}): EmptyListText {
  const searching = options.search.trim() !== '';
  const filtering = (options.filters ?? 0) > 0;
  if (!searching && !filtering) {
    return { title: options.title, hint: options.hint, clearLabel: null };
  }
  const narrowedBy =
    searching && filtering ? 'your search and filters' : searching ? 'your search' : 'your filters';
  return {
    title: `No ${options.noun} match ${narrowedBy}`,
    hint: searching
      ? `Nothing matches "${options.search.trim()}". Try other words, or clear the search to see every one.`
      : 'Clear the filters to see every one.',
    clearLabel: searching && !filtering ? 'Clear search' : 'Clear search and filters',
  };
}
