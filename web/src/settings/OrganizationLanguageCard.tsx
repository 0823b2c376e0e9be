import { useTranslation } from 'react-i18next';
import { api, LANGUAGE_LABELS, LANGUAGES, type OrganizationSettings } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client';
import { failureToast, readableErrorMessage } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { Field } from '../ui/Field';
import { selectClass, smallButtonClass } from '../ui/styles';
import { organizationSettingsQuery, preferencesQuery } from './queries';

/** The select's value for "no default": each member follows their browser. */
const BROWSER = '';

/**
 * The organization's default language, for its administrators: members who chose no language
 * read the app, their mails and their certificates in it.
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
        <OrganizationLanguageForm
          key={String(settings.data.defaultLanguage)}
          saved={settings.data}
        />
      )}
    </Card>
  );
}

function OrganizationLanguageForm({ saved }: { saved: OrganizationSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved.defaultLanguage);
  const save = useMutation({
    mutationFn: (body: OrganizationSettings) => call(api.updateOrganizationSettings, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(organizationSettingsQuery.queryKey, answer);
      // The administrator's own page follows the new default when they chose no language.
      void queryClient.invalidateQueries({ queryKey: preferencesQuery.queryKey });
      toast({
        title: t('settings.organization.savedTitle'),
        description: t('settings.organization.savedDescription'),
      });
    },
    onError: (error) =>
      toast(
        failureToast(
          t('settings.organization.failedTitle'),
          error,
          t('settings.organization.failedDescription'),
        ),
      ),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ defaultLanguage: draft });
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:flex-1">
        <Field id="organization-language" label={t('settings.organization.language')}>
          <select
            id="organization-language"
            className={selectClass}
            value={draft ?? BROWSER}
            onChange={(event) =>
              setDraft(LANGUAGES.find((language) => language === event.target.value) ?? null)
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
