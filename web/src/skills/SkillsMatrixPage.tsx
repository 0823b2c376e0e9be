import { ROLES, Role, type SkillsMatrix } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Download, Grid3x3, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { Card } from '../ui/Card';
import { EmptyList, LoadingRow } from '../ui/ListStates';
import { inputClass, selectClass, smallOutlineButtonClass } from '../ui/styles';
import { matrixCsvUrl, matrixScopeText, seesEveryone } from './format';
import { MatrixLegend, MatrixTable } from './MatrixTable';
import { jobFunctionsQuery, skillsMatrixQuery } from './queries';
import { parseMatrixSearch } from './search';
import { useTranslation } from 'react-i18next';

/** /insights/skills-matrix: people x SOPs at their level, with gaps; filters live in the address. */
export function SkillsMatrixPage() {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const staff = seesEveryone(role);
  const filters = parseMatrixSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [sopPage, setSopPage] = useState(1);
  const [typed, setTyped] = useState(filters.search ?? '');
  const search = useDeferredValue(typed.trim());
  const query = { ...filters, search: search || undefined, page, sopPage };
  const matrix = useQuery(skillsMatrixQuery(query));
  const functions = useQuery({ ...jobFunctionsQuery, enabled: staff });
  const setFilter = (next: Partial<typeof filters>) => {
    setPage(1);
    setSopPage(1);
    void navigate({
      to: '/insights/skills-matrix',
      search: { ...filters, search: search || undefined, ...next },
      replace: true,
    });
  };

  return (
    <div data-testid="skills-matrix-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('skills.matrix.title')}</h1>
          <p data-testid="skills-matrix-scope" className="text-slate-500 dark:text-slate-400">
            {matrixScopeText(staff)}
          </p>
        </div>
        <a
          data-testid="skills-matrix-export"
          href={matrixCsvUrl(query)}
          download
          className={smallOutlineButtonClass}
        >
          <Download aria-hidden className="size-3.5" /> {t('skills.matrix.exportCsv')}
        </a>
      </header>
      <Card className="space-y-4">
        {staff ? (
          <div className="flex flex-wrap gap-2">
            <label className="relative w-full sm:w-64">
              <span className="sr-only">{t('skills.matrix.searchPeople')}</span>
              <Search aria-hidden className="absolute top-3 left-3 size-4 text-slate-400" />
              <input
                data-testid="skills-matrix-search"
                className={`${inputClass} pl-9`}
                placeholder={t('skills.matrix.searchPeople')}
                value={typed}
                onChange={(event) => {
                  setPage(1);
                  setTyped(event.target.value);
                }}
              />
            </label>
            <div className="w-52">
              <select
                aria-label={t('skills.matrix.jobFunction')}
                data-testid="skills-matrix-function"
                className={selectClass}
                value={filters.jobFunctionId ?? ''}
                onChange={(event) =>
                  setFilter({
                    jobFunctionId: event.target.value ? Number(event.target.value) : undefined,
                  })
                }
              >
                <option value="">{t('skills.matrix.allJobFunctions')}</option>
                {(functions.data?.jobFunctions ?? []).map((jobFunction) => (
                  <option key={jobFunction.id} value={jobFunction.id}>
                    {jobFunction.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="w-52">
              <select
                aria-label={t('skills.matrix.department')}
                data-testid="skills-matrix-role"
                className={selectClass}
                value={filters.role ?? ''}
                onChange={(event) => {
                  const parsed = Role.safeParse(event.target.value);
                  setFilter({ role: parsed.success ? parsed.data : undefined });
                }}
              >
                <option value="">{t('skills.matrix.allDepartments')}</option>
                {ROLES.map((value) => (
                  <option key={value} value={value} className="capitalize">
                    {t(`roles.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}
        <MatrixLegend />
        <MatrixBody matrix={matrix.data} loading={matrix.isPending} failed={matrix.isError} />
        {matrix.data && matrix.data.totalSopPages > 1 ? (
          <Pager
            testId="skills-matrix-sop-pager"
            unit={t('skills.matrix.unitSops')}
            page={matrix.data.sopPage}
            pageSize={matrix.data.sopPageSize}
            total={matrix.data.totalSops}
            totalPages={matrix.data.totalSopPages}
            onPage={setSopPage}
          />
        ) : null}
        {matrix.data && matrix.data.totalPages > 1 ? (
          <Pager
            testId="skills-matrix-pager"
            unit={t('skills.matrix.unitPeople')}
            page={matrix.data.page}
            pageSize={matrix.data.pageSize}
            total={matrix.data.totalRows}
            totalPages={matrix.data.totalPages}
            onPage={setPage}
          />
        ) : null}
      </Card>
    </div>
  );
}

function MatrixBody(props: {
  matrix: SkillsMatrix | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  if (props.loading) return <LoadingRow label={t('skills.matrix.loading')} />;
  if (props.failed || !props.matrix) {
    return <p className="text-sm text-red-600">{t('skills.matrix.loadFailed')}</p>;
  }
  if (props.matrix.rows.length === 0 || props.matrix.sops.length === 0) {
    return (
      <EmptyList
        testId="skills-matrix-empty"
        icon={Grid3x3}
        title={t('skills.matrix.emptyTitle')}
        hint={t('skills.matrix.emptyHint')}
      />
    );
  }
  return <MatrixTable matrix={props.matrix} />;
}

/** People pages, and SOP column pages when the organization has more SOPs than a page shows. */
function Pager(props: {
  testId: string;
  unit: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const first = (props.page - 1) * props.pageSize + 1;
  const last = Math.min(props.page * props.pageSize, props.total);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
      data-testid={props.testId}
    >
      <span>{t('skills.matrix.range', { first, last, total: props.total, unit: props.unit })}</span>
      <div className="flex gap-2">
        <button
          type="button"
          className={smallOutlineButtonClass}
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          <ChevronLeft aria-hidden className="size-3.5" /> {t('skills.matrix.previous')}
        </button>
        <button
          type="button"
          data-testid={`${props.testId.replace(/-pager$/, '')}-next`}
          className={smallOutlineButtonClass}
          disabled={props.page >= props.totalPages}
          onClick={() => props.onPage(props.page + 1)}
        >
          {t('skills.matrix.next')} <ChevronRight aria-hidden className="size-3.5" />
        </button>
      </div>
    </div>
  );
}
