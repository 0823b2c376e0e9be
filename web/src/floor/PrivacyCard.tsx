import { api, type FloorPrivacy, MAX_PRESENCE_RETENTION_DAYS } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass } from '../ui/styles';
import { floorLayoutQuery } from './queries';

/** What the organization keeps of what its cameras see (organization admins only). */
export function PrivacyCard() {
  const layout = useQuery(floorLayoutQuery);
  return (
    <Card testId="floor-privacy" className="space-y-3">
      <CardTitle>Camera Privacy</CardTitle>
      {layout.isPending && <Skeleton className="h-24" />}
      {layout.isError && (
        <p role="alert" className="text-sm text-red-600">
          The privacy settings could not be loaded: {layout.error.message}
        </p>
      )}
      {layout.data && <PrivacyForm saved={layout.data} />}
    </Card>
  );
}

function PrivacyForm({ saved }: { saved: FloorPrivacy }) {
  const queryClient = useQueryClient();
  const [keepSnapshots, setKeepSnapshots] = useState(saved.keepSnapshots);
  const [days, setDays] = useState(String(saved.presenceRetentionDays));
  const [learn, setLearn] = useState(saved.learnFromConfirmed);
  const retention = Number(days);
  const invalid =
    !Number.isInteger(retention) || retention < 1 || retention > MAX_PRESENCE_RETENTION_DAYS;
  const save = useMutation({
    mutationFn: () =>
      call(api.updateFloorPrivacy, {
        body: { keepSnapshots, presenceRetentionDays: retention, learnFromConfirmed: learn },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: floorLayoutQuery.queryKey });
      toast({
        title: 'Privacy Settings Saved',
        description: 'The floor privacy settings apply now.',
      });
    },
    onError: (error) =>
      toast(failureToast('Save Failed', error, 'Failed to save the privacy settings.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-1">
        <Checkbox
          id="keep-snapshots"
          label="Keep camera snapshots after identification"
          checked={keepSnapshots}
          onChange={setKeepSnapshots}
          disabled={save.isPending}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Off: each snapshot is deleted as soon as the people in it are identified. Presence events
          never hold an image.
        </p>
      </div>
      <div className="space-y-1">
        <Checkbox
          id="learn-from-confirmed"
          label="Learn from confirmed identifications"
          checked={learn}
          onChange={setLearn}
          disabled={save.isPending}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          On: when a supervisor confirms who a face in a video is, that face becomes one more
          reference of the person (at most 5 such), deleted with the video or the person.
        </p>
      </div>
      <Field
        id="presence-retention"
        label="Keep presence events for (days)"
        error={
          invalid ? `Enter a whole number from 1 to ${MAX_PRESENCE_RETENTION_DAYS}.` : undefined
        }
        hint="Older presence events are deleted every hour."
      >
        <input
          id="presence-retention"
          type="number"
          min={1}
          max={MAX_PRESENCE_RETENTION_DAYS}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          className={`${inputClass} max-w-32`}
          disabled={save.isPending}
        />
      </Field>
      <button type="submit" className={smallButtonClass} disabled={invalid || save.isPending}>
        Save
      </button>
    </form>
  );
}
