import {
  type DocumentList,
  type Finding,
  type FindingPage,
  type ObservationList,
  type ObservationSession,
  type ObservationSettings,
  type ResponseSubmission,
} from '@hub/proto';
import { api } from '../api/routes';
import {
  infiniteQueryOptions,
  onlineManager,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { call, isApiError } from '../api/client';
import { readCurrentUser, type StoredUser } from '../auth/session';
import { cursorPaging } from '../api/paging';
import { refreshQueries } from '../api/refresh';

/** Spec section 9: the SOP selector asks for 100 processed documents. */
export const SOP_CHOICES_LIMIT = 100;
/** Spec section 9: the session is fetched with 2 retries, 1 s apart. */
export const SESSION_RETRIES = 2;
export const SESSION_RETRY_DELAY_MS = 1000;

/** Processed SOPs (the Start Observation and course editors keep those with an evaluation). */
export const sopChoicesQuery = queryOptions({
  queryKey: [api.documents.path, { sopProcessed: 'true', limit: SOP_CHOICES_LIMIT }],
  queryFn: ({ signal }): Promise<DocumentList> =>
    call(api.documents, { query: { sopProcessed: 'true', limit: SOP_CHOICES_LIMIT }, signal }),
});

/** Observations load 50 at a time; each further page continues after the last one loaded. */
export const OBSERVATION_PAGE_SIZE = 50;

export function observationsQuery(search: string) {
  const text = search.trim();
  const query = { search: text === '' ? undefined : text, limit: OBSERVATION_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: [api.observations.path, query, 'pages'],
    queryFn: ({ signal, pageParam }): Promise<ObservationList> =>
      call(api.observations, { query: { ...query, cursor: pageParam }, signal }),
    ...cursorPaging,
    placeholderData: (previous) => previous,
  });
}

/**
 * The session. It is asked for even when the browser says it is offline (networkMode
 * 'offlineFirst'): the service worker may answer the copy it kept, and the supervisor goes on
 * recording. Offline it is not asked again: a retry would wait for the network, the page with it.
 */
export function observationSessionQuery(id: number) {
  return queryOptions({
    queryKey: [api.observation.path, id],
    queryFn: ({ signal }): Promise<ObservationSession> =>
      call(api.observation, { params: { id }, signal }),
    retry: (failures: number) => failures < SESSION_RETRIES && onlineManager.isOnline(),
    retryDelay: SESSION_RETRY_DELAY_MS,
    networkMode: 'offlineFirst',
  });
}

/**
 * Who reads the session: the signed-in user, or with no answer at all (offline, the session the
 * service worker kept) whoever signed in on this device, so the person observed is not shown it
 * as its recorder.
 */
export function sessionReader(
  user: Pick<StoredUser, 'id'> | null | undefined,
  error: unknown,
): Pick<StoredUser, 'id'> | undefined {
  if (user) return user;
  if (error && !isApiError(error)) return readCurrentUser() ?? undefined;
  return undefined;
}

/** Findings past the session's load 100 at a time, continuing after the session's cursor. */
export const FINDING_PAGE_SIZE = 100;

/**
 * The pages of an observation's findings after those its session carries (an observation
 * recorded before the cap holds more). The session's cursor stays put (findings are only ever
 * added after it), so the key is the observation's.
 */
export function findingPagesQuery(observationId: number, cursor: string | null) {
  return infiniteQueryOptions({
    queryKey: [api.observationFindings.path, observationId, 'pages'],
    queryFn: ({ signal, pageParam }): Promise<FindingPage> =>
      call(api.observationFindings, {
        params: { id: observationId },
        query: { cursor: pageParam, limit: FINDING_PAGE_SIZE },
        signal,
      }),
    initialPageParam: cursor ?? undefined,
    getNextPageParam: (last: FindingPage): string | undefined => last.nextCursor ?? undefined,
  });
}

export const observationSettingsQuery = queryOptions({
  queryKey: [api.observationSettings.path],
  queryFn: ({ signal }): Promise<ObservationSettings> => call(api.observationSettings, { signal }),
});

/** After a creation, an answer, a finding or a new pass mark. */
export async function refreshObservations(queryClient: QueryClient): Promise<void> {
  await refreshQueries(queryClient, [api.observations.path], [api.teamMembers.path]);
}

/**
 * Puts a finding the server recorded (or resolved) into the cached session, and its counts; one
 * of the findings' pages (past the session's) is replaced there, the session only counting it.
 */
export function storeFinding(queryClient: QueryClient, observationId: number, finding: Finding) {
  let paged: Finding | undefined;
  queryClient.setQueryData(findingPagesQuery(observationId, null).queryKey, (current) =>
    current
      ? {
          ...current,
          pages: current.pages.map((page) => ({
            ...page,
            findings: page.findings.map((item) => {
              if (item.id !== finding.id) return item;
              paged = item;
              return finding;
            }),
          })),
        }
      : current,
  );
  queryClient.setQueryData(observationSessionQuery(observationId).queryKey, (current) =>
    current ? withFinding(current, finding, paged) : current,
  );
}

/**
 * The session with this finding. One it does not list is new (a retry of a recorded one answers
 * the finding the session already lists); one it lists may have been resolved since. One of the
 * findings' pages (`paged`, as it was there) is not the session's to list: only its counts change.
 */
export function withFinding(
  session: ObservationSession,
  finding: Finding,
  paged?: Finding,
): ObservationSession {
  const before = session.findings.find((item) => item.id === finding.id);
  const open = (item: Finding | undefined) => (item?.status === 'open' ? 1 : 0);
  if (!before && paged) {
    return { ...session, openFindings: session.openFindings + open(finding) - open(paged) };
  }
  return {
    ...session,
    findings: before
      ? session.findings.map((item) => (item.id === finding.id ? finding : item))
      : [...session.findings, finding],
    findingCount: session.findingCount + (before ? 0 : 1),
    openFindings: session.openFindings + open(finding) - open(before),
  };
}

/** Puts an answer the server recorded into the cached session, with the server's next question. */
export function storeResponse(
  queryClient: QueryClient,
  observationId: number,
  answer: ResponseSubmission,
  nextQuestionIndex: number | null,
) {
  const response = {
    questionId: answer.questionId,
    selectedOption: answer.selectedOption,
    selectedOptionText: answer.selectedOptionText,
    correct: null,
    timeSpentSeconds: answer.timeSpentSeconds,
    managerNotes: answer.managerNotes,
  };
  queryClient.setQueryData(observationSessionQuery(observationId).queryKey, (current) =>
    current
      ? {
          ...current,
          currentQuestionIndex: nextQuestionIndex ?? current.currentQuestionIndex,
          responses: [
            ...current.responses.filter((item) => item.questionId !== answer.questionId),
            response,
          ],
        }
      : current,
  );
}
