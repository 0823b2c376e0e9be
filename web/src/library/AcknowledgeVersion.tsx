import { api, type VersionAcknowledgement } from '@hub/proto';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card } from '../ui/Card';
import { formatDateTime } from '../ui/dates';

/**
 * Acknowledging the current version of an SOP, from the changes page or the operator's reader:
 * one request, one toast, and the caller refreshes what it shows.
 */
export function useAcknowledgeVersion(
  documentId: number,
  onAcknowledged: (acknowledged: VersionAcknowledgement) => Promise<unknown> | void,
) {
  return useMutation({
    mutationFn: () => call(api.acknowledgeDocument, { params: { id: documentId } }),
    onSuccess: async (acknowledged) => {
      toast({ title: 'Version acknowledged', description: acknowledged.title });
      await onAcknowledged(acknowledged);
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to acknowledge the version')),
  });
}

/** "You acknowledged version N on ...". */
export function AcknowledgedNote(props: { version: number; at: string; testId: string }) {
  return (
    <Card testId={props.testId} className="flex items-center gap-2 text-sm">
      <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
      You acknowledged version {props.version} on {formatDateTime(props.at)}.
    </Card>
  );
}
