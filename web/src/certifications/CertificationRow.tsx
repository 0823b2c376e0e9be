import type { Certification } from '@hub/proto';
import { Download, ShieldOff } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { listRowClass } from '../ui/ListStates';
import { smallDangerButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { formatDate } from '../ui/dates';
import { expiryText, reobservationText, STATE_LABELS, STATE_TONES } from './format';
import { certificatePdfUrl } from './queries';

/** One certification: who, what, when, its state, and its certificate. */
export function CertificationRow({
  certification,
  onRevoke,
}: {
  certification: Certification;
  /** Given to administrators only. */
  onRevoke?: (certification: Certification) => void;
}) {
  const { id, state } = certification;
  return (
    <li data-testid={`certification-${id}`} className={listRowClass}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{certification.title}</p>
          <Badge tone={STATE_TONES[state]} testId={`certification-${id}-state`}>
            {STATE_LABELS[state]}
          </Badge>
          <Badge tone="blue">{certification.kind === 'sop' ? 'SOP' : 'Course'}</Badge>
          {certification.reobservation ? (
            <Badge tone="amber" testId={`certification-${id}-reobservation`}>
              Needs re-observation
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span data-testid={`certification-${id}-holder`}>{certification.holderName}</span>
          {' · '}Issued {formatDate(certification.issuedAt)} · {expiryText(certification)}
          {certification.score === null ? null : ` · Score ${certification.score}%`}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {certification.categories.join(', ')} · Verification code{' '}
          <span className="font-mono">{certification.verificationCode}</span>
        </p>
        {certification.reobservation ? (
          <p className="text-xs text-amber-800 dark:text-amber-300">
            {reobservationText(certification.reobservation)}
          </p>
        ) : null}
        {certification.revokedReason ? (
          <p className="text-xs text-red-700 dark:text-red-400">
            Revoked: {certification.revokedReason}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <a
          href={certificatePdfUrl(id)}
          download
          data-testid={`certification-${id}-pdf`}
          className={smallOutlineButtonClass}
        >
          <Download aria-hidden className="size-3.5" />
          Download PDF
        </a>
        {onRevoke && state !== 'revoked' ? (
          <button
            type="button"
            data-testid={`certification-${id}-revoke`}
            className={smallDangerButtonClass}
            onClick={() => onRevoke(certification)}
          >
            <ShieldOff aria-hidden className="size-3.5" />
            Revoke
          </button>
        ) : null}
      </div>
    </li>
  );
}
