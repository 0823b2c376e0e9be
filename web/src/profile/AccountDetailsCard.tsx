import { roleLabel, type User } from '@hub/proto';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../ui/dates';
import { Card, CardTitle } from '../ui/Card';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

export function AccountDetailsCard({ user }: { user: User }) {
  return (
    <Card testId="account-details">
      <CardTitle>Account Details</CardTitle>
      <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        <Detail label="Account created">{formatDate(user.createdAt)}</Detail>
        <Detail label="Last login">{formatDateTime(user.lastLogin)}</Detail>
        <Detail label="Role">{roleLabel(user.role)}</Detail>
        <Detail label="Organization">
          {user.organizationName} (ID {user.organizationId})
        </Detail>
      </dl>
    </Card>
  );
}
