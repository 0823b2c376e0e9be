import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/queries';
import { FaceReferencesCard } from '../faces/FaceReferencesCard';
import { AccountDetailsCard } from './AccountDetailsCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { ProfilePictureCard } from './ProfilePictureCard';
import { useTranslation } from 'react-i18next';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useQuery(currentUserQuery);
  if (!user) return null;
  return (
    <div data-testid="profile-page" className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('profile.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('profile.subtitle')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
        <ProfilePictureCard user={user} />
        {/* Remounted with fresh values after a save. */}
        <ProfileDetailsForm key={`${user.name}\n${user.email}`} user={user} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <ChangePasswordForm />
        <AccountDetailsCard user={user} />
      </div>
      <FaceReferencesCard owner={{ kind: 'me' }} />
    </div>
  );
}
