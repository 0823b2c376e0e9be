import type { Role } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiError } from '../api/client';
import { currentUserQuery } from '../api/queries';
import { readCurrentUser } from '../auth/session';
import { useTranslation } from 'react-i18next';

/**
 * A page for some roles only (the server enforces the same rule on its routes): anyone else
 * sees why instead of a page of failed requests. The shell has loaded the user already.
 */
export function RequireRole({
  roles,
  message,
  children,
}: {
  roles: readonly Role[];
  message?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error } = useQuery(currentUserQuery);
  // No answer at all (offline): the role of whoever signed in on this device (OfflineShell).
  const user = data ?? (error && !isApiError(error) ? readCurrentUser() : null);
  if (!user) return null;
  if (!roles.includes(user.role)) {
    return (
      <section
        role="alert"
        data-testid="access-restricted"
        className="mx-auto max-w-xl py-16 text-center"
      >
        <ShieldAlert aria-hidden className="mx-auto mb-4 size-10 text-slate-400" />
        <h1 className="text-xl font-semibold">{t('ui.accessRestricted')}</h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          {message ?? t('ui.roleHasNoAccess')}
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
