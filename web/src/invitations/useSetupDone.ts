import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { clearCurrentUser } from '../auth/session';
import { SETUP_DONE_REDIRECT_MS } from './invitation';

/**
 * After a successful setup: go to the sign-in page 2 s later. The server ended any session this
 * browser held for someone else; what the page remembers of that someone goes with it, so the
 * sign-in page asks for the new member's credentials instead of opening that account.
 */
export function useSetupDone(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), SETUP_DONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  return () => {
    clearCurrentUser();
    queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
    setDone(true);
  };
}
