import { useQueryClient } from '@tanstack/react-query';
import { useAcknowledgeVersion } from '../library/mutations';
import { mySopQuery, mySopsQuery } from './queries';

/** The operator's reader: the SOP and the list show the acknowledgement (or a newer version) afterwards. */
export function useAcknowledgeSop(documentId: number, version: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mySopQuery(documentId).queryKey }),
      queryClient.invalidateQueries({ queryKey: mySopsQuery.queryKey }),
    ]);
  return useAcknowledgeVersion(documentId, version, { onAcknowledged: reload, reload });
}
