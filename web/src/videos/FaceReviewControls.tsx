import type { IdentifiedOperator, ReviewFaceRequest } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { submitForm } from '../forms/contractForm';
import { MemberSearchField, useMemberSearch } from '../team/memberSearch';
import { selectClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useTranslation } from 'react-i18next';

export type Review = (faceId: string, review: ReviewFaceRequest) => void;

/** Confirm an identification, or say it is not this person. */
export function IdentifiedFaceControls({
  operator,
  onReview,
  busy,
}: {
  operator: IdentifiedOperator;
  onReview: Review;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const faceId = operator.faceId;
  if (!faceId) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {operator.review?.decision !== 'confirmed' && (
        <button
          type="button"
          disabled={busy}
          data-testid="confirm-face"
          onClick={() => onReview(faceId, { decision: 'confirm' })}
          className={smallButtonClass}
        >
          {t('videos.review.confirm')}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        data-testid="reject-face"
        onClick={() => onReview(faceId, { decision: 'reject' })}
        className={smallOutlineButtonClass}
      >
        {t('videos.review.notPerson', { name: operator.name })}
      </button>
    </div>
  );
}

/** Name an unidentified face: choose a member of the organization. */
export function NameFaceControl({
  faceId,
  onReview,
  busy,
}: {
  faceId: string | undefined;
  onReview: Review;
  busy: boolean;
}) {
  const { t } = useTranslation();
  // The organization's people, searched on the server (the first MEMBER_CHOICES by name).
  const search = useMemberSearch({});
  const members = search.members.data?.members ?? [];
  const form = useForm({
    defaultValues: { userId: '' },
    onSubmit: ({ value }) => {
      if (faceId && value.userId) {
        onReview(faceId, { decision: 'name', userId: Number(value.userId) });
      }
    },
  });
  if (!faceId) return null;
  return (
    <form
      noValidate
      className="flex w-full flex-wrap items-center gap-2 sm:w-auto"
      onSubmit={submitForm(form)}
    >
      <form.Field name="userId">
        {(field) => (
          <>
            <MemberSearchField
              search={search}
              label={t('ui.search', { noun: t('ui.nouns.people') })}
              testId="name-face-search"
            />
            <select
              aria-label={t('videos.review.whoIsThis')}
              data-testid="name-face-select"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              className={`${selectClass} min-w-0 flex-1 sm:w-56`}
            >
              <option value="">{t('videos.review.whoIsThis')}</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={busy || !field.state.value}
              data-testid="name-face"
              className={smallButtonClass}
            >
              {t('videos.review.name')}
            </button>
          </>
        )}
      </form.Field>
    </form>
  );
}
