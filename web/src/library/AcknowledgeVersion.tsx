import { CheckCircle2 } from 'lucide-react';
import { Card } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { useTranslation } from 'react-i18next';

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
