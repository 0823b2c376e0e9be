import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/queries';
import { AccountDetailsCard } from '../profile/AccountDetailsCard';
import { ProfileDetailsForm } from '../profile/ProfileDetailsForm';
import { OrganizationDataCard } from '../organization-export/OrganizationDataCard';
import { setDatePreferences } from '../ui/dates';
import { NotificationsCard } from './NotificationsCard';
import { OrganizationLanguageCard } from './OrganizationLanguageCard';
import { ApiTokensCard } from './ApiTokensCard';
import { WebhooksCard } from './WebhooksCard';
import { PreferencesCard } from './PreferencesCard';
import { preferencesQuery } from './queries';
import { ScimTokensCard } from './ScimTokensCard';
import { SecurityCard } from './SecurityCard';

/** Profile, notifications, security and preferences of the signed-in user. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useQuery(currentUserQuery);
  const preferences = useQuery(preferencesQuery);
  // Saved preferences re-render this page: its dates must read them in this very render.
  if (preferences.data) setDatePreferences(preferences.data);
  if (!user) return null;
  return (
    <div data-testid="settings-page" className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('settings.subtitle')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <ProfileDetailsForm key={`${user.name}\n${user.email}`} user={user} />
        <AccountDetailsCard user={user} />
      </div>
      <NotificationsCard />
      <SecurityCard />
      <OrganizationDataCard role={user.role} />
      {preferences.data && (
        <PreferencesCard key={JSON.stringify(preferences.data)} saved={preferences.data} />
      )}
      {/* The organization's own setting, for its administrators (the API allows them alone). */}
      {user.role === 'admin' && <OrganizationLanguageCard />}
      {user.role === 'admin' && <ScimTokensCard />}
      <ApiTokensCard role={user.role} />
      <WebhooksCard role={user.role} />
    </div>
  );
}
