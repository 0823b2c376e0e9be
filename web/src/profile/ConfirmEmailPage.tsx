import { EMAIL_CHANGE_LINK_INVALID } from '@hub/proto';
import { api } from '../api/routes';
import { useEffect, useRef, useState } from 'react';
import { call } from '../api/client';
import { serverMessageOr } from '../api/errors';
import { FullScreenSpinner } from '../ui/Spinner';
import { useTranslation } from 'react-i18next';

type Outcome =
  | { state: 'pending' }
  | { state: 'done'; email: string }
  | { state: 'failed'; message: string };

/**
 * Opened from the mail sent to a new email address: confirms it once. The link works once,
 * so it is sent exactly once per page load (React may run effects twice in development).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    call(api.confirmEmail, { body: { token } })
      .then(({ email }) => setOutcome({ state: 'done', email }))
      .catch((error: unknown) =>
        setOutcome({
          state: 'failed',
          message: serverMessageOr(error, EMAIL_CHANGE_LINK_INVALID),
        }),
      );
  }, []);

  if (outcome.state === 'pending') {
    return (
      <FullScreenSpinner title={t('profile.confirmEmail.confirming')}>
        {t('profile.confirmEmail.wait')}
      </FullScreenSpinner>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-md space-y-4 text-center" data-testid="confirm-email">
        <h1 className="text-xl font-semibold">
          {outcome.state === 'done'
            ? t('profile.confirmEmail.confirmed')
            : t('profile.confirmEmail.invalid')}
        </h1>
        <p role={outcome.state === 'failed' ? 'alert' : undefined}>
          {outcome.state === 'done'
            ? t('profile.confirmEmail.now', { email: outcome.email })
            : outcome.message}
        </p>
        <a href="/" className="text-blue-600 underline dark:text-blue-400">
          {t('profile.confirmEmail.continue')}
        </a>
      </div>
    </main>
  );
}
