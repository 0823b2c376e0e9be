import { type CreatedScimToken, type ScimTokenView } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../forms/contractForm';
import { Card, CardTitle } from '../ui/Card';
import { inputClass, smallButtonClass } from '../ui/styles';
import { useCreateScimToken, useRevokeScimToken } from './mutations';
import { SecretShownOnce } from './SecretShownOnce';
import { TokenList } from './TokenList';
import { scimTokensQuery } from './queries';
import { created, lastUsed } from './tokenText';

/** The organization's SCIM tokens for Okta or Entra ID: create (secret shown once), revoke. */
export function ScimTokensCard() {
  const { t } = useTranslation();
  const tokens = useQuery(scimTokensQuery);
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const create = useCreateScimToken((answer) => {
    setCreated(answer);
    form.reset();
  });
  // The server checks the name (and says why it refused); the button waits for one.
  const form = useForm({
    defaultValues: { name: '' },
    onSubmit: ({ value }) => create.mutate(value.name),
  });
  const revoke = useRevokeScimToken();

  return (
    <Card testId="settings-scim">
      <CardTitle>{t('tokens.scim.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('tokens.scim.intro')}</p>
      <form onSubmit={submitForm(form)} className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="scim-token-name">
          {t('tokens.scim.tokenName')}
        </label>
        <form.Field name="name">
          {(field) => (
            <>
              <input
                id="scim-token-name"
                data-testid="scim-token-name"
                className={inputClass}
                placeholder={t('tokens.scim.namePlaceholder')}
                maxLength={80}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
              />
              <button
                type="submit"
                data-testid="scim-token-create"
                disabled={create.isPending || !field.state.value.trim()}
                className={`${smallButtonClass} shrink-0`}
              >
                {t('tokens.create')}
              </button>
            </>
          )}
        </form.Field>
      </form>
      {created && (
        <SecretShownOnce
          testId="scim-token-secret"
          valueTestId="scim-token-value"
          title={t('tokens.scim.secretOnce')}
          details={
            <>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {t('tokens.scim.baseUrl')}
              </p>
              <code className="block break-all">{created.baseUrl}</code>
              <p className="text-xs text-slate-600 dark:text-slate-300">{t('tokens.scim.token')}</p>
            </>
          }
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      <TokenList
        kind="scim"
        tokens={tokens}
        revoking={revoke.isPending}
        onRevoke={(id) => revoke.mutate(id)}
        describe={(token) => describeScimToken(t, token)}
      />
    </Card>
  );
}

function describeScimToken(t: TFunction, token: ScimTokenView) {
  return {
    name: token.name,
    lines: [`${created(t, token.createdAt, token.createdBy)} · ${lastUsed(t, token.lastUsedAt)}`],
  };
}
