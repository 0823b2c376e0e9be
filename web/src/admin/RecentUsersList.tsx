import type { User } from '@hub/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Mail, Trash2 } from 'lucide-react';
import { readableErrorMessage } from '../api/errors';
import { UserAvatar } from '../shell/UserAvatar';
import { Badge } from '../ui/Badge';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSearchText } from '../ui/useSearchText';
import { inputClass, smallDangerButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useDeleteUser, useResendInvitation } from './mutations';
import { adminUsersQuery } from './queries';
import { useTranslation } from 'react-i18next';

/**
 * The ten newest users of the platform (the spec's Recent Users), or the first ten whose name or
 * email holds what is typed: how the super administrator reaches anyone older than the newest.
 */
export function RecentUsersList() {
  const { t } = useTranslation();
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  const users = useQuery({ ...adminUsersQuery(search), placeholderData: keepPreviousData });
  // The query asks for the ten it shows, newest first.
  const shown = users.data?.users ?? [];
  return (
    <Card>
      <CardTitle>{t('admin.users.title')}</CardTitle>
      <input
        type="search"
        aria-label={t('admin.users.search')}
        data-testid="user-search"
        className={`${inputClass} mt-4`}
        placeholder={t('admin.users.searchPlaceholder')}
        value={searchText}
        maxLength={200}
        onChange={(event) => setSearchText(event.target.value)}
      />
      <div className="mt-4 space-y-3">
        {users.isPending && <Skeleton className="h-16" />}
        {users.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('admin.users.loadFailed', { message: readableErrorMessage(users.error) })}
          </p>
        )}
        {users.data && search !== '' && shown.length === 0 && (
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="user-search-empty">
            {t('ui.emptyList.noMatchSearch', { noun: t('ui.nouns.users') })}
          </p>
        )}
        {shown.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
        {users.data && search !== '' && users.data.totalCount > shown.length && (
          <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="user-search-more">
            {t('ui.firstShown', { shown: shown.length, total: users.data.totalCount })}
          </p>
        )}
      </div>
    </Card>
  );
}

function UserRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useResendInvitation(user);
  const remove = useDeleteUser(user);

  return (
    <div
      data-testid="user-row"
      data-email={user.email}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
    >
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar name={user.name} profilePicture={user.profilePicture} className="size-9" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{user.name}</span>
            {user.profilePicture && <Badge tone="blue">{t('admin.users.hasPhoto')}</Badge>}
            {user.isActive ? (
              <Badge tone="green">{t('admin.users.active')}</Badge>
            ) : (
              <Badge tone="amber">{t('admin.users.pending')}</Badge>
            )}
          </div>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t(`roles.${user.role}`)} · {user.organizationName}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        {!user.isActive && (
          <button
            type="button"
            data-testid="resend-invitation"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
            className={smallOutlineButtonClass}
          >
            <Mail className="size-3.5" /> {t('admin.users.resend')}
          </button>
        )}
        <ConfirmDialog
          title={t('admin.users.confirmTitle', { name: user.name })}
          description={t('admin.users.confirmDescription', { name: user.name, email: user.email })}
          confirmLabel={t('admin.users.confirm')}
          onConfirm={() => remove.mutate()}
          trigger={
            <button
              type="button"
              data-testid="delete-user"
              disabled={remove.isPending}
              className={smallDangerButtonClass}
            >
              <Trash2 className="size-3.5" /> {t('admin.delete')}
            </button>
          }
        />
      </div>
    </div>
  );
}
