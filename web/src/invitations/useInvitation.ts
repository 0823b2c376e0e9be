import { type VerifyInvitationResponse } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { verifyInvitationQuery } from './queries';
import { toast } from '../toast/toastStore';
import {
  INVALID_LINK_REDIRECT_MS,
  invalidLinkToast,
  isRefusedLink,
  readInvitationParams,
  verifyFailureToast,
  type InvitationParams,
} from './invitation';

export type InvitationState =
  | { status: 'verifying' }
  | { status: 'invalid' }
  | { status: 'unreachable'; retry: () => void }
  | { status: 'valid'; params: InvitationParams; invitation: VerifyInvitationResponse };

/**
 * Reads token and email from the address and verifies them: a missing parameter goes to the
 * sign-in page at once, a refused link after 3 s, a failed request offers a retry.
 */
export function useInvitation(): InvitationState {
  const navigate = useNavigate();
  // The raw query string: the router's parsed search could turn a numeric token into a number.
  const searchStr = useLocation({ select: (location) => location.searchStr });
  // Read once: when the page leaves (to /login after the setup) the location changes before the
  // page unmounts, and re-reading it would take the empty query for a broken link.
  const [params] = useState(() => readInvitationParams(searchStr));

  const verify = useQuery(verifyInvitationQuery(params));

  useEffect(() => {
    if (params) return;
    toast(invalidLinkToast());
    void navigate({ to: '/', replace: true });
  }, [params, navigate]);

  const refused = verify.isError && isRefusedLink(verify.error);
  useEffect(() => {
    if (!verify.isError) return;
    toast(verifyFailureToast(verify.error));
    if (!refused) return;
    const timer = setTimeout(
      () => void navigate({ to: '/', replace: true }),
      INVALID_LINK_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [verify.isError, verify.error, refused, navigate]);

  if (!params || refused) return { status: 'invalid' };
  if (verify.isError) return { status: 'unreachable', retry: () => void verify.refetch() };
  if (verify.data) return { status: 'valid', params, invitation: verify.data };
  return { status: 'verifying' };
}
