import type { Certification } from '@hub/proto';
import { Download, ShieldOff } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { listRowClass } from '../ui/ListStates';
import { smallDangerButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { formatDate } from '../ui/dates';
import {
  categoryLabel,
  expiryText,
  reobservationText,
  scoreText,
  STATE_TONES,
  stateLabel,
} from './format';
import { certificatePdfUrl } from './queries';
import { useTranslation } from 'react-i18next';

/** One certification: who, what, when, its state, and its certificate. */
export function CertificationRow({
  certification,
  onRevoke,
}: {
  certification: Certification;
  /** Given to administrators only. */
  onRevoke?: (certification: Certification) => void;
}) {
  const { t } = useTranslation();
  const { id, state } = certification;
  return (
    <li data-testid={`certification-${id}`} className={listRowClass}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{certification.title}</p>
          <Badge tone={STATE_TONES[state]} testId={`certification-${id}-state`}>
            {stateLabel(state)}
          </Badge>
          <Badge tone="blue">
            {certification.kind === 'sop'
              ? t('certifications.row.sop')
              : t('certifications.row.course')}
          </Badge>
          {certification.reobservation ? (
            <Badge tone="amber" testId={`certification-${id}-reobservation`}>
              {t('certifications.row.needsReobservation')}
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span data-testid={`certification-${id}-holder`}>{certification.holderName}</span>
          {' · '}
          {t('certifications.row.issued', { date: formatDate(certification.issuedAt) })}
          {' · '}
          {expiryText(certification)}
          {certification.score === null ? null : ` · ${scoreText(certification.score)}`}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {certification.categories.map(categoryLabel).join(', ')} ·{' '}
          {t('certifications.row.verificationCode')}{' '}
          <span className="font-mono">{certification.verificationCode}</span>
        </p>
        {certification.reobservation ? (
          <p className="text-xs text-amber-800 dark:text-amber-300">
            {reobservationText(certification.reobservation)}
          </p>
        ) : null}
        {certification.revokedReason ? (
          <p className="text-xs text-red-700 dark:text-red-400">
            {t('certifications.row.revoked', { reason: certification.revokedReason })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={certificatePdfUrl(id)}
          download
          data-testid={`certification-${id}-pdf`}
          className={smallOutlineButtonClass}
        >
          <Download aria-hidden className="size-3.5" />
          {t('certifications.row.downloadPdf')}
        </a>
        {onRevoke && state !== 'revoked' ? (
          <button
            type="button"
            data-testid={`certification-${id}-revoke`}
            className={smallDangerButtonClass}
            onClick={() => onRevoke(certification)}
          >
            <ShieldOff aria-hidden className="size-3.5" />
            {t('certifications.row.revoke')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
