import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SuperAdminOnly } from '../admin/SuperAdminOnly';
import { RequireRole } from '../ui/RequireRole';
import { pageAccess, type PagePath } from './pageAccess';

/**
 * Renders a page only for the roles PAGE_ACCESS gives it; anyone else is refused its way. (The
 * console pages also hold their own SuperAdminOnly, which then always lets the user through.)
 */
export function PageGate({ path, children }: { path: PagePath; children: ReactNode }) {
  const { t } = useTranslation();
  const access = pageAccess(path);
  const message = access.messageKey && t(`access.refusals.${access.messageKey}`);
  if (access.refusal === 'access-denied') return <SuperAdminOnly>{children}</SuperAdminOnly>;
  return (
    <RequireRole roles={access.roles} message={message}>
      {children}
    </RequireRole>
  );
}
