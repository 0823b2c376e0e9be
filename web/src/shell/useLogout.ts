import { api } from '@hub/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { call } from '../api/client';
import { clearCurrentUser } from '../auth/session';
import { forgetOfflineSops } from '../pwa/register';
import { toast } from '../toast/toastStore';

export function useLogout(): () => Promise<void> {
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
    toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
    await navigate({ to: '/' });
  }, [queryClient, navigate]);
}
