import { type JobFunction, type JobFunctionMember } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Briefcase, LoaderCircle, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useRowsAfter } from '../api/paging';
import { currentUserQuery } from '../api/queries';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyList, LoadingRow } from '../ui/ListStates';
import {
  linkClass,
  smallButtonClass,
  smallOutlineButtonClass,
  smallDangerButtonClass,
} from '../ui/styles';
import { canManageJobFunctions, coverageText } from './format';
import { formatPercent } from '../i18n/format';
import { JobFunctionDialog } from './JobFunctionDialog';
import { MembersDialog } from './MembersDialog';
import { useJobFunctionMutations } from './mutations';
import { jobFunctionMemberPagesQuery, jobFunctionsQuery } from './queries';
import { useTranslation } from 'react-i18next';

type Editing = { jobFunction: JobFunction | null; key: number } | null;

/** /insights/job-functions: each function's people and their coverage of its required SOPs. */
export function JobFunctionsPage() {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const list = useQuery(jobFunctionsQuery);
  const manage = canManageJobFunctions(role);
  const [editing, setEditing] = useState<Editing>(null);
  const [staffing, setStaffing] = useState<JobFunction | null>(null);
  const functions = list.data?.jobFunctions ?? [];
  // The page, not the card, deletes: the refetch removes the card before the mutation's
  // callbacks run, and TanStack Query drops those of an unmounted caller (and of a replaced
  // mutation, hence one delete at a time).
  const { remove } = useJobFunctionMutations();
  const deleteFunction = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: t('skills.functions.deleted') }),
      onError: (error) =>
        toast(
          failureToast(
            t('skills.functions.deleteFailedTitle'),
            error,
            t('skills.functions.deleteFailedDescription'),
          ),
        ),
    });

  return (
    <div data-testid="job-functions-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('skills.functions.title')}</h1>
          <p className="text-slate-500 dark:text-slate-400">{t('skills.functions.subtitle')}</p>
        </div>
        {manage ? (
          <button
            type="button"
            data-testid="job-function-new"
            className={smallButtonClass}
            onClick={() => setEditing({ jobFunction: null, key: Date.now() })}
          >
            <Plus aria-hidden className="size-4" /> {t('skills.functions.new')}
          </button>
        ) : null}
      </header>
      {list.isPending ? (
        <LoadingRow label={t('skills.functions.loading')} />
      ) : list.isError ? (
        <p className="text-sm text-red-600">{t('skills.functions.loadFailed')}</p>
      ) : functions.length === 0 ? (
        <EmptyList
          testId="job-functions-empty"
          icon={Briefcase}
          title={t('skills.functions.emptyTitle')}
          hint={manage ? t('skills.functions.emptyHintManager') : t('skills.functions.emptyHint')}
        />
      ) : (
        <div className="space-y-6">
          {functions.map((jobFunction) => (
            <JobFunctionCard
              key={jobFunction.id}
              jobFunction={jobFunction}
              onEdit={manage ? () => setEditing({ jobFunction, key: Date.now() }) : undefined}
              onStaff={manage ? () => setStaffing(jobFunction) : undefined}
              onDelete={manage ? () => deleteFunction(jobFunction.id) : undefined}
              deleting={remove.isPending}
            />
          ))}
        </div>
      )}
      {editing ? (
        <JobFunctionDialog
          key={editing.key}
          open
          editing={editing.jobFunction}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {staffing ? (
        <MembersDialog key={staffing.id} jobFunction={staffing} onClose={() => setStaffing(null)} />
      ) : null}
    </div>
  );
}

function JobFunctionCard({
  jobFunction,
  onEdit,
  onStaff,
  onDelete,
  deleting,
}: {
  jobFunction: JobFunction;
  onEdit?: () => void;
  onStaff?: () => void;
  onDelete?: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const titles = new Map(jobFunction.requiredSops.map((sop) => [sop.documentId, sop.title]));
  return (
    <Card testId={`job-function-${jobFunction.id}`} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>{jobFunction.name}</CardTitle>
          {jobFunction.description ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{jobFunction.description}</p>
          ) : null}
          <p className="text-sm" data-testid="job-function-coverage">
            {t('skills.functions.people', { count: jobFunction.memberCount })}
            {jobFunction.coverage === null
              ? ''
              : t('skills.functions.coveragePercent', {
                  coverage: formatPercent(jobFunction.coverage),
                })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/insights/skills-matrix"
            search={{ jobFunctionId: jobFunction.id }}
            className={smallOutlineButtonClass}
          >
            {t('skills.functions.skillsMatrix')}
          </Link>
          {onStaff ? (
            <button
              type="button"
              data-testid="job-function-people"
              className={smallOutlineButtonClass}
              onClick={onStaff}
            >
              <Users aria-hidden className="size-3.5" /> {t('skills.functions.peopleButton')}
            </button>
          ) : null}
          {onEdit ? (
            <button
              type="button"
              data-testid="job-function-edit"
              className={smallOutlineButtonClass}
              onClick={onEdit}
            >
              <Pencil aria-hidden className="size-3.5" /> {t('skills.functions.edit')}
            </button>
          ) : null}
          {onDelete ? (
            <DeleteButton jobFunction={jobFunction} pending={deleting} onDelete={onDelete} />
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2" data-testid="job-function-sops-list">
        {jobFunction.requiredSops.length === 0 ? (
          <span className="text-sm text-slate-500">{t('skills.functions.noSops')}</span>
        ) : (
          jobFunction.requiredSops.map((sop) => (
            <Badge key={sop.documentId} tone="blue">
              {sop.title}
            </Badge>
          ))
        )}
      </div>
      {jobFunction.memberCount === 0 ? (
        <p className="text-sm text-slate-500">{t('skills.functions.nobody')}</p>
      ) : (
        <Holders jobFunction={jobFunction} titles={titles} />
      )}
    </Card>
  );
}

/**
 * The function's holders: the list's first page, then the next ones a page at a time from its
 * cursor once asked for ("Show more people"); pages already cached (this visit's) show at once.
 */
function Holders({
  jobFunction,
  titles,
}: {
  jobFunction: JobFunction;
  titles: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const {
    rows: members,
    hasMore,
    load,
    failed,
    loading,
  } = useRowsAfter(
    jobFunction.members,
    jobFunction.membersCursor,
    jobFunctionMemberPagesQuery(jobFunction.id, jobFunction.membersCursor),
    (page) => page.members,
  );
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">{t('skills.functions.name')}</th>
              <th className="py-2 pr-4 font-medium">{t('skills.functions.role')}</th>
              <th className="py-2 pr-4 font-medium">{t('skills.functions.coverage')}</th>
              <th className="py-2 font-medium">{t('skills.functions.missingSops')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <HolderRow key={member.userId} member={member} titles={titles} />
            ))}
          </tbody>
        </table>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('skills.functions.moreFailed')}
        </p>
      )}
      {hasMore && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            data-testid="job-function-more-people"
            disabled={loading}
            onClick={load}
            className={smallOutlineButtonClass}
          >
            {loading && <LoaderCircle aria-hidden className="size-3.5 animate-spin" />}
            {t('skills.functions.showMore')}
          </button>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('skills.functions.shown', {
              shown: members.length,
              total: jobFunction.memberCount,
            })}
          </span>
        </div>
      )}
    </div>
  );
}

