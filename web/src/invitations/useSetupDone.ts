import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SETUP_DONE_REDIRECT_MS } from './invitation';

/** After a successful setup: go to the sign-in page 2 s later. */
export function useSetupDone(): () => void {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), SETUP_DONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  return () => setDone(true);
}
