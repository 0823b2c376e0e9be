import {
  type ChangeJobFunctionMembersRequest,
  type JobFunction,
  type SaveJobFunctionRequest,
} from '@hub/proto';
import { api } from '../api/routes';
import { call } from '../api/client';
import { useContractMutation } from '../api/useContractMutation';
import { jobFunctionMembersKey, jobFunctionsQuery, skillsMatrixKey } from './queries';

/** Every change to a function changes its coverage, its holders and the matrix: all refetched. */
const invalidates = [jobFunctionsQuery.queryKey, jobFunctionMembersKey, skillsMatrixKey];

export function useJobFunctionMutations() {
  const save = useContractMutation({
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
    invalidates,
  });
  // What changed, not the whole list: the chooser shows some of the holders, never all.
  const changeMembers = useContractMutation({
    mutationFn: ({
      id,
      change,
    }: {
      id: number;
      change: ChangeJobFunctionMembersRequest;
    }): Promise<JobFunction> =>
      call(api.changeJobFunctionMembers, { params: { id }, body: change }),
    invalidates,
  });
  const remove = useContractMutation({
    mutationFn: (id: number) => call(api.deleteJobFunction, { params: { id } }),
    invalidates,
  });
  return { save, changeMembers, remove };
}
