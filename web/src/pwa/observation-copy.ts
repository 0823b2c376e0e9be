import { keepsObservation, OBSERVATION_CACHE, OFFLINE_COPY_HEADER } from './sw-routing';

/** The writes in the order the page made them: a later session never lands under an older one. */
let writing: Promise<void> = Promise.resolve();

/**
 * Brings the service worker's copy of a session up to what the page holds now (answers and
 * findings sent since it was fetched): a reload offline went on from the copy as first fetched
 * and asked again a question already answered. Only a copy the worker kept is replaced, so none
 * is made for a session it would not keep, nor after sign-out forgot them.
 */
export function keepObservationCopy(
  session: { id: number; status: string },
  origin: string = location.origin,
): Promise<void> {
  writing = writing.then(() => replaceCopy(session, origin)).catch(() => undefined);
  return writing;
}

async function replaceCopy(session: { id: number; status: string }, origin: string) {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(OBSERVATION_CACHE);
  const url = `${origin}/api/observations/${session.id}`;
  const before = await cache.match(url);
  if (!before) return;
  if (!keepsObservation(session)) {
    await cache.delete(url);
    return;
  }
  const headers = new Headers(before.headers);
  headers.delete(OFFLINE_COPY_HEADER);
  headers.delete('content-length');
  await cache.put(url, new Response(JSON.stringify(session), { status: 200, headers }));
}