function HolderRow({
  member,
  titles,
}: {
  member: JobFunctionMember;
  titles: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  return (
    <tr
      data-testid={`job-function-member-${member.userId}`}
      className="border-t border-slate-200 dark:border-slate-800"
    >
      <td className="py-2 pr-4">
        <Link to="/insights/skills-matrix" search={{ search: member.name }} className={linkClass}>
          {member.name}
        </Link>
      </td>
      <td className="py-2 pr-4 capitalize">{t(`roles.${member.role}`)}</td>
      <td className="py-2 pr-4">
        <div className="flex items-center gap-2">
          <div className="h-2 w-24 rounded-full bg-slate-200 dark:bg-slate-800">
            <div
              className="h-2 rounded-full bg-green-600"
              style={{ width: `${member.coverage ?? 0}%` }}
            />
          </div>
          <span>{coverageText(member.certified, member.required, member.coverage)}</span>
        </div>
      </td>
      <td className="py-2 text-slate-600 dark:text-slate-400">
        {member.missingDocumentIds.length === 0
          ? t('skills.functions.none')
          : member.missingDocumentIds
              .map(
                (documentId) =>
                  titles.get(documentId) ?? t('skills.functions.sopNumber', { id: documentId }),
              )
              .join(', ')}
      </td>
    </tr>
  );
}

function DeleteButton({
  jobFunction,
  pending,
  onDelete,
}: {
  jobFunction: JobFunction;
  pending: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('skills.functions.deleteTitle')}
      description={t('skills.functions.deleteDescription', { name: jobFunction.name })}
      confirmLabel={t('skills.functions.delete')}
      onConfirm={onDelete}
      trigger={
        <button
          type="button"
          data-testid="job-function-delete"
          className={smallDangerButtonClass}
          disabled={pending}
        >
          <Trash2 aria-hidden className="size-3.5" /> {t('skills.functions.delete')}
        </button>
      }
    />
  );
}
