import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      <h1 className="text-3xl font-bold">{t('pages.notFound.title')}</h1>
      <p className="text-slate-500 dark:text-slate-400">{t('pages.notFound.description')}</p>
      <Link to="/" className="font-medium text-blue-600 hover:underline dark:text-blue-400">
        {t('pages.notFound.home')}
      </Link>
    </main>
  );
}
