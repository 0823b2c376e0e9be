import { useTranslation } from 'react-i18next';
import {
  DATE_FORMATS,
  LANGUAGE_LABELS,
  LANGUAGES,
  type SavedPreferences,
  THEME_PREFERENCES,
  type UserPreferences,
} from '@hub/proto';
import { useState, type FormEvent } from 'react';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { selectClass, smallButtonClass } from '../ui/styles';
import { browserLanguages, chooseLanguage } from '../i18n/language';
import { useSavePreferences } from './mutations';
import { timeZoneChoices } from './timeZones';

const DEVICE_ZONE = '';
/** The select's value for "no language chosen" (null on the server). */
const AUTOMATIC = '';

/** Language, time zone, date format and theme, stored on the server for every device. */
export function PreferencesCard({ saved }: { saved: SavedPreferences }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<UserPreferences>(saved);
  // What "Automatic" means for this person here: the organization's default, else this browser's.
  const automatic = chooseLanguage(null, browserLanguages(), saved.organizationLanguage);
  const save = useSavePreferences();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const set = <K extends keyof UserPreferences>(key: K, value: UserPreferences[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return (
    <Card testId="settings-preferences">
      <CardTitle>{t('settings.preferences.title')}</CardTitle>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          id="pref-language"
          label={t('settings.preferences.language')}
          hint={t('settings.preferences.languageAutomaticHint')}
        >
          <select
            id="pref-language"
            className={selectClass}
            value={draft.language ?? AUTOMATIC}
            onChange={(event) =>
              set('language', LANGUAGES.find((language) => language === event.target.value) ?? null)
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
        <Field id="pref-time-zone" label={t('settings.preferences.timeZone')}>
          <select
            id="pref-time-zone"
            className={selectClass}
            value={draft.timeZone ?? DEVICE_ZONE}
            onChange={(event) =>
              set('timeZone', event.target.value === DEVICE_ZONE ? null : event.target.value)
            }
          >
            <option value={DEVICE_ZONE}>{t('settings.preferences.deviceTimeZone')}</option>
            {timeZoneChoices(draft.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pref-date-format" label={t('settings.preferences.dateFormat')}>
          <select
            id="pref-date-format"
            className={selectClass}
            value={draft.dateFormat}
            onChange={(event) =>
              set(
                'dateFormat',
                DATE_FORMATS.find((format) => format === event.target.value) ?? draft.dateFormat,
              )
            }
          >
            {DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pref-theme" label={t('settings.preferences.theme')}>
          <select
            id="pref-theme"
            className={selectClass}
            value={draft.theme}
            onChange={(event) =>
              set(
                'theme',
                THEME_PREFERENCES.find((theme) => theme === event.target.value) ?? draft.theme,
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
