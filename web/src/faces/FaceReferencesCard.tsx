import { useQuery } from '@tanstack/react-query';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { smallOutlineButtonClass } from '../ui/styles';
import { checkSetupPhoto } from '../uploads/imageFile';
import { canAddReference, referenceCountText, referenceStatus } from './format';
import {
  faceReferencesQuery,
  referencePhotoUrl,
  type ReferenceOwner,
  useFaceReferenceMutations,
} from './queries';

const RULE =
  'Up to 5 more photos of the face besides the profile picture make identification in videos surer. Each must show one face, large and sharp; a photo that does not is refused and not kept.';

/** The reference photos of a person: on Your Profile (your own) or a member's page (administrators). */
export function FaceReferencesCard({ owner }: { owner: ReferenceOwner }) {
  const list = useQuery(faceReferencesQuery(owner));
  const { add, remove } = useFaceReferenceMutations(owner);
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkSetupPhoto(file);
    if (problem) {
      toast({ title: 'Invalid File', description: problem, variant: 'destructive' });
      return;
    }
    add.mutate(file);
  };

  const data = list.data;
  return (
    <Card testId="face-references" className="space-y-3">
      <CardTitle>Reference photos</CardTitle>
      <p className="text-xs text-slate-500 dark:text-slate-400">{RULE}</p>
      {list.isPending ? (
        <LoadingRow label="Loading reference photos..." />
      ) : !data ? (
        <p role="alert" className="text-sm text-red-600">
          The reference photos could not be loaded.
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
                      alt="Reference photo"
                      className="aspect-square w-full rounded object-cover"
                    />
                  )}
                  <div className="flex flex-wrap items-center justify-between gap-1">
                    <Badge tone={status.tone}>{status.label}</Badge>
                    <button
                      type="button"
                      aria-label="Delete reference photo"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(reference.id)}
                      className={smallOutlineButtonClass}
                    >
                      <Trash2 aria-hidden className="size-3.5" />
                    </button>
                  </div>
                  {reference.reason && (
                    <p className="text-xs text-red-600 dark:text-red-400">{reference.reason}</p>
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
            aria-label="Reference photo"
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
              {add.isPending ? 'Checking the photo...' : 'Add a reference photo'}
            </button>
          )}
        </>
      )}
    </Card>
  );
}
