import { z } from 'zod';
import { failureReasonText, PROVIDER_CALL_MS, suggestionText } from '@hub/proto';
import { type CameraListing, type ProviderCamera, ProviderError } from './camera-provider.js';
import { ANSWER_MAX_BYTES, type AnswerBound, outOfTime } from './provider-answers.js';
import { type ResiliencePolicy, RetryPastBudget } from './resilience.js';

const CameraPage = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      model: z.string().nullish(),
      notes: z.string().nullish(),
    }),
  ),
  meta: z.object({ next_page: z.number().int().nullable() }),
});
/** Pages asked for; the provider may answer fewer per page, and we follow next_page. */
const PAGE_SIZE = 100;
/**
 * The smallest page of cameras the page bound allows for. Pages are read until more cameras than
 * asked for have come or next_page ends; the chain is also cut after as many pages as bring them
 * at this many cameras a page (1,001 pages for the list's 10,000), so a chain that runs away
 * ends, while a provider holding its pages below our per_page (20, 25, 50 cameras) is still read
 * to the end of the list. A provider answering fewer cameras a page is cut there, and says so.
 */
export const CAMERA_PAGE_MIN = 10;
/**
 * How far into the system findCamera looks: the reach its 200 pages of 100 had. A camera further
 * in cannot be listed (CAMERA_LIST_MAX), so it is not chosen in the camera dialog anyway.
 */
const FIND_CAMERA_REACH = 20_000;
/** However few cameras are asked for, pages are followed this far (the former bound of all). */
const PAGES_MIN = 200;
/** The pages read to bring `cameras` cameras (and one more, to tell there are more). */
const pagesFor = (cameras: number) =>
  Math.max(PAGES_MIN, Math.ceil((cameras + 1) / CAMERA_PAGE_MIN));
/**
 * How long a chain of camera pages may go on: well inside the time the gateway waits for the
 * answer, so the user gets the cameras read rather than a gateway timeout while this service goes
 * on reading pages nobody waits for. Every exchange of the chain (sign-ins, pages, their retries)
 * ends with it and none starts past it; the margin holds the assignments read for the list, the
 * answer's way back, and a loaded machine's lateness.
 */
export const CAMERA_PAGES_BUDGET_MS = PROVIDER_CALL_MS - 10_000;

/** The camera pages' budget under a policy: its own when set (smaller in tests). */
export const pagesBudgetOf = (policy: ResiliencePolicy): number =>
  policy.pagesBudgetMs ?? CAMERA_PAGES_BUDGET_MS;

/** How a chain of camera pages ended, with the rate limit that ended it ('limited'). */
interface PagesEnd {
  more: CameraListing['more'];
  limited?: ProviderError;
}

/**
 * One GET of the camera system's API read as JSON within `bound`; each exchange of it (sign-ins
 * included) ends by `until` and none starts after it, nor does a retry.
 */
export type GetJson = (path: string, bound: AnswerBound, until: number) => Promise<unknown>;

/**
 * The camera list of one camera system (GET /v1/cameras, paged), read a page at a time: the
 * cameras listed, and one camera looked up.
 */
export class CameraPages {
  constructor(
    private readonly getJson: GetJson,
    private readonly policy: ResiliencePolicy,
  ) {}

