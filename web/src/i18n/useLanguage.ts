import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { currentUserQuery } from '../api/queries';
import { preferencesQuery } from '../settings/queries';
import { applyLanguage } from './i18n';
import { browserLanguages, chooseLanguage, type Language } from './language';

/**
 * Keeps the page in the language chosen for whoever is here: once signed in the saved
 * preference, else the organization's default (a saved change lands in the query cache, so it
 * applies at once), the browser's before and after (sign-out clears the cache). It reads the cache only: the pages that need the user and
 * the preferences fetch them, and a public page asks nothing more than before.
 */
export function useLanguage(): Language {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const language = useSyncExternalStore(subscribe, () => {
    const user = queryClient.getQueryData(currentUserQuery.queryKey);
    const saved = user ? queryClient.getQueryData(preferencesQuery.queryKey) : undefined;
    return chooseLanguage(saved?.language, browserLanguages(), saved?.organizationLanguage ?? null);
  });
  // Before the browser paints: no frame in the previous language.
  useLayoutEffect(() => applyLanguage(language), [language]);
  return language;
}

/** Mounted once at the root, above the router. */
export function LanguageFollower() {
  useLanguage();
  return null;
}
