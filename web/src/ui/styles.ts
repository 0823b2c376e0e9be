export const inputClass =
  'h-10 max-sm:h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';

export const primaryButtonClass =
  'inline-flex h-10 w-full items-center max-sm:h-11 justify-center gap-2 rounded-md bg-blue-600 px-4 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60';

export const outlineButtonClass =
  'inline-flex h-10 w-full items-center max-sm:h-11 justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:hover:bg-slate-900';

export const linkClass = 'font-medium text-blue-600 hover:underline dark:text-blue-400';

/**
 * Buttons that size to their text (the ones above fill their row). On a phone (below `sm`) every
 * button and field here is at least 44 px high, a finger's tap target. A long label wraps to a
 * second line rather than clip: Spanish and French run about 30% longer than English (#46).
 */
export const smallButtonClass =
  'inline-flex min-h-9 max-w-full items-center justify-center gap-2 rounded-md py-1 text-center bg-blue-600 max-sm:min-h-11 px-4 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60';

export const smallOutlineButtonClass =
  'inline-flex min-h-8 max-w-full items-center justify-center gap-1.5 max-sm:min-h-11 rounded-md py-1 text-center border border-slate-300 bg-white px-3 text-xs font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:hover:bg-slate-900';

export const smallDangerButtonClass =
  'inline-flex min-h-8 max-w-full items-center justify-center gap-1.5 max-sm:min-h-11 rounded-md py-1 text-center border border-red-300 bg-white px-3 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-900 dark:bg-slate-950 dark:text-red-400 dark:hover:bg-red-950';

export const selectClass = inputClass;

export const textareaClass =
  'w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';
