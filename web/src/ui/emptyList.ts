import { i18n } from '../i18n/i18n';
import type { ListNoun } from './listNoun';

/** What an empty list says: its first-use text, or, when a search or filter hides everything,
 * that nothing matches and how to see everything again. */
export interface EmptyListText {
  title: string;
  hint: string;
  /** Label of the button that clears the search and filters; null when nothing is narrowed. */
  clearLabel: string | null;
}

export function emptyListText(options: {
  noun: ListNoun;
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
  const noun = i18n.t(`ui.nouns.${options.noun}`);
  const title =
    searching && filtering
      ? i18n.t('ui.emptyList.noMatchBoth', { noun })
      : searching
        ? i18n.t('ui.emptyList.noMatchSearch', { noun })
        : i18n.t('ui.emptyList.noMatchFilters', { noun });
  return {
    title,
    hint: searching
      ? i18n.t('ui.emptyList.searchHint', { search: options.search.trim() })
      : i18n.t('ui.emptyList.filtersHint'),
    clearLabel:
      searching && !filtering
        ? i18n.t('ui.emptyList.clearSearch')
        : i18n.t('ui.emptyList.clearBoth'),
  };
}
