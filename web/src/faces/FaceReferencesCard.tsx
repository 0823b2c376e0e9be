import { useQuery } from '@tanstack/react-query';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { readableFailureReason } from '../api/failure-reason';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { smallOutlineButtonClass } from '../ui/styles';
import { checkSetupPhoto } from '../uploads/imageFile';
import { canAddReference, referenceCountText, referenceStatus } from './format';
import { useFaceReferenceMutations } from './mutations';
import { faceReferencesQuery, referencePhotoUrl, type ReferenceOwner } from './queries';
import { useTranslation } from 'react-i18next';

/** The reference photos of a person: on Your Profile (your own) or a member's page (administrators). */
export function FaceReferencesCard({ owner }: { owner: ReferenceOwner }) {
  const { t } = useTranslation();
  const list = useQuery(faceReferencesQuery(owner));
  const { add, remove } = useFaceReferenceMutations(owner);
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkSetupPhoto(file);
    if (problem) {
      toast({ title: t('faces.invalidFile'), description: problem, variant: 'destructive' });
      return;
    }
    add.mutate(file);
  };

  const data = list.data;
  return (
    <Card testId="face-references" className="space-y-3">
      <CardTitle>{t('faces.title')}</CardTitle>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('faces.rule')}</p>
      {list.isPending ? (
        <LoadingRow label={t('faces.loading')} />
      ) : !data ? (
        <p role="alert" className="text-sm text-red-600">
          {t('faces.loadFailed')}
        </p>
      ) : (
        <>
          <p data-testid="face-references-count" className="text-sm">
            {referenceCountText(data)}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {data.references.map((reference) => {
              const status = referenceStatus(reference);
              return (
                <li
                  key={reference.id}
                  data-testid="face-reference"
                  data-status={reference.status}
                  className="space-y-1 rounded-md border border-slate-200 p-2 dark:border-slate-800"
                >
                  {reference.status !== 'rejected' && (
                    <img
                      src={referencePhotoUrl(reference.id)}
                      alt={t('faces.photo')}
                      className="aspect-square w-full rounded object-cover"
                    />
                  )}
                  <div className="flex flex-wrap items-center justify-between gap-1">
                    <Badge tone={status.tone}>{status.label}</Badge>
                    <button
                      type="button"
                      aria-label={t('faces.delete')}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(reference.id)}
                      className={smallOutlineButtonClass}
                    >
                      <Trash2 aria-hidden className="size-3.5" />
                    </button>
                  </div>
                  {reference.reason && (
                    <p className="text-xs text-red-600 dark:text-red-400">
                      {readableFailureReason(reference.reason)}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            data-testid="face-reference-input"
            aria-label={t('faces.photo')}
            className="hidden"
            onChange={choose}
          />
          {canAddReference(data) && (
            <button
              type="button"
              disabled={add.isPending}
              onClick={() => input.current?.click()}
              className={smallOutlineButtonClass}
            >
              <ImagePlus aria-hidden className="size-3.5" />{' '}
              {add.isPending ? t('faces.checking') : t('faces.add')}
            </button>
          )}
        </>
      )}
    </Card>
  );
}
