import { Link } from '@tanstack/react-router';
import { mounts } from '@hub/proto';
import { Database, ListChecks, ScrollText } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { AdminStatCards } from './AdminStatCards';
import { OnboardingTab } from './OnboardingTab';
import { OrganizationsTab } from './OrganizationsTab';
import { PromptsTab } from './PromptsTab';
import { SettingsTab } from './SettingsTab';
import { SuperAdminOnly } from './SuperAdminOnly';
import { UsersTab } from './UsersTab';
import { useTranslation } from 'react-i18next';

/** The console's tabs; each one's label is the catalog's `admin.tabs.<value>`. */
const TABS = [
  { value: 'organizations', content: <OrganizationsTab /> },
  { value: 'users', content: <UsersTab /> },
  { value: 'prompts', content: <PromptsTab /> },
  { value: 'onboarding', content: <OnboardingTab /> },
  { value: 'settings', content: <SettingsTab /> },
] as const;

export function AdminConsolePage() {
  const { t } = useTranslation();
  return (
    <SuperAdminOnly>
      <div data-testid="admin-console" className="mx-auto max-w-6xl space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t('admin.title')}</h1>
            <p className="text-slate-500 dark:text-slate-400">{t('admin.subtitle')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to="/audit-log"
              data-testid="audit-log-link"
              className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:hover:bg-slate-900"
            >
              <ScrollText className="size-4" /> {t('admin.auditLog')}
            </Link>
            <Link
              to="/admin/data"
              data-testid="admin-data-link"
              className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:hover:bg-slate-900"
            >
              <Database className="size-4" /> {t('admin.dataPanel')}
            </Link>
            {/* bull-board is served by the gateway, outside the web app: a full page load. */}
            <a
              href={mounts.queueDashboard.prefix}
              data-testid="queue-dashboard-link"
              className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:hover:bg-slate-900"
            >
              <ListChecks className="size-4" /> {t('admin.queues')}
            </a>
          </div>
        </header>
        <AdminStatCards />
        <Tabs.Root defaultValue="organizations" className="space-y-4">
          <Tabs.List
            aria-label={t('admin.sections')}
            className="inline-flex flex-wrap gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                data-testid={`admin-tab-${tab.value}`}
                className="rounded px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-slate-50"
              >
                {t(`admin.tabs.${tab.value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="outline-none">
              {tab.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </SuperAdminOnly>
  );
}
