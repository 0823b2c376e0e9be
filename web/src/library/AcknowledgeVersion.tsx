import { api, type VersionAcknowledgement } from '@hub/proto';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { useTranslation } from 'react-i18next';

/**
 * Acknowledging the current version of an SOP, from the changes page or the operator's reader:
 * one request, one toast, and the caller refreshes what it shows.
 */
export function useAcknowledgeVersion(
  documentId: number,
  onAcknowledged: (acknowledged: VersionAcknowledgement) => Promise<unknown> | void,
) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => call(api.acknowledgeDocument, { params: { id: documentId } }),
    onSuccess: async (acknowledged) => {
      toast({ title: t('library.acknowledge.done'), description: acknowledged.title });
      await onAcknowledged(acknowledged);
    },
    onError: (error) =>
      toast(failureToast(t('library.acknowledge.error'), error, t('library.acknowledge.failed'))),
  });
}

/** "You acknowledged version N on ...". */
export function AcknowledgedNote(props: { version: number; at: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card testId={props.testId} className="flex items-center gap-2 text-sm">
      <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
      {t('library.acknowledge.note', { version: props.version, date: formatDateTime(props.at) })}
    </Card>
  );
}
