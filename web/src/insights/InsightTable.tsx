import type { ReactNode } from 'react';

export const cellClass = 'py-2 pr-3';
export const rowClass = 'border-t border-slate-100 dark:border-slate-900';

/**
 * The insight pages' tables: one heading row, then the rows the page renders. Wider than the
 * screen (a phone), the table scrolls sideways inside its card, not the page.
 */
export function InsightTable({ headings, children }: { headings: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {headings.map((heading) => (
              <th
                key={heading}
                className="py-2 pr-3 font-medium text-slate-500 dark:text-slate-400"
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
