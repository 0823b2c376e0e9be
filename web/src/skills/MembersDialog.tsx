import { type JobFunction } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Checkbox } from '../ui/Checkbox';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { smallButtonClass } from '../ui/styles';
import { MemberSearchField, useMemberSearch } from '../team/memberSearch';
import { useJobFunctionMutations } from './mutations';
import { jobFunctionHoldersAmongQuery } from './queries';
import { useTranslation } from 'react-i18next';

/** A person's choice, and whether they held the function when it was made. */
type Choice = { holds: boolean; held: boolean };

/**
 * Chooses who holds a job function among the people searched; saving sends who was added and
 * removed, so the holders no search listed (a function may have thousands) are kept.
 */
export function MembersDialog({
  jobFunction,
  onClose,
}: {
  jobFunction: JobFunction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<ReadonlyMap<number, Choice>>(new Map());
  // Searched on the server, the first MEMBER_CHOICES by name: chosen people stay chosen
  // while another search lists others.
  const search = useMemberSearch({ status: 'active' });
  const people = search.members;
  const { changeMembers } = useJobFunctionMutations();
  const listed = people.data?.members ?? [];
  const holders = useQuery(
    jobFunctionHoldersAmongQuery(
      jobFunction.id,
      listed.map((person) => person.id),
    ),
  );
  const holds = (userId: number) =>
    choices.get(userId)?.holds ?? holders.data?.has(userId) ?? false;
  const toggle = (userId: number, on: boolean) =>
    setChoices((current) => {
      const next = new Map(current);
      const held = current.get(userId)?.held ?? holders.data?.has(userId) ?? false;
      if (on === held) next.delete(userId);
      else next.set(userId, { holds: on, held });
      return next;
    });
  const changed = [...choices];
  const add = changed.filter(([, choice]) => choice.holds).map(([userId]) => userId);
  const remove = changed.filter(([, choice]) => !choice.holds).map(([userId]) => userId);
  const submit = () =>
    changeMembers.mutate(
      { id: jobFunction.id, change: { add, remove } },
      {
        onSuccess: () => {
          toast({ title: t('skills.members.saved') });
          onClose();
        },
        onError: (error) =>
          toast(
            failureToast(
              t('skills.members.saveFailedTitle'),
              error,
              t('skills.members.saveFailedDescription'),
            ),
          ),
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('skills.members.title', { name: jobFunction.name })}
      description={t('skills.members.chosen', {
        count: jobFunction.memberCount + add.length - remove.length,
      })}
      testId="members-dialog"
    >
      <div className="space-y-3">
        <MemberSearchField
          search={search}
          label={t('skills.members.search')}
          testId="members-search"
        />
        <div className="max-h-72 space-y-2 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-800">
          {people.isPending || holders.isLoading ? (
            <p className="text-sm text-slate-500">{t('skills.members.loading')}</p>
          ) : listed.length === 0 ? (
            <p className="text-sm text-slate-500">{t('skills.members.none')}</p>
          ) : (
            listed.map((person) => (
              <Checkbox
                key={person.id}
                id={`member-${person.id}`}
                label={`${person.name} (${t(`roles.${person.role}`)})`}
                checked={holds(person.id)}
                onChange={(on) => toggle(person.id, on)}
              />
            ))
          )}
        </div>
        <DialogFooter>
          <button
            type="button"
            data-testid="members-save"
            className={smallButtonClass}
            disabled={changeMembers.isPending || changed.length === 0}
            onClick={submit}
          >
            {t('skills.members.save')}
          </button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
