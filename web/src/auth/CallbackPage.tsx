import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentUserQuery } from '../api/queries';
import { forgetOfflineSops } from '../pwa/register';
import { toast } from '../toast/toastStore';
import { FullScreenSpinner } from '../ui/Spinner';
import { storeCurrentUser } from './session';
import { callbackFailureToast, ssoRefusedToast } from './signIn';

const RETURN_DELAY_MS = 2000;

/**
 * Completes an SSO sign-in: the server validated the identity provider's response and set the
 * session cookie before redirecting here (or passed `?error=code` when it refused it).
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (refusal?: string) => {
      toast(refusal ? ssoRefusedToast(refusal) : callbackFailureToast());
      timer = setTimeout(() => void navigate({ to: '/', replace: true }), RETURN_DELAY_MS);
    };
    const refusal = new URLSearchParams(window.location.search).get('error');
    if (refusal) {
      fail(refusal);
      return () => clearTimeout(timer);
    }
    queryClient
      .fetchQuery({ ...currentUserQuery, staleTime: 0 })
      .then((user) => {
        if (cancelled) return;
        if (!user) return fail();
        // Copies kept for someone who never signed out are not this person's to read.
        void forgetOfflineSops();
        storeCurrentUser(user);
        void navigate({ to: '/dashboard', replace: true });
      })
      .catch(() => {
        if (!cancelled) fail();
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [queryClient, navigate]);

  return (
    <FullScreenSpinner title={t('signIn.authenticating')}>
      {t('signIn.completingLogin')}
    </FullScreenSpinner>
  );
}
