import {
  JOB_FUNCTION_MEMBERS_PAGE,
  type JobFunctionList,
  type JobFunctionMemberPage,
  type SkillsMatrix,
  type SkillsMatrixQuery,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export const jobFunctionsQuery = queryOptions({
  queryKey: [api.jobFunctions.path],
  queryFn: ({ signal }): Promise<JobFunctionList> => call(api.jobFunctions, { signal }),
});

/** Every page of every function's holders, and which of some people hold one. */
export const jobFunctionMembersKey = [api.jobFunctionMembers.path];

/**
 * A function's holders after the list's first page, a page at a time from the list's cursor
 * (a new list, after a change, starts them again from its own).
 */
export function jobFunctionMemberPagesQuery(jobFunctionId: number, cursor: string | null) {
  return infiniteQueryOptions({
    queryKey: [...jobFunctionMembersKey, jobFunctionId, 'pages', cursor],
    queryFn: ({ signal, pageParam }): Promise<JobFunctionMemberPage> =>
      call(api.jobFunctionMembers, {
        params: { id: jobFunctionId },
        query: { cursor: pageParam, limit: JOB_FUNCTION_MEMBERS_PAGE },
        signal,
      }),
    initialPageParam: cursor ?? undefined,
    getNextPageParam: (last: JobFunctionMemberPage): string | undefined =>
      last.nextCursor ?? undefined,
  });
}

/** Which of these people (a chooser's, at most MAX_JOB_FUNCTION_MEMBERS_AMONG) hold the function. */
export function jobFunctionHoldersAmongQuery(jobFunctionId: number, userIds: number[]) {
  return queryOptions({
    queryKey: [...jobFunctionMembersKey, jobFunctionId, 'among', userIds],
    queryFn: async ({ signal }): Promise<Set<number>> => {
      const page = await call(api.jobFunctionMembers, {
        params: { id: jobFunctionId },
        query: { among: userIds.join(','), limit: userIds.length },
        signal,
      });
      return new Set(page.members.map((member) => member.userId));
    },
    enabled: userIds.length > 0,
  });
}

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
