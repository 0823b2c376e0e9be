import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGES, OrganizationSettings } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { readableErrorMessage } from '../api/errors';
import { firstError, submitForm } from '../forms/contractForm';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { Field } from '../ui/Field';
import { selectClass, smallButtonClass } from '../ui/styles';
import { useSaveOrganizationSettings } from './mutations';
import { organizationSettingsQuery } from './queries';
import { TimeZoneSelect } from './TimeZoneSelect';

/** The select's value for "no default": each member follows their browser. */
const BROWSER = '';

/**
 * The organization's default language and time zone, for its administrators: members who chose
 * no language read the app, their mails and their certificates in its language; the server dates
 * mails, notices and certificates in its zone for members whose own zone it does not know
 * (someone invited).
 */
export function OrganizationLanguageCard() {
  const { t } = useTranslation();
  const settings = useQuery(organizationSettingsQuery);
  return (
    <Card testId="settings-organization">
      <CardTitle>{t('settings.organization.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {t('settings.organization.description')}
      </p>
      {settings.isPending && <Skeleton className="mt-4 h-10" />}
      {settings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('settings.organization.loadFailed', { message: readableErrorMessage(settings.error) })}
        </p>
      )}
      {settings.data && (
        <OrganizationSettingsForm
          key={`${settings.data.defaultLanguage} ${settings.data.defaultTimeZone}`}
          saved={settings.data}
        />
      )}
    </Card>
  );
}

function OrganizationSettingsForm({ saved }: { saved: OrganizationSettings }) {
  const { t } = useTranslation();
  const save = useSaveOrganizationSettings();
  const form = useForm({
    defaultValues: saved,
    validators: { onSubmit: OrganizationSettings },
    onSubmit: ({ value }) => save.mutate(value),
  });
  return (
    <form onSubmit={submitForm(form)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:flex-1">
        <form.Field name="defaultLanguage">
          {(field) => (
            <Field
              id="organization-language"
              label={t('settings.organization.language')}
              error={firstError(field.state.meta.errors)}
            >
              <select
                id="organization-language"
                className={selectClass}
                value={field.state.value ?? BROWSER}
                onChange={(event) =>
                  field.handleChange(
                    LANGUAGES.find((language) => language === event.target.value) ?? null,
                  )
                }
              >
                <option value={BROWSER}>{t('settings.organization.browserLanguage')}</option>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {LANGUAGE_LABELS[language]}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
      </div>
      <div className="sm:flex-1">
        <form.Field name="defaultTimeZone">
          {(field) => (
            <Field
              id="organization-time-zone"
              label={t('settings.organization.timeZone')}
              error={firstError(field.state.meta.errors)}
            >
              <TimeZoneSelect
                id="organization-time-zone"
                value={field.state.value}
                noneLabel={t('settings.organization.noTimeZone')}
                onChange={field.handleChange}
              />
            </Field>
          )}
        </form.Field>
      </div>
      <button
        type="submit"
        data-testid="save-organization-settings"
        disabled={save.isPending}
        className={smallButtonClass}
      >
        {save.isPending ? t('common.saving') : t('settings.organization.save')}
      </button>
    </form>
  );
}
