import {
  api,
  type JobFunction,
  type JobFunctionList,
  type SaveJobFunctionRequest,
  type SkillsMatrix,
  type SkillsMatrixQuery,
} from '@hub/proto';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

export const jobFunctionsQuery = queryOptions({
  queryKey: [api.jobFunctions.path],
  queryFn: ({ signal }): Promise<JobFunctionList> => call(api.jobFunctions, { signal }),
});

export function skillsMatrixQuery(query: SkillsMatrixQuery) {
  return queryOptions({
    queryKey: [api.skillsMatrix.path, query],
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

export const peopleQuery = queryOptions({
  queryKey: [api.teamMembers.path],
  queryFn: ({ signal }) => call(api.teamMembers, { signal }),
});

/** Every change to a function changes its coverage and the matrix: both are refetched. */
export function useJobFunctionMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [api.jobFunctions.path] }),
      queryClient.invalidateQueries({ queryKey: [api.skillsMatrix.path] }),
    ]);
  const save = useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null;
      body: SaveJobFunctionRequest;
    }): Promise<JobFunction> =>
      id === null
        ? call(api.createJobFunction, { body })
        : call(api.updateJobFunction, { params: { id }, body }),
    onSuccess: refresh,
  });
  const setMembers = useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }): Promise<JobFunction> =>
      call(api.setJobFunctionMembers, { params: { id }, body: { userIds } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.deleteJobFunction, { params: { id } }),
    onSuccess: refresh,
  });
  return { save, setMembers, remove };
}
