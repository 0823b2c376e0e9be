import { type JobFunctionList, type SkillsMatrix, type SkillsMatrixQuery } from '@hub/proto';
import { api } from '../api/routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export const jobFunctionsQuery = queryOptions({
  queryKey: [api.jobFunctions.path],
  queryFn: ({ signal }): Promise<JobFunctionList> => call(api.jobFunctions, { signal }),
});

/** Every page and search of the matrix. */
export const skillsMatrixKey = [api.skillsMatrix.path];

export function skillsMatrixQuery(query: SkillsMatrixQuery) {
  return queryOptions({
    queryKey: [...skillsMatrixKey, query],
    queryFn: ({ signal }): Promise<SkillsMatrix> => call(api.skillsMatrix, { query, signal }),
    // Paging and typing in the search keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/** Processed SOPs a function may require, by title search (the library answers 100 at most). */
export function sopChoicesQuery(search: string) {
  return queryOptions({
    queryKey: [api.documents.path, 'sop-choices', search],
    queryFn: ({ signal }) =>
      call(api.documents, {
        query: { sopProcessed: 'true', limit: 100, search: search.trim() || undefined },
        signal,
      }),
  });
}
