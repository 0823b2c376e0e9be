import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-slate-500 dark:text-slate-400">
        The page you are looking for does not exist.
      </p>
      <Link to="/" className="font-medium text-blue-600 hover:underline dark:text-blue-400">
        Go back home
      </Link>
    </main>
  );
}
