import type { PeopleImportPreview, RefusedRow } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Download, FileUp, Upload } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { OrganizationPicker } from '../admin/OrganizationPicker';
import { currentUserQuery } from '../api/queries';
import { Card, CardTitle } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { inputClass, linkClass, smallButtonClass } from '../ui/styles';
import {
  importEnded,
  importPercent,
  importProgressText,
  importReportText,
  planFigures,
  refusalText,
} from './format';
import { takeChosenFile } from './chosen-file';
import { usePeopleImportMutations } from './mutations';
import { peopleImportQuery, rejectedRowsUrl } from './queries';
import { formatNumber } from '../i18n/format';

/** /people-import: an organization's people from a spreadsheet, checked first, then applied. */
export function PeopleImportPage() {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const [organizationId, setOrganizationId] = useState<number | undefined>();
  const [updateExisting, setUpdateExisting] = useState(false);
  const [importId, setImportId] = useState<number | null>(null);
  const { preview, apply } = usePeopleImportMutations();
  const choose = (file: File | undefined) => {
    setImportId(null);
    apply.reset();
    if (file) preview.mutate({ file, organizationId });
  };
  const start = (answer: PeopleImportPreview) =>
    apply.mutate(
      { importId: answer.importId, updateExisting },
      { onSuccess: () => setImportId(answer.importId) },
    );

  return (
    <div data-testid="people-import-page" className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('peopleImport.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">
          {t('peopleImport.subtitle')}{' '}
          <Link to="/team" className={linkClass}>
            {t('peopleImport.back')}
          </Link>
        </p>
      </header>
      <Card className="space-y-4">
        <CardTitle>{t('peopleImport.chooseTitle')}</CardTitle>
        <FileHelp />
        {role === 'super_admin' ? (
          <OrganizationChoice value={organizationId} onChange={setOrganizationId} />
        ) : null}
        <label className="block space-y-1">
          <span className="text-sm font-medium">{t('peopleImport.file')}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            data-testid="people-import-file"
            className={inputClass}
            disabled={preview.isPending || (role === 'super_admin' && !organizationId)}
            onChange={(event) => choose(takeChosenFile(event.target))}
          />
        </label>
        {preview.isPending ? <p className="text-sm">{t('peopleImport.checking')}</p> : null}
        {preview.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {preview.error.message}
          </p>
        ) : null}
      </Card>
      {preview.data && importId === null ? (
        <PreviewCard
          preview={preview.data}
          updateExisting={updateExisting}
          onUpdateExisting={setUpdateExisting}
          applying={apply.isPending}
          error={apply.error?.message}
          onApply={() => start(preview.data)}
        />
      ) : null}
      {importId !== null ? (
        <ProgressCard
          importId={importId}
          resuming={apply.isPending}
          resumeError={apply.error?.message}
          onResume={() => apply.mutate({ importId, updateExisting })}
        />
      ) : null}
    </div>
  );
}

function FileHelp() {
  const { t } = useTranslation();
  return (
    <div className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
      <p>
        <Trans i18nKey="peopleImport.columns" components={{ b: <strong />, code: <code /> }} />
      </p>
      <p>{t('peopleImport.saveAs')}</p>
    </div>
  );
}

