import {
  ERROR_TEXTS,
  type Evaluation,
  type LibraryDocument,
  type ReviewEvaluation,
} from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, call, isApiError } from '../api/client';
import { refreshQueries } from '../api/refresh';

export type AnyEvaluation = Evaluation | ReviewEvaluation;

/**
 * The evaluation of a document; fetched the first time the viewer's Evaluation tab opens. On 404
 * the spec falls back to GET /api/quizzes/{quizId}; when that is missing too, the 404 stands.
 */
export function documentEvaluationQuery(document: Pick<LibraryDocument, 'id' | 'quizId'>) {
  return queryOptions({
    queryKey: [api.documentEvaluation.path, document.id],
    queryFn: async ({ signal }): Promise<AnyEvaluation> => {
      try {
        return await call(api.documentEvaluation, { params: { id: document.id }, signal });
      } catch (error) {
        if (isApiError(error, 404) && document.quizId !== null) {
          try {
            return await call(api.quiz, { params: { id: document.quizId }, signal });
          } catch (fallbackError) {
            // Spec section 8: 'Evaluation not found' (404), with its code so it reads in the
            // language shown, like the server's own answer.
            if (isApiError(fallbackError, 404)) {
              throw new ApiError(404, ERROR_TEXTS.evaluation_not_found, 'evaluation_not_found');
            }
            throw fallbackError;
          }
        }
        throw error;
      }
    },
  });
}

/** One document of the library, as the evaluation editor names it. */
export function documentQuery(id: number) {
  return queryOptions({
    queryKey: [api.document.path, id],
    queryFn: ({ signal }): Promise<LibraryDocument> =>
      call(api.document, { params: { id }, signal }),
  });
}

/** After an edit, publication or regeneration: the tab, the editor and the SOP choices. */
export async function refreshEvaluation(queryClient: QueryClient, documentId: number) {
  await refreshQueries(
    queryClient,
    [api.documentEvaluation.path, documentId],
    [api.documents.path],
  );
}
