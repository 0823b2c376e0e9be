import { type LoginRequest } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { call } from '../api/client';
import { currentUserQuery } from '../api/queries';
import { forgetOfflineSops } from '../pwa/register';
import { toast } from '../toast/toastStore';
import { storeCurrentUser } from './session';
import { loginFailureToast, loginSuccessToast, ssoFailureToast } from './signIn';

/** Signs in with email and password, then opens the dashboard. */
export function useLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => call(api.login, { body }),
    onSuccess: async ({ user }) => {
      // Copies kept for someone who never signed out are not this person's to read.
      await forgetOfflineSops();
      storeCurrentUser(user);
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      toast(loginSuccessToast(user.name));
      await navigate({ to: '/dashboard' });
    },
    onError: (error) => toast(loginFailureToast(error)),
  });
}

/** Starts a SAML sign-in for an organization's name or Auth0 ID. */
export function useSsoStart() {
  return useMutation({
    mutationFn: (identifier: string) => call(api.samlStart, { body: { organization: identifier } }),
    // The identity provider's sign-in page; it posts back to the server, which opens the session.
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) => toast(ssoFailureToast(error)),
  });
}
