import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepObservationCopy } from './observation-copy';
import { OBSERVATION_CACHE } from './sw-routing';

const ORIGIN = 'http://localhost:8080';
const URL_OF_12 = `${ORIGIN}/api/observations/12`;

/** Cache Storage in memory: the caches and their entries by URL. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return Promise.resolve({
      match: (url: string) => Promise.resolve(entries.get(url)?.clone()),
      put: (url: string, response: Response) => Promise.resolve(void entries.set(url, response)),
      delete: (url: string) => Promise.resolve(entries.delete(url)),
    });
  };
  return { stores, open };
}

const kept = async (caches: ReturnType<typeof memoryCaches>) =>
  (await caches.stores.get(OBSERVATION_CACHE)?.get(URL_OF_12)?.clone().json()) as unknown;

afterEach(() => vi.unstubAllGlobals());

describe('the kept copy of a session being recorded', () => {
  it('follows what the page recorded since it was fetched, so a reload offline goes on from there', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches);
    const fetched = { id: 12, status: 'in_progress', responses: [] };
    await (await caches.open(OBSERVATION_CACHE)).put(URL_OF_12, Response.json(fetched));

    const answered = { ...fetched, responses: [{ questionId: 'q1' }] };
    await keepObservationCopy(answered, ORIGIN);
    expect(await kept(caches)).toEqual(answered);
  });

  it('is never made where the service worker kept none (not this person’s, or signed out)', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches);
    await keepObservationCopy({ id: 12, status: 'in_progress' }, ORIGIN);
    expect(await kept(caches)).toBeUndefined();
  });

  it('goes once the session is completed', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches);
    const fetched = { id: 12, status: 'in_progress' };
    await (await caches.open(OBSERVATION_CACHE)).put(URL_OF_12, Response.json(fetched));
    await keepObservationCopy({ id: 12, status: 'completed' }, ORIGIN);
    expect(await kept(caches)).toBeUndefined();
  });

  it('does nothing without Cache Storage', async () => {
    await expect(keepObservationCopy({ id: 12, status: 'in_progress' }, ORIGIN)).resolves.toBe(
      undefined,
    );
  });
});
