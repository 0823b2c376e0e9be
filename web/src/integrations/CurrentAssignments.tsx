import type { CameraAssignment } from '@hub/proto';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { loadedRows } from '../api/paging';
import { toast } from '../toast/toastStore';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { LoadMore } from '../ui/LoadMore';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { filterSops, lastSnapshotText, sameIds, sopCountLabel } from './format';
import { useIntegrationMutations } from './mutations';
import { assignmentsQuery, organizationSopsQuery } from './queries';
import { useTranslation } from 'react-i18next';

/**
 * Current Assignments: each camera with its organization and the SOPs tied to it, 50 at a time
 * with Load more (every organization's cameras: thousands on a large platform).
 */
export function CurrentAssignments() {
  const { t } = useTranslation();
  const assignments = useInfiniteQuery(assignmentsQuery);
  const { rows, totalCount } = loadedRows(assignments.data?.pages, (page) => page.assignments);
  return (
    <Card testId="current-assignments" className="space-y-4">
      <CardTitle>{t('integrations.assignments.title')}</CardTitle>
      {assignments.isPending ? <LoadingRow label={t('integrations.assignments.loading')} /> : null}
      {rows?.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('integrations.assignments.none')}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-900">
        {(rows ?? []).map((assignment) => (
          <AssignmentRow key={assignment.id} assignment={assignment} />
        ))}
      </ul>
      <LoadMore
        noun="cameras"
        shown={rows?.length ?? 0}
        total={totalCount}
        hasMore={assignments.hasNextPage}
        loading={assignments.isFetchingNextPage}
        onLoadMore={() => void assignments.fetchNextPage()}
      />
    </Card>
  );
}

function AssignmentRow({ assignment }: { assignment: CameraAssignment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>(assignment.sopIds);
  const { saveSops, schedule } = useIntegrationMutations();
  const toggleSnapshots = () =>
    schedule.mutate(
      { id: assignment.id, snapshotEnabled: !assignment.snapshotEnabled },
      {
        onSuccess: (updated) =>
          toast({
            title: updated.snapshotEnabled
              ? t('integrations.assignments.snapshotsOn')
              : t('integrations.assignments.snapshotsOff'),
            description: updated.snapshotEnabled
              ? t('integrations.assignments.identifiedEvery', {
                  camera: updated.cameraName,
                  seconds: updated.snapshotIntervalSeconds,
                })
              : t('integrations.assignments.noMoreSnapshots', { camera: updated.cameraName }),
          }),
        onError: (error) =>
          toast(
            failureToast(
              t('integrations.updateFailedTitle'),
              error,
              t('integrations.assignments.scheduleFailed'),
            ),
          ),
      },
    );
  const cancel = () => {
    setSelected(assignment.sopIds);
    setOpen(false);
  };
  const save = () =>
    saveSops.mutate(
      { id: assignment.id, sopIds: selected },
      {
        onSuccess: () => {
          toast({ title: t('integrations.assignments.sopsUpdated') });
          setOpen(false);
        },
        onError: (error) =>
          toast(
            failureToast(
              t('integrations.updateFailedTitle'),
              error,
              t('integrations.assignments.sopsFailed'),
            ),
          ),
      },
    );
  return (
    <li data-testid="assignment-row" data-assignment-id={assignment.id} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium" data-testid="assignment-camera">
            {assignment.cameraName}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="assignment-org">
            {assignment.organizationName}
          </p>
          <p
            className="text-xs text-slate-500 dark:text-slate-400"
            data-testid="assignment-last-snapshot"
          >
            {lastSnapshotText(assignment.lastSnapshot)}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="snapshot-toggle"
            checked={assignment.snapshotEnabled}
            disabled={schedule.isPending}
            onChange={toggleSnapshots}
          />
          {t('integrations.assignments.snapshotsEvery', {
            seconds: assignment.snapshotIntervalSeconds,
          })}
        </label>
        <button
          type="button"
          data-testid="sop-picker-toggle"
          className={smallOutlineButtonClass}
          onClick={() => setOpen(!open)}
        >
          {sopCountLabel(selected.length)}
        </button>
      </div>
      {open ? (
        <SopPicker
          organizationId={assignment.organizationId}
          selected={selected}
          onChange={setSelected}
        />
      ) : null}
      {open || !sameIds(selected, assignment.sopIds) ? (
        <div className="flex justify-end gap-2">
          <button type="button" className={smallOutlineButtonClass} onClick={cancel}>
            {t('integrations.cancel')}
          </button>
          <button
            type="button"
            data-testid="sop-save"
            className={smallButtonClass}
            disabled={saveSops.isPending || sameIds(selected, assignment.sopIds)}
            onClick={save}
          >
            {t('integrations.save')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** A multi-select of the organization's processed SOPs, with search. */
function SopPicker({
  organizationId,
  selected,
  onChange,
}: {
  organizationId: number;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sops = useQuery(organizationSopsQuery(organizationId));
  const shown = filterSops(sops.data ?? [], search);
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id]);
  return (
    <div
      data-testid="sop-picker"
      className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <label className="relative block">
        <span className="sr-only">{t('integrations.assignments.searchSops')}</span>
        <Search aria-hidden className="absolute top-3 left-3 size-4 text-slate-400" />
        <input
          data-testid="sop-search"
          className={`${inputClass} pl-9`}
          placeholder={t('integrations.assignments.searchSopsPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto">
        {sops.isPending ? (
          <li className="text-sm text-slate-500">{t('integrations.assignments.loadingSops')}</li>
        ) : null}
        {!sops.isPending && shown.length === 0 ? (
          <li className="py-2 text-center text-sm text-slate-500">
            {t('integrations.assignments.noSops')}
          </li>
        ) : null}
        {shown.map((sop) => (
          <li key={sop.id}>
            <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-900">
              <input
                type="checkbox"
                data-testid="sop-option"
                data-sop-id={sop.id}
                checked={selected.includes(sop.id)}
                onChange={() => toggle(sop.id)}
              />
              {sop.title}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
