import type { UnknownPerson } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { submitForm } from '../forms/contractForm';
import { MemberSearchField, useMemberSearch } from '../team/memberSearch';
import { Dialog } from '../ui/Dialog';
import { formatDate } from '../ui/dates';
import { selectClass, smallButtonClass } from '../ui/styles';
import { formatTimeRange } from '../videos/format';
import { FaceThumbnail } from './FaceThumbnail';
import { unknownPersonLabel } from './label';
import { useNameUnknownPerson } from './mutations';
import { unknownPersonQuery, unknownPersonSummary } from './queries';
import { useTranslation } from 'react-i18next';

/** One unknown person: their faces by video, and "Who is this?" to name them all. */
export function UnknownPersonDialog({
  person,
  onClose,
}: {
  person: UnknownPerson | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={person !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={person ? unknownPersonLabel(person) : t('unknownPeople.unknownPerson')}
      description={person ? unknownPersonSummary(person) : undefined}
      width="max-w-2xl"
      testId="unknown-person-dialog"
    >
      {person && <PersonBody key={person.id} id={person.id} onNamed={onClose} />}
    </Dialog>
  );
}

function PersonBody({ id, onNamed }: { id: number; onNamed: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery(unknownPersonQuery(id));
  // The organization's people, searched on the server (the first MEMBER_CHOICES by name).
  const search = useMemberSearch({});
  const members = search.members;
  const naming = useNameUnknownPerson(onNamed);
  const form = useForm({
    defaultValues: { userId: '' },
    onSubmit: ({ value }) => {
      if (value.userId) naming.mutate({ id, userId: Number(value.userId) });
    },
  });
  if (detail.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {detail.error instanceof Error ? detail.error.message : t('unknownPeople.personFailed')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <form className="flex flex-wrap items-center gap-2" onSubmit={submitForm(form)}>
        <form.Field name="userId">
          {(field) => (
            <>
              <MemberSearchField
                search={search}
                label={t('ui.search', { noun: t('ui.nouns.people') })}
                testId="name-unknown-search"
              />
              <select
                aria-label={t('unknownPeople.whoIsThis')}
                data-testid="name-unknown-select"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                className={`${selectClass} min-w-0 flex-1 sm:max-w-xs`}
              >
                <option value="">{t('unknownPeople.whoIsThis')}</option>
                {(members.data?.members ?? []).map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                disabled={naming.isPending || !field.state.value}
                data-testid="name-unknown-person"
                className={smallButtonClass}
              >
                {t('unknownPeople.nameAll')}
              </button>
            </>
          )}
        </form.Field>
      </form>
      {detail.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('unknownPeople.loadingFaces')}
        </p>
      ) : (
        <ul className="space-y-2">
          {detail.data.faces.map((face) => (
            <li
              key={`${face.videoId}-${face.faceId}`}
              data-testid="unknown-appearance"
              className="flex items-center gap-3 rounded-md border border-slate-200 p-2 dark:border-slate-800"
            >
              <FaceThumbnail
                url={face.thumbnailUrl}
                label={t('unknownPeople.faceIn', { title: face.videoTitle })}
              />
              <span className="min-w-0 text-sm">
                <span className="block truncate font-medium">{face.videoTitle}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {t('unknownPeople.recorded', {
                    date: formatDate(face.recordedAt),
                    times: face.appearances.map(formatTimeRange).join(', '),
                  })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
