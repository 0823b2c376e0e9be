import type { User } from '@hub/proto';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../ui/dates';
import { Card, CardTitle } from '../ui/Card';
import { useTranslation } from 'react-i18next';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

export function AccountDetailsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card testId="account-details">
      <CardTitle>{t('profile.account.title')}</CardTitle>
      <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        <Detail label={t('profile.account.created')}>{formatDate(user.createdAt)}</Detail>
        <Detail label={t('profile.account.lastLogin')}>{formatDateTime(user.lastLogin)}</Detail>
        <Detail label={t('profile.account.role')}>{t(`roles.${user.role}`)}</Detail>
        <Detail label={t('profile.account.organization')}>
          {t('profile.account.organizationId', {
            name: user.organizationName,
            id: user.organizationId,
          })}
        </Detail>
      </dl>
    </Card>
  );
}
