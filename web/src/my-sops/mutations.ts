import { useQueryClient } from '@tanstack/react-query';
import { useAcknowledgeVersion } from '../library/mutations';
import { mySopQuery, mySopsQuery } from './queries';

/** The operator's reader: the SOP and the list show the acknowledgement afterwards. */
export function useAcknowledgeSop(documentId: number) {
  const queryClient = useQueryClient();
  return useAcknowledgeVersion(documentId, () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mySopQuery(documentId).queryKey }),
      queryClient.invalidateQueries({ queryKey: mySopsQuery.queryKey }),
    ]),
  );
}
