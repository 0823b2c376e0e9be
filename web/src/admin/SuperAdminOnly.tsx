import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { currentUserQuery } from '../api/queries';
import { readCurrentUser } from '../auth/session';
import { toast } from '../toast/toastStore';
import { accessDeniedToast } from './adminText';

/**
 * The console pages are for the super administrator only (spec section 6): anyone else is told
 * 'Access Denied' and sent to the Hub; without a user the browser goes to the sign-in page.
 * The server enforces the same rule on every admin route.
 */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const { data: user } = useQuery(currentUserQuery);
  const signedOut = !user && !readCurrentUser();
  const denied = !!user && user.role !== 'super_admin';

  useEffect(() => {
    if (denied) toast(accessDeniedToast());
  }, [denied]);

  if (signedOut) return <Navigate to="/" replace />;
  if (denied) return <Navigate to="/dashboard" replace />;
  if (!user) return null;
  return <>{children}</>;
}
