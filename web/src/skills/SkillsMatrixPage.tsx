import { ROLES, Role, roleLabel, type SkillsMatrix } from '@hub/proto';
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

/** /insights/skills-matrix: people x SOPs at their level, with gaps; filters live in the address. */
export function SkillsMatrixPage() {
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
          <h1 className="text-2xl font-bold">Skills Matrix</h1>
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
          <Download aria-hidden className="size-3.5" /> Export CSV
        </a>
      </header>
      <Card className="space-y-4">
        {staff ? (
          <div className="flex flex-wrap gap-2">
            <label className="relative w-64">
              <span className="sr-only">Search people</span>
              <Search aria-hidden className="absolute top-3 left-3 size-4 text-slate-400" />
              <input
                data-testid="skills-matrix-search"
                className={`${inputClass} pl-9`}
                placeholder="Search people"
                value={typed}
                onChange={(event) => {
                  setPage(1);
                  setTyped(event.target.value);
                }}
              />
            </label>
            <div className="w-52">
              <select
                aria-label="Job function"
                data-testid="skills-matrix-function"
                className={selectClass}
                value={filters.jobFunctionId ?? ''}
                onChange={(event) =>
                  setFilter({
                    jobFunctionId: event.target.value ? Number(event.target.value) : undefined,
                  })
                }
              >
                <option value="">All job functions</option>
                {(functions.data?.jobFunctions ?? []).map((jobFunction) => (
                  <option key={jobFunction.id} value={jobFunction.id}>
                    {jobFunction.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="w-52">
              <select
                aria-label="Department"
                data-testid="skills-matrix-role"
                className={selectClass}
                value={filters.role ?? ''}
                onChange={(event) => {
                  const parsed = Role.safeParse(event.target.value);
                  setFilter({ role: parsed.success ? parsed.data : undefined });
                }}
              >
                <option value="">All departments</option>
                {ROLES.map((value) => (
                  <option key={value} value={value} className="capitalize">
                    {roleLabel(value)}
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
            unit="SOPs"
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
            unit="people"
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
  if (props.loading) return <LoadingRow label="Loading skills matrix..." />;
  if (props.failed || !props.matrix) {
    return <p className="text-sm text-red-600">Failed to load the skills matrix</p>;
  }
  if (props.matrix.rows.length === 0 || props.matrix.sops.length === 0) {
    return (
      <EmptyList
        testId="skills-matrix-empty"
        icon={Grid3x3}
        title="Nothing to show yet."
        hint="The matrix fills as people are observed on SOPs and job functions require them."
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
  const first = (props.page - 1) * props.pageSize + 1;
  const last = Math.min(props.page * props.pageSize, props.total);
  return (
    <div className="flex items-center justify-between text-sm" data-testid={props.testId}>
      <span>
        {first}–{last} of {props.total} {props.unit}
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className={smallOutlineButtonClass}
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          <ChevronLeft aria-hidden className="size-3.5" /> Previous
        </button>
        <button
          type="button"
          data-testid={`${props.testId.replace(/-pager$/, '')}-next`}
          className={smallOutlineButtonClass}
          disabled={props.page >= props.totalPages}
          onClick={() => props.onPage(props.page + 1)}
        >
          Next <ChevronRight aria-hidden className="size-3.5" />
        </button>
      </div>
    </div>
  );
}