function OrganizationChoice({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  // A label element of its own: wrapped around the picker it would name its search box.
  return (
    <div className="space-y-1">
      <label htmlFor="people-import-organization" className="block text-sm font-medium">
        {t('peopleImport.organization')}
      </label>
      <OrganizationPicker
        id="people-import-organization"
        testId="people-import-organization"
        value={value === undefined ? '' : String(value)}
        onChange={(id) => onChange(Number(id) || undefined)}
        placeholder={t('peopleImport.chooseOrganization')}
      />
    </div>
  );
}

function PreviewCard(props: {
  preview: PeopleImportPreview;
  updateExisting: boolean;
  onUpdateExisting: (value: boolean) => void;
  applying: boolean;
  error?: string;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const { preview } = props;
  const figures = planFigures(preview.counts, props.updateExisting);
  const nothing = figures[0].value + figures[1].value === 0;
  return (
    <Card testId="people-import-preview" className="space-y-4">
      <CardTitle>{t('peopleImport.checkTitle')}</CardTitle>
      <p className="text-sm">
        {t('peopleImport.rows', {
          count: preview.counts.rows,
          fileName: preview.fileName,
          rows: formatNumber(preview.counts.rows),
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.key}
            data-testid={`plan-${figure.key}`}
            className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
          >
            <dt className="text-xs text-slate-500">{t(`peopleImport.plan.${figure.key}`)}</dt>
            <dd className="text-xl font-semibold">{formatNumber(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <Checkbox
        id="update-existing"
        label={t('peopleImport.updateExisting')}
        checked={props.updateExisting}
        onChange={props.onUpdateExisting}
      />
      {preview.refusedRows.length ? (
        <RefusedTable rows={preview.refusedRows} total={preview.counts.refused} />
      ) : null}
      {props.error ? (
        <p role="alert" className="text-sm text-red-600">
          {props.error}
        </p>
      ) : null}
      <button
        type="button"
        className={smallButtonClass}
        disabled={props.applying || nothing}
        onClick={props.onApply}
      >
        <Upload aria-hidden className="size-4" />
        {t('peopleImport.apply', {
          count: figures[0].value,
          n: formatNumber(figures[0].value),
        })}
      </button>
    </Card>
  );
}

function RefusedTable({ rows, total }: { rows: RefusedRow[]; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">
        {total > rows.length
          ? t('peopleImport.refusedFirst', { shown: rows.length, total })
          : t('peopleImport.refused')}
      </h3>
      <div className="max-h-96 overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
        <table data-testid="refused-rows" className="w-full text-left text-sm">
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th className="px-3 py-2">{t('peopleImport.row')}</th>
              <th className="px-3 py-2">{t('peopleImport.email')}</th>
              <th className="px-3 py-2">{t('peopleImport.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-3 py-2 tabular-nums">{row.row}</td>
                <td className="px-3 py-2 break-all">{row.email}</td>
                <td className="px-3 py-2">{refusalText(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ProgressCard(props: {
  importId: number;
  resuming: boolean;
  resumeError?: string;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  const status = useQuery(peopleImportQuery(props.importId)).data;
  if (!status) return null;
  const percent = importPercent(status);
  return (
    <Card testId="people-import-progress" className="space-y-4">
      <CardTitle>{t('peopleImport.importTitle')}</CardTitle>
      <div
        role="progressbar"
        aria-label={t('peopleImport.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p data-testid="people-import-state" className="text-sm">
        {importProgressText(status)}
      </p>
      {status.state === 'failed' ? (
        <div className="space-y-2 text-sm">
          <p>{t('peopleImport.resumeHint')}</p>
          <button
            type="button"
            data-testid="people-import-resume"
            className={smallButtonClass}
            disabled={props.resuming}
            onClick={props.onResume}
          >
            {t('peopleImport.resume')}
          </button>
          {props.resumeError ? (
            <p role="alert" className="text-red-600">
              {props.resumeError}
            </p>
          ) : null}
        </div>
      ) : null}
      {importEnded(status) && status.state === 'done' ? (
        <div data-testid="people-import-report" className="space-y-2 text-sm">
          <p>{importReportText(status)}</p>
          {status.refused > 0 ? (
            <a href={rejectedRowsUrl(status.id)} download className={linkClass}>
              <Download aria-hidden className="mr-1 inline size-4" />
              {t('peopleImport.downloadRefused')}
            </a>
          ) : null}
          <p>
            <FileUp aria-hidden className="mr-1 inline size-4" />
            {t('peopleImport.another')}
          </p>
        </div>
      ) : null}
    </Card>
  );
}
