import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastInput } from '../toast/toastStore';
import { failureToast } from './errors';
import { refreshQueries } from './refresh';

export interface ContractMutation<TData, TVariables> {
  /** The request: usually one `call(api.x, ...)` of a contract. */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The queries the change makes stale: refetched once it settles, failed or not. */
  invalidates?:
    | readonly QueryKey[]
    | ((variables: TVariables, data: TData | undefined) => readonly QueryKey[]);
  /** The toast once it succeeded, when the page shows one. */
  success?: (data: TData, variables: TVariables) => ToastInput;
  /** The page's own step after success (closing a dialog, emptying a form), before the refetch. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** The failure toast: its title, and the text shown when the server sent no message. */
  failure?: { title: string; fallback: string };
}

/**
 * The shape most mutations of the app share: one request, a toast either way, the lists it
 * changed refetched. A hook with more to do (optimistic data, uploads) keeps `useMutation`.
 */
export function useContractMutation<TData, TVariables = void>({
  mutationFn,
  invalidates = [],
  success,
  onSuccess,
  failure,
}: ContractMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      if (success) toast(success(data, variables));
      await onSuccess?.(data, variables);
    },
    onError: (error) => {
      if (failure) toast(failureToast(failure.title, error, failure.fallback));
    },
    onSettled: (data, _error, variables) => {
      const keys = typeof invalidates === 'function' ? invalidates(variables, data) : invalidates;
      return refreshQueries(queryClient, ...keys);
    },
  });
}
