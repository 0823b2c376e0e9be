import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export function Spinner({ className = 'size-8' }: { className?: string }) {
  return <LoaderCircle aria-hidden className={`${className} animate-spin text-blue-600`} />;
}

/** Centred spinner with a message, covering the whole screen. */
export function FullScreenSpinner({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/80 text-center backdrop-blur-sm dark:bg-slate-950/80"
    >
      <Spinner className="size-10" />
      <p className="text-lg font-medium">{title}</p>
      {children && <p className="text-sm text-slate-500 dark:text-slate-400">{children}</p>}
    </div>
  );
}
