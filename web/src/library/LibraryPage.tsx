import { useNavigate } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { VideosTab } from '../videos/VideosTab';
import { DocumentsTab } from './DocumentsTab';
import { useTranslation } from 'react-i18next';

export type LibraryTab = 'documents' | 'videos';

const TAB_PATHS = { documents: '/library/documents', videos: '/library/videos' } as const;

const tabClass =
  'rounded px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-slate-50';

/** /library, /library/documents and /library/videos: the tab follows the address. */
export function LibraryPage({ tab }: { tab: LibraryTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="library-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('library.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('library.subtitle')}</p>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => void navigate({ to: TAB_PATHS[value as LibraryTab] })}
        className="space-y-4"
      >
        <Tabs.List
          aria-label={t('library.sections')}
          className="inline-flex gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800"
        >
          <Tabs.Trigger value="documents" data-testid="library-tab-documents" className={tabClass}>
            {t('library.documents')}
          </Tabs.Trigger>
          <Tabs.Trigger value="videos" data-testid="library-tab-videos" className={tabClass}>
            {t('library.videos')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="documents" className="outline-none">
          <DocumentsTab />
        </Tabs.Content>
        <Tabs.Content value="videos" className="outline-none">
          <VideosTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
