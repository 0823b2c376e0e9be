import { type FloorPrivacy, MAX_PRESENCE_RETENTION_DAYS } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useForm } from '@tanstack/react-form';
import { readableErrorMessage } from '../api/errors';
import { submitForm } from '../forms/contractForm';
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

/** The retention typed, as a number of days, or null when it is not a whole 1..max. */
function retentionDays(typed: string): number | null {
  const days = Number(typed);
  return Number.isInteger(days) && days >= 1 && days <= MAX_PRESENCE_RETENTION_DAYS ? days : null;
}

function PrivacyForm({ saved }: { saved: FloorPrivacy }) {
  const { t } = useTranslation();
  const save = useSaveFloorPrivacy();
  const form = useForm({
    defaultValues: {
      keepSnapshots: saved.keepSnapshots,
      days: String(saved.presenceRetentionDays),
      learn: saved.learnFromConfirmed,
    },
    onSubmit: ({ value }) => {
      const presenceRetentionDays = retentionDays(value.days);
      if (presenceRetentionDays === null) return;
      save.mutate({
        keepSnapshots: value.keepSnapshots,
        presenceRetentionDays,
        learnFromConfirmed: value.learn,
      });
    },
  });
  return (
    <form onSubmit={submitForm(form)} className="space-y-4" noValidate>
      <div className="space-y-1">
        <form.Field name="keepSnapshots">
          {(field) => (
            <Checkbox
              id="keep-snapshots"
              label={t('floor.privacy.keepSnapshots')}
              checked={field.state.value}
              onChange={field.handleChange}
              disabled={save.isPending}
            />
          )}
        </form.Field>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('floor.privacy.keepSnapshotsHint')}
        </p>
      </div>
      <div className="space-y-1">
        <form.Field name="learn">
          {(field) => (
            <Checkbox
              id="learn-from-confirmed"
              label={t('floor.privacy.learn')}
              checked={field.state.value}
              onChange={field.handleChange}
              disabled={save.isPending}
            />
          )}
        </form.Field>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('floor.privacy.learnHint')}</p>
      </div>
      <form.Field name="days">
        {(field) => (
          <Field
            id="presence-retention"
            label={t('floor.privacy.retention')}
            error={
              retentionDays(field.state.value) === null
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
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              className={`${inputClass} max-w-32`}
              disabled={save.isPending}
            />
          </Field>
        )}
      </form.Field>
      <form.Subscribe selector={(state) => retentionDays(state.values.days) === null}>
        {(invalid) => (
          <button type="submit" className={smallButtonClass} disabled={invalid || save.isPending}>
            {t('floor.privacy.save')}
          </button>
        )}
      </form.Subscribe>
    </form>
  );
}
