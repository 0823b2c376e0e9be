import type { MySop, MySopReason } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { mySopsQuery, reasonText } from './queries';
import { useTranslation } from 'react-i18next';

/**
 * The caller's SOPs, each opening read-only at /my-sops/$id: on the Training Centre all of them,
 * on the certifications page those of the caller's certifications (`kinds`).
 */
export function MySopsCard({
  title,
  kinds,
  testId = 'my-sops',
}: {
  title?: string;
  kinds?: readonly MySopReason['kind'][];
  testId?: string;
}) {
  const { t } = useTranslation();
  const list = useQuery(mySopsQuery);
  const sops = (list.data?.sops ?? [])
    .map((sop) => ({
      ...sop,
      reasons: kinds ? sop.reasons.filter((reason) => kinds.includes(reason.kind)) : sop.reasons,
    }))
    .filter((sop) => sop.reasons.length > 0);
  return (
    <Card className="space-y-3" testId={testId}>
      <CardTitle>{title ?? t('mySops.title')}</CardTitle>
      {list.isPending ? (
        <LoadingRow label={t('mySops.loading')} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('mySops.loadFailed')}
        </p>
      ) : sops.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('mySops.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {sops.map((sop) => (
            <MySopRow key={sop.documentId} sop={sop} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function MySopRow({ sop }: { sop: MySop }) {
  const { t } = useTranslation();
  return (
    <li data-testid="my-sop-row" className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
      <Link
        to="/my-sops/$id"
        params={{ id: String(sop.documentId) }}
        data-testid="my-sop-link"
        className="min-w-0 font-medium break-words text-blue-700 hover:underline dark:text-blue-400"
      >
        {sop.title}
      </Link>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {t('mySops.version', { version: sop.version })}
      </span>
      {sop.mustAcknowledge && (
        <Badge tone="amber" testId="my-sop-pending">
          {t('mySops.newVersion')}
        </Badge>
      )}
      <span className="w-full text-xs text-slate-600 dark:text-slate-400">
        {sop.reasons.map(reasonText).join(' · ')}
      </span>
    </li>
  );
}
