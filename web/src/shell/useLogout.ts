import { api } from '../api/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { clearCurrentUser } from '../auth/session';
import { forgetOfflineSops } from '../pwa/register';
import { toast } from '../toast/toastStore';

export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await call(api.logout);
    } catch {
      // Signing out locally still has to happen when the server cannot be reached.
    }
    clearCurrentUser();
    queryClient.clear();
    // The next person on this device must not read this one's SOPs offline.
    await forgetOfflineSops();
    toast({
      title: t('auth.toasts.loggedOutTitle'),
      description: t('auth.toasts.loggedOutDescription'),
    });
    await navigate({ to: '/' });
  }, [queryClient, navigate, t]);
}
