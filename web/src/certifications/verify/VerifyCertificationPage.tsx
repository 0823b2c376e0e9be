import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InvitationLayout } from '../../invitations/InvitationLayout';
import { VerificationResult } from './VerificationResult';
import { useVerification } from './verification';

/**
 * The address a paper certificate prints (PUBLIC_URL/verify/CODE): outside the shell, no
 * sign-in, in the reader's browser language. An auditor, an inspector or another employer reads
 * whether it stands, whose it is, what it certifies and its dates; nothing more (the public
 * route answers only that).
 */
export function VerifyCertificationPage() {
  const { t } = useTranslation();
  const { code } = useParams({ from: '/verify/$code' });
  // Codes are printed in capitals; one typed by hand in lower case is the same code.
  const normalized = code.trim().toUpperCase();
  const outcome = useVerification(normalized);
  return (
    <InvitationLayout>
      <div data-testid="verify-certificate-page">
        <h1 className="mb-6 text-center text-2xl font-bold">{t('certifications.verify.title')}</h1>
        <VerificationResult code={normalized} outcome={outcome} />
      </div>
    </InvitationLayout>
  );
}
