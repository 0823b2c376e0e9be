import { OBSERVATION_CACHE, SOP_CACHE } from './sw-routing';

/**
 * Registers the service worker (production builds only: in `vite dev` the modules are not the
 * built assets it caches). Once it runs, it is handed the assets this page loaded before it
 * controlled the page, so the shell is complete offline after the first visit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(`${location.origin}/assets/`));
        registration.active?.postMessage({ type: 'cache-assets', urls });
      })
      .catch(() => {
        // The app works without it; only offline reading is lost.
      });
  });
}

/**
 * Forgets the SOPs kept for offline reading and the observation sessions kept for recording: on
 * sign-out and sign-in, since the next person on this device must not read the last one's copies.
 */
export async function forgetOfflineSops(): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    await Promise.all([caches.delete(SOP_CACHE), caches.delete(OBSERVATION_CACHE)]);
  } catch {
    // No Cache Storage (an insecure origin, a private mode): nothing was kept.
  }
}
