import { SKILL_LEVELS, type SkillsMatrix } from '@hub/proto';
import clsx from 'clsx';
import { cellSummary, cellText, LEVEL_CELL_CLASSES, levelLabel } from './format';
import { useTranslation } from 'react-i18next';

export function MatrixLegend() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-3 text-xs" aria-label={t('skills.matrix.levels')}>
      {SKILL_LEVELS.map((level) => (
        <li key={level} className="flex items-center gap-1.5">
          <span className={clsx('inline-block size-3 rounded', LEVEL_CELL_CLASSES[level])} />
          {levelLabel(level)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded ring-2 ring-red-500" />{' '}
        {t('skills.matrix.requiredGap')}
      </li>
    </ul>
  );
}

/** People down, SOPs across; the last column and row count the gaps. */
export function MatrixTable({ matrix }: { matrix: SkillsMatrix }) {
  const { t } = useTranslation();
  return (
    <div className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
      <table data-testid="skills-matrix-table" className="border-separate border-spacing-0 text-xs">
        <thead>
          <tr>
            <th className="sticky top-0 left-0 z-20 min-w-48 bg-white p-2 text-left font-medium dark:bg-slate-950">
              {t('skills.matrix.person')}
            </th>
            <th className="sticky top-0 z-10 bg-white p-2 text-center font-medium dark:bg-slate-950">
              {t('skills.matrix.gaps')}
            </th>
            {matrix.sops.map((sop) => (
              <th
                key={sop.documentId}
                data-testid={`skills-matrix-sop-${sop.documentId}`}
                title={sop.title}
                className="sticky top-0 z-10 max-w-32 min-w-24 truncate bg-white p-2 text-center font-medium dark:bg-slate-950"
              >
                {sop.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => (
            <tr key={row.userId} data-testid={`skills-matrix-row-${row.userId}`}>
              <th
                scope="row"
                className="sticky left-0 z-10 border-t border-slate-200 bg-white p-2 text-left font-normal dark:border-slate-800 dark:bg-slate-950"
              >
                <div className="font-medium">{row.name}</div>
                <div className="text-slate-500 capitalize">
                  {t(`roles.${row.role}`)}
                  {row.jobFunctions.length ? ` · ${row.jobFunctions.join(', ')}` : ''}
                </div>
              </th>
              <td
                data-testid="skills-row-gaps"
                className={clsx(
                  'border-t border-slate-200 p-2 text-center font-semibold dark:border-slate-800',
                  row.gaps > 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                {row.gaps}
              </td>
              {row.cells.map((cell) => (
                <td
                  key={cell.documentId}
                  data-testid={`skills-cell-${row.userId}-${cell.documentId}`}
                  data-level={cell.level}
                  title={cellSummary(cell)}
                  className="border-t border-slate-200 p-1 dark:border-slate-800"
                >
                  <div
                    className={clsx(
                      'rounded px-1.5 py-1 text-center whitespace-nowrap',
                      LEVEL_CELL_CLASSES[cell.level],
                      cell.gap && 'ring-2 ring-red-500 ring-inset',
                    )}
                  >
                    {cellText(cell)}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th className="sticky bottom-0 left-0 z-20 bg-slate-50 p-2 text-left font-medium dark:bg-slate-900">
              {t('skills.matrix.gapsPerSop')}
            </th>
            <td
              data-testid="skills-matrix-total-gaps"
              className="sticky bottom-0 bg-slate-50 p-2 text-center font-semibold dark:bg-slate-900"
            >
              {matrix.totalGaps}
            </td>
            {matrix.sops.map((sop) => (
              <td
                key={sop.documentId}
                data-testid={`skills-matrix-gaps-${sop.documentId}`}
                className={clsx(
                  'sticky bottom-0 bg-slate-50 p-2 text-center font-semibold dark:bg-slate-900',
                  sop.gaps > 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                {sop.gaps}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
