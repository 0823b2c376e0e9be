import { type JobFunction } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { inputClass, smallButtonClass } from '../ui/styles';
import { useJobFunctionMutations } from './mutations';
import { peopleQuery } from './queries';
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
  const [search, setSearch] = useState('');
  const people = useQuery(peopleQuery);
  const { setMembers } = useJobFunctionMutations();
  const needle = search.trim().toLowerCase();
  const listed = (people.data ?? []).filter(
    (person) =>
      person.status === 'active' &&
      (needle === '' ||
        person.name.toLowerCase().includes(needle) ||
        person.email.toLowerCase().includes(needle)),
  );
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
        <input
          aria-label={t('skills.members.search')}
          data-testid="members-search"
          className={inputClass}
          placeholder={t('skills.members.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
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
