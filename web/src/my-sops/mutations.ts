import { useQueryClient } from '@tanstack/react-query';
import { useAcknowledgeVersion } from '../library/mutations';
import { mySopQuery, mySopsQuery } from './queries';
import { refreshQueries } from '../api/refresh';

/** The operator's reader: the SOP and the list show the acknowledgement (or a newer version) afterwards. */
export function useAcknowledgeSop(documentId: number, version: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    refreshQueries(queryClient, mySopQuery(documentId).queryKey, mySopsQuery.queryKey);
  return useAcknowledgeVersion(documentId, version, { onAcknowledged: reload, reload });
}
