import { useTranslation } from 'react-i18next';
import {
  DATE_FORMATS,
  LANGUAGE_LABELS,
  LANGUAGES,
  type SavedPreferences,
  THEME_PREFERENCES,
  type UserPreferences,
} from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { submitForm } from '../forms/contractForm';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { selectClass, smallButtonClass } from '../ui/styles';
import { browserLanguages, chooseLanguage } from '../i18n/language';
import { useSavePreferences } from './mutations';
import { TimeZoneSelect } from './TimeZoneSelect';

/** The select's value for "no language chosen" or "no date format chosen" (null on the server). */
const AUTOMATIC = '';

/** Language, time zone, date format and theme, stored on the server for every device. */
export function PreferencesCard({ saved }: { saved: SavedPreferences }) {
  const { t } = useTranslation();
  // What "Automatic" means for this person here: the organization's default, else this browser's.
  const automatic = chooseLanguage(null, browserLanguages(), saved.organizationLanguage);
  const save = useSavePreferences();
  // Every control is a choice among the contract's own values: nothing to check before sending.
  const defaultValues: UserPreferences = saved;
  const form = useForm({ defaultValues, onSubmit: ({ value }) => save.mutate(value) });

  return (
    <Card testId="settings-preferences">
      <CardTitle>{t('settings.preferences.title')}</CardTitle>
      <form onSubmit={submitForm(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <form.Field name="language">
          {(field) => (
            <Field
              id="pref-language"
              label={t('settings.preferences.language')}
              hint={t('settings.preferences.languageAutomaticHint')}
            >
              <select
                id="pref-language"
                className={selectClass}
                value={field.state.value ?? AUTOMATIC}
                onChange={(event) =>
                  field.handleChange(
                    LANGUAGES.find((language) => language === event.target.value) ?? null,
                  )
                }
              >
                <option value={AUTOMATIC}>
                  {t('settings.preferences.languageAutomatic', {
                    language: LANGUAGE_LABELS[automatic],
                  })}
                </option>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {LANGUAGE_LABELS[language]}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
        <form.Field name="timeZone">
          {(field) => (
            <Field id="pref-time-zone" label={t('settings.preferences.timeZone')}>
              <TimeZoneSelect
                id="pref-time-zone"
                value={field.state.value}
                noneLabel={t('settings.preferences.deviceTimeZone')}
                onChange={field.handleChange}
              />
            </Field>
          )}
        </form.Field>
        <form.Field name="dateFormat">
          {(field) => (
            <Field id="pref-date-format" label={t('settings.preferences.dateFormat')}>
              <select
                id="pref-date-format"
                className={selectClass}
                value={field.state.value ?? AUTOMATIC}
                onChange={(event) =>
                  field.handleChange(
                    DATE_FORMATS.find((format) => format === event.target.value) ?? null,
                  )
                }
              >
                <option value={AUTOMATIC}>{t('settings.preferences.dateFormatAutomatic')}</option>
                {DATE_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {format}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
        <form.Field name="theme">
          {(field) => (
            <Field id="pref-theme" label={t('settings.preferences.theme')}>
              <select
                id="pref-theme"
                className={selectClass}
                value={field.state.value}
                onChange={(event) =>
                  field.handleChange(
                    THEME_PREFERENCES.find((theme) => theme === event.target.value) ??
                      field.state.value,
                  )
                }
              >
                {THEME_PREFERENCES.map((theme) => (
                  <option key={theme} value={theme}>
                    {t(`theme.${theme}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
        <div className="sm:col-span-2">
          <button
            type="submit"
            data-testid="save-preferences"
            disabled={save.isPending}
            className={smallButtonClass}
          >
            {save.isPending ? t('common.saving') : t('settings.preferences.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
