import { Construction } from 'lucide-react';

/** Placeholder for a page a later issue builds; it deliberately shows no figures. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section data-testid="coming-soon" className="mx-auto max-w-2xl py-16 text-center">
      <Construction aria-hidden className="mx-auto mb-4 size-10 text-slate-400" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-500 dark:text-slate-400">This page is coming soon.</p>
    </section>
  );
}
