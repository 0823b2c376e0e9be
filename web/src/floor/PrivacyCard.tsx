import { type FloorPrivacy, MAX_PRESENCE_RETENTION_DAYS } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { readableErrorMessage } from '../api/errors';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass } from '../ui/styles';
import { useSaveFloorPrivacy } from './mutations';
import { floorLayoutQuery } from './queries';
import { useTranslation } from 'react-i18next';

/** What the organization keeps of what its cameras see (organization admins only). */
export function PrivacyCard() {
  const { t } = useTranslation();
  const layout = useQuery(floorLayoutQuery);
  return (
    <Card testId="floor-privacy" className="space-y-3">
      <CardTitle>{t('floor.privacy.title')}</CardTitle>
      {layout.isPending && <Skeleton className="h-24" />}
      {layout.isError && (
        <p role="alert" className="text-sm text-red-600">
          {t('floor.privacy.loadFailed', { message: readableErrorMessage(layout.error) })}
        </p>
      )}
      {layout.data && <PrivacyForm saved={layout.data} />}
    </Card>
  );
}

function PrivacyForm({ saved }: { saved: FloorPrivacy }) {
  const { t } = useTranslation();
  const [keepSnapshots, setKeepSnapshots] = useState(saved.keepSnapshots);
  const [days, setDays] = useState(String(saved.presenceRetentionDays));
  const [learn, setLearn] = useState(saved.learnFromConfirmed);
  const retention = Number(days);
  const invalid =
    !Number.isInteger(retention) || retention < 1 || retention > MAX_PRESENCE_RETENTION_DAYS;
  const save = useSaveFloorPrivacy();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) {
      save.mutate({ keepSnapshots, presenceRetentionDays: retention, learnFromConfirmed: learn });
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-1">
        <Checkbox
          id="keep-snapshots"
          label={t('floor.privacy.keepSnapshots')}
          checked={keepSnapshots}
          onChange={setKeepSnapshots}
          disabled={save.isPending}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('floor.privacy.keepSnapshotsHint')}
        </p>
      </div>
      <div className="space-y-1">
        <Checkbox
          id="learn-from-confirmed"
          label={t('floor.privacy.learn')}
          checked={learn}
          onChange={setLearn}
          disabled={save.isPending}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('floor.privacy.learnHint')}</p>
      </div>
      <Field
        id="presence-retention"
        label={t('floor.privacy.retention')}
        error={
          invalid
            ? t('floor.privacy.retentionInvalid', { max: MAX_PRESENCE_RETENTION_DAYS })
            : undefined
        }
        hint={t('floor.privacy.retentionHint')}
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
        {t('floor.privacy.save')}
      </button>
    </form>
  );
}
