import type { CertificationVerification } from '@hub/proto';
import clsx from 'clsx';
import { ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { smallButtonClass } from '../../ui/styles';
import { verdictOf, type Verdict, type VerifyOutcome } from './verification';

const VERDICT_LOOK: Record<Verdict, { icon: typeof ShieldCheck; className: string }> = {
  valid: { icon: ShieldCheck, className: 'text-green-700 dark:text-green-400' },
  expired: { icon: ShieldAlert, className: 'text-amber-700 dark:text-amber-400' },
  revoked: { icon: ShieldX, className: 'text-red-700 dark:text-red-400' },
};

/** A revoked certificate was never to be valid until its date: that date is only its expiry. */
const EXPIRY_LABEL = {
  valid: 'certifications.verify.expires',
  expired: 'certifications.verify.expiredOn',
  revoked: 'certifications.verify.expiry',
} as const satisfies Record<Verdict, string>;

/** The verification of `code` as its reader needs it: the verdict first, then the facts. */
export function VerificationResult({ code, outcome }: { code: string; outcome: VerifyOutcome }) {
  const { t } = useTranslation();
  if (outcome.status === 'checking') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6">
        <Spinner />
        <p className="font-medium">{t('certifications.verify.checking')}</p>
      </div>
    );
  }
  if (outcome.status === 'unreachable' || outcome.status === 'rateLimited') {
    return (
      <div role="alert" className="space-y-4 text-center">
        <p>{t(`certifications.verify.${outcome.status}`)}</p>
        <button type="button" onClick={outcome.retry} className={smallButtonClass}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (outcome.status === 'unknown') {
    return (
      <section data-testid="verify-unknown" className="space-y-3 text-center">
        <ShieldQuestion aria-hidden className="mx-auto size-10 text-slate-500" />
        <h2 className="text-xl font-semibold">{t('certifications.verify.unknown')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('certifications.verify.unknownHint')}
        </p>
        <CodeLine code={code} />
      </section>
    );
  }
  return <Verified code={code} verification={outcome.verification} />;
}

function Verified({
  code,
  verification,
}: {
  code: string;
  verification: CertificationVerification;
}) {
  const { t } = useTranslation();
  const { formatMediumDate } = useFormat();
  const verdict = verdictOf(verification);
  const { icon: Icon, className } = VERDICT_LOOK[verdict];
  const expiry = formatMediumDate(verification.expiresAt);
  return (
    <section data-testid={`verify-${verdict}`} className="space-y-5">
      <div role="status" className="space-y-2 text-center">
        <Icon aria-hidden className={clsx('mx-auto size-10', className)} />
        <h2 className={clsx('text-xl font-semibold', className)}>
          {t(`certifications.verify.${verdict}`)}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(`certifications.verify.${verdict}Hint`, { date: expiry })}
        </p>
      </div>
      <dl className="space-y-3 text-sm">
        <Fact label={t('certifications.verify.holder')} value={verification.holderName} strong />
        <Fact label={t('certifications.verify.certifiedIn')} value={verification.title} strong />
        <Fact
          label={t('certifications.verify.issued')}
          value={formatMediumDate(verification.issuedAt)}
        />
        <Fact label={t(EXPIRY_LABEL[verdict])} value={expiry} />
      </dl>
      <CodeLine code={code} />
    </section>
  );
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className={clsx('break-words', strong && 'text-base font-semibold')}>{value}</dd>
    </div>
  );
}

/** The code as read from the address, so the reader can hold it against the paper. */
function CodeLine({ code }: { code: string }) {
  return (
    <p className="border-t border-slate-200 pt-3 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <Trans
        i18nKey="certifications.verify.code"
        values={{ code }}
        components={{
          code: (
            <span className="font-mono font-semibold break-all text-slate-700 dark:text-slate-200" />
          ),
        }}
      />
    </p>
  );
}
