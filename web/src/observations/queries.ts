import {
  type DocumentList,
  type Finding,
  type ObservationList,
  type ObservationSession,
  type ObservationSettings,
  type ResponseSubmission,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';

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

export function observationSessionQuery(id: number) {
  return queryOptions({
    queryKey: [api.observation.path, id],
    queryFn: ({ signal }): Promise<ObservationSession> =>
      call(api.observation, { params: { id }, signal }),
    retry: SESSION_RETRIES,
    retryDelay: SESSION_RETRY_DELAY_MS,
  });
}

export const observationSettingsQuery = queryOptions({
  queryKey: [api.observationSettings.path],
  queryFn: ({ signal }): Promise<ObservationSettings> => call(api.observationSettings, { signal }),
});

/** After a creation, an answer, a finding or a new pass mark. */
export async function refreshObservations(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [api.observations.path] }),
    queryClient.invalidateQueries({ queryKey: [api.teamMembers.path] }),
  ]);
}

/** Puts a finding the server recorded (or resolved) into the cached session, and its counts. */
export function storeFinding(queryClient: QueryClient, observationId: number, finding: Finding) {
  queryClient.setQueryData(observationSessionQuery(observationId).queryKey, (current) =>
    current ? withFinding(current, finding) : current,
  );
}

/**
 * The session with this finding. One it does not list is new (a retry of a recorded one answers
 * the finding the session already lists); one it lists may have been resolved since.
 */
export function withFinding(session: ObservationSession, finding: Finding): ObservationSession {
  const before = session.findings.find((item) => item.id === finding.id);
  const open = (item: Finding | undefined) => (item?.status === 'open' ? 1 : 0);
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
