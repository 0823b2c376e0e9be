import { type JobFunction } from '@hub/proto';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { smallButtonClass } from '../ui/styles';
import { MemberSearchField, useMemberSearch } from '../team/memberSearch';
import { useJobFunctionMutations } from './mutations';
import { useTranslation } from 'react-i18next';

/** Chooses who holds a job function; saving sends the whole list. */
export function MembersDialog({
  jobFunction,
  onClose,
}: {
  jobFunction: JobFunction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(
    () => new Set(jobFunction.members.map((member) => member.userId)),
  );
  // Searched on the server, the first MEMBER_CHOICES by name: chosen people stay chosen
  // while another search lists others.
  const search = useMemberSearch({ status: 'active' });
  const people = search.members;
  const { setMembers } = useJobFunctionMutations();
  const listed = people.data?.members ?? [];
  const toggle = (userId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const submit = () =>
    setMembers.mutate(
      { id: jobFunction.id, userIds: [...chosen] },
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
      description={t('skills.members.chosen', { count: chosen.size })}
      testId="members-dialog"
    >
      <div className="space-y-3">
        <MemberSearchField
          search={search}
          label={t('skills.members.search')}
          testId="members-search"
        />
        <div className="max-h-72 space-y-2 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-800">
          {people.isPending ? (
            <p className="text-sm text-slate-500">{t('skills.members.loading')}</p>
          ) : listed.length === 0 ? (
            <p className="text-sm text-slate-500">{t('skills.members.none')}</p>
          ) : (
            listed.map((person) => (
              <Checkbox
                key={person.id}
                id={`member-${person.id}`}
                label={`${person.name} (${t(`roles.${person.role}`)})`}
                checked={chosen.has(person.id)}
                onChange={(on) => toggle(person.id, on)}
              />
            ))
          )}
        </div>
        <div className="flex justify-end">
          <button
            type="button"
            data-testid="members-save"
            className={smallButtonClass}
            disabled={setMembers.isPending}
            onClick={submit}
          >
            {t('skills.members.save')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