  async listCameras(max: number): Promise<CameraListing> {
    const cameras: ProviderCamera[] = [];
    const pages = this.cameraPages(pagesFor(max));
    let next = await pages.next();
    for (; !next.done; next = await pages.next()) {
      cameras.push(...next.value);
      if (cameras.length > max) return { cameras: cameras.slice(0, max), more: 'cameras' };
    }
    const { more, limited } = next.value;
    // The wait a rate limit asked for, so the list can say when to try again.
    const retryAfterMs = limited?.retryAfterMs;
    return { cameras, more, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }

  async findCamera(cameraId: string): Promise<ProviderCamera | null> {
    const pages = this.cameraPages(pagesFor(FIND_CAMERA_REACH));
    let next = await pages.next();
    // Bounded by cameras as the list is: the page bound alone, sized for pages of 10, would read
    // ten times the reach of a system answering full pages (2,001 requests for a camera it lacks).
    // A page past the reach is read: only a chain that goes on past it is cut, a system that ends
    // there has no such camera.
    for (let seen = 0; !next.done; next = await pages.next()) {
      const camera = next.value.find((candidate) => candidate.id === cameraId);
      if (camera) return camera;
      if (seen > FIND_CAMERA_REACH)
        throw new ProviderError(
          'protocol',
          failureReasonText('camera_not_within_reach', {
            count: FIND_CAMERA_REACH.toLocaleString('en-US'),
          }),
        );
      seen += next.value.length;
    }
    const { more, limited } = next.value;
    if (!more) return null;
    // Nothing partial to answer: the system's own refusal is the reason.
    if (limited) throw limited;
    if (more === 'time')
      throw new ProviderError(
        'timeout',
        failureReasonText('camera_not_found_in_time', {
          seconds: String(this.pagesBudgetMs / 1000),
        }),
        suggestionText('try_again_later'),
      );
    throw new ProviderError(
      'protocol',
      failureReasonText('camera_not_in_small_pages', {
        pageMin: String(CAMERA_PAGE_MIN),
        count: pagesFor(FIND_CAMERA_REACH).toLocaleString('en-US'),
      }),
    );
  }

  private get pagesBudgetMs(): number {
    return pagesBudgetOf(this.policy);
  }

  /**
   * The system's cameras a page at a time, following next_page as far as it leads but no further
   * than `limit` pages, nor past the pages' time budget; ends with `more` false when next_page
   * ended, else why it was not followed further ('pages': the limit, 'time': the budget,
   * 'limited': the system's rate limit). A page after the first the system rate-limits past the
   * retries (a Retry-After longer than a retry waits or than the budget has left, every attempt
   * refused, or a refusal coming as the budget ends) ends the chain with that refusal, whatever
   * the time left; one that fails otherwise as time runs out (the budget ended its exchange or
   * kept one from starting, its retry would pass the budget, or it failed past it in a way a retry
   * could mend) ends it as the budget does: either way the pages read are the answer.
   */
  private async *cameraPages(limit: number): AsyncGenerator<ProviderCamera[], PagesEnd> {
    // The budget runs from the first request, sign-in included, and bounds every exchange of the
    // chain: each sign-in and page is given at most the time left of it (its own timeout when
    // that is shorter) and none starts past it, nor does a retry. One attempt of a page (a
    // sign-in, the page, a token renewed after a 401 and the page again: four timeouts) would
    // otherwise outlast the budget and its margin, as would a page's retries (up to 5 s apart
    // after a Retry-After); the chain ends when the budget does.
    const deadline = Date.now() + this.pagesBudgetMs;
    for (let page = 1, pages = 0; ; pages += 1) {
      if (pages >= limit) return { more: 'pages' };
      if (pages > 0 && Date.now() >= deadline) return { more: 'time' };
      let read: unknown;
      try {
        read = await this.getJson(
          `/v1/cameras?page=${page}&per_page=${PAGE_SIZE}`,
          { what: 'page of cameras', maxBytes: ANSWER_MAX_BYTES },
          deadline,
        );
      } catch (error) {
        const failure = error instanceof RetryPastBudget ? error.failure : error;
        // The first page failing tells nothing was read: the failure is the answer. A refusal
        // no retry would mend (a scope, the credentials) stays one on any page.
        if (pages > 0) {
          // A rate limit past the retries says "not now" of the pages to come, not of those
          // read; told before the budget, since a retry it cut, or a refusal come as it ended,
          // is still the system's limit, and the list says so (and when to try again).
          if (failure instanceof ProviderError && failure.kind === 'rate_limited')
            return { more: 'limited', limited: failure };
          if (outOfTime(error, deadline)) return { more: 'time' };
        }
        throw failure;
      }
      const answer = CameraPage.parse(read);
      yield answer.data.map((camera) => ({
        id: camera.id,
        name: camera.name,
        model: camera.model ?? '',
        notes: camera.notes ?? '',
      }));
      if (answer.meta.next_page === null || answer.meta.next_page <= page) return { more: false };
      page = answer.meta.next_page;
    }
  }
}
