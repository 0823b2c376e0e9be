import { type JobFunction, roleLabel } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Briefcase, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
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
import { JobFunctionDialog } from './JobFunctionDialog';
import { MembersDialog } from './MembersDialog';
import { jobFunctionsQuery, useJobFunctionMutations } from './queries';

type Editing = { jobFunction: JobFunction | null; key: number } | null;

/** /insights/job-functions: each function's people and their coverage of its required SOPs. */
export function JobFunctionsPage() {
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
      onSuccess: () => toast({ title: 'Job function deleted' }),
      onError: (error) =>
        toast(failureToast('Delete failed', error, 'Failed to delete the job function')),
    });

  return (
    <div data-testid="job-functions-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Job Functions</h1>
          <p className="text-slate-500 dark:text-slate-400">
            The SOPs each job function requires, and how much of them its people hold certified
          </p>
        </div>
        {manage ? (
          <button
            type="button"
            data-testid="job-function-new"
            className={smallButtonClass}
            onClick={() => setEditing({ jobFunction: null, key: Date.now() })}
          >
            <Plus aria-hidden className="size-4" /> New Job Function
          </button>
        ) : null}
      </header>
      {list.isPending ? (
        <LoadingRow label="Loading job functions..." />
      ) : list.isError ? (
        <p className="text-sm text-red-600">Failed to load job functions</p>
      ) : functions.length === 0 ? (
        <EmptyList
          testId="job-functions-empty"
          icon={Briefcase}
          title="No job functions yet."
          hint={
            manage
              ? 'Create one, choose the SOPs it requires and assign people to it.'
              : 'An administrator defines job functions and assigns people to them.'
          }
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
            {jobFunction.members.length} {jobFunction.members.length === 1 ? 'person' : 'people'}
            {jobFunction.coverage === null ? '' : ` · ${jobFunction.coverage}% coverage`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/insights/skills-matrix"
            search={{ jobFunctionId: jobFunction.id }}
            className={smallOutlineButtonClass}
          >
            Skills matrix
          </Link>
          {onStaff ? (
            <button
              type="button"
              data-testid="job-function-people"
              className={smallOutlineButtonClass}
              onClick={onStaff}
            >
              <Users aria-hidden className="size-3.5" /> People
            </button>
          ) : null}
          {onEdit ? (
            <button
              type="button"
              data-testid="job-function-edit"
              className={smallOutlineButtonClass}
              onClick={onEdit}
            >
              <Pencil aria-hidden className="size-3.5" /> Edit
            </button>
          ) : null}
          {onDelete ? (
            <DeleteButton jobFunction={jobFunction} pending={deleting} onDelete={onDelete} />
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2" data-testid="job-function-sops-list">
        {jobFunction.requiredSops.length === 0 ? (
          <span className="text-sm text-slate-500">No SOPs required yet.</span>
        ) : (
          jobFunction.requiredSops.map((sop) => (
            <Badge key={sop.documentId} tone="blue">
              {sop.title}
            </Badge>
          ))
        )}
      </div>
      {jobFunction.members.length === 0 ? (
        <p className="text-sm text-slate-500">Nobody holds this job function yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-medium">Name</th>
                <th className="py-2 pr-4 font-medium">Role</th>
                <th className="py-2 pr-4 font-medium">Coverage</th>
                <th className="py-2 font-medium">Missing SOPs</th>
              </tr>
            </thead>
            <tbody>
              {jobFunction.members.map((member) => (
                <tr
                  key={member.userId}
                  data-testid={`job-function-member-${member.userId}`}
                  className="border-t border-slate-200 dark:border-slate-800"
                >
                  <td className="py-2 pr-4">
                    <Link
                      to="/insights/skills-matrix"
                      search={{ search: member.name }}
                      className={linkClass}
                    >
                      {member.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-4 capitalize">{roleLabel(member.role)}</td>
                  <td className="py-2 pr-4">
                    <div className="flex items-center gap-2">
                      <div className="h-2 w-24 rounded-full bg-slate-200 dark:bg-slate-800">
                        <div
                          className="h-2 rounded-full bg-green-600"
                          style={{ width: `${member.coverage ?? 0}%` }}
                        />
                      </div>
                      <span>
                        {coverageText(member.certified, member.required, member.coverage)}
                      </span>
                    </div>
                  </td>
                  <td className="py-2 text-slate-600 dark:text-slate-400">
                    {member.missingDocumentIds.length === 0
                      ? 'None'
                      : member.missingDocumentIds
                          .map((documentId) => titles.get(documentId) ?? `SOP ${documentId}`)
                          .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
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
  return (
    <ConfirmDialog
      title="Delete job function?"
      description={`"${jobFunction.name}" will be deleted. Its people keep their certifications and records.`}
      confirmLabel="Delete"
      onConfirm={onDelete}
      trigger={
        <button
          type="button"
          data-testid="job-function-delete"
          className={smallDangerButtonClass}
          disabled={pending}
        >
          <Trash2 aria-hidden className="size-3.5" /> Delete
        </button>
      }
    />
  );
}
