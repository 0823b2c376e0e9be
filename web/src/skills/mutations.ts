import { type JobFunction, type SaveJobFunctionRequest } from '@hub/proto';
import { api } from '../api/routes';
import { call } from '../api/client';
import { useContractMutation } from '../api/useContractMutation';
import { jobFunctionsQuery, skillsMatrixKey } from './queries';

/** Every change to a function changes its coverage and the matrix: both are refetched. */
const invalidates = [jobFunctionsQuery.queryKey, skillsMatrixKey];

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
  const setMembers = useContractMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }): Promise<JobFunction> =>
      call(api.setJobFunctionMembers, { params: { id }, body: { userIds } }),
    invalidates,
  });
  const remove = useContractMutation({
    mutationFn: (id: number) => call(api.deleteJobFunction, { params: { id } }),
    invalidates,
  });
  return { save, setMembers, remove };
}
