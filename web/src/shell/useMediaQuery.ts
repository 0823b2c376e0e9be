import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: at this width and above the sidebar sits beside the page. */
export const WIDE_SCREEN = '(min-width: 1024px)';

/** Whether the media query matches now, following the window as it is resized. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
