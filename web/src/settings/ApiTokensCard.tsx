import { type ApiTokenView, type CreatableRole, type CreatedApiToken } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { submitForm } from '../forms/contractForm';
import { RoleSelect } from '../forms/RoleSelect';
import { Card, CardTitle } from '../ui/Card';
import { formatDate } from '../ui/dates';
import { inputClass, selectClass, smallButtonClass } from '../ui/styles';
import { useCreateApiToken, useRevokeApiToken } from './mutations';
import { apiTokensQuery } from './queries';
import { SecretShownOnce } from './SecretShownOnce';
import { TokenList } from './TokenList';
import { created, lastUsed } from './tokenText';

const EXPIRY_DAYS = [30, 90, 180, 365] as const;

interface Draft {
  name: string;
  role: CreatableRole;
  readOnly: boolean;
  expiresInDays: number;
}

const EMPTY: Draft = { name: '', role: 'manager', readOnly: true, expiresInDays: 90 };

/** The organization's API tokens for other systems: create (secret shown once), list, revoke. */
export function ApiTokensCard(props: { role: string }) {
  if (props.role !== 'admin') return null;
  return <ApiTokens />;
}

function ApiTokens() {
  const { t } = useTranslation();
  const tokens = useQuery(apiTokensQuery);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const create = useCreateApiToken((answer) => {
    setCreated(answer);
    form.reset();
  });
  // The server checks the request (and says why it refused); the button waits for a name.
  const form = useForm({
    defaultValues: EMPTY,
    onSubmit: ({ value }) => create.mutate(value),
  });
  const revoke = useRevokeApiToken();

  return (
    <Card testId="settings-api-tokens">
      <CardTitle>{t('tokens.api.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        <Trans i18nKey="tokens.api.intro" components={{ code: <code /> }} />
      </p>
      <form onSubmit={submitForm(form)} className="mt-4 grid gap-2 sm:grid-cols-2">
        <form.Field name="name">
          {(field) => (
            <label className="text-sm sm:col-span-2">
              {t('tokens.name')}
              <input
                data-testid="api-token-name"
                className={`${inputClass} mt-1`}
                placeholder={t('tokens.api.namePlaceholder')}
                maxLength={100}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
              />
            </label>
          )}
        </form.Field>
        <form.Field name="role">
          {(field) => (
            <label className="text-sm">
              {t('tokens.api.role')}
              <RoleSelect
                testId="api-token-role"
                className={`${selectClass} mt-1`}
                value={field.state.value}
                onChange={field.handleChange}
              />
            </label>
          )}
        </form.Field>
        <form.Field name="expiresInDays">
          {(field) => (
            <label className="text-sm">
              {t('tokens.api.expiresAfter')}
              <select
                data-testid="api-token-expiry"
                className={`${selectClass} mt-1`}
                value={field.state.value}
                onChange={(event) => field.handleChange(Number(event.target.value))}
              >
                {EXPIRY_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {t(`tokens.api.expiry.${days}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </form.Field>
        <form.Field name="readOnly">
          {(field) => (
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                data-testid="api-token-read-only"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
              {t('tokens.api.readOnly')}
            </label>
          )}
        </form.Field>
        <div className="sm:col-span-2">
          <form.Subscribe selector={(state) => state.values.name.trim() !== ''}>
            {(named) => (
              <button
                type="submit"
                data-testid="api-token-create"
                disabled={create.isPending || !named}
                className={smallButtonClass}
              >
                {t('tokens.create')}
              </button>
            )}
          </form.Subscribe>
        </div>
      </form>
      {created && (
        <SecretShownOnce
          testId="api-token-secret"
          valueTestId="api-token-value"
          title={t('tokens.api.secretOnce')}
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      <TokenList
        kind="api"
        tokens={tokens}
        revoking={revoke.isPending}
        onRevoke={(id) => revoke.mutate(id)}
        describe={(token) => describeApiToken(t, token)}
      />
    </Card>
  );
}

function describeApiToken(t: TFunction, token: ApiTokenView) {
  const role = t(`roles.${token.role}`);
  return {
    name: (
      <>
        {token.name} <code className="text-xs text-slate-500">{token.hint}</code>
      </>
    ),
    lines: [
      [
        token.readOnly ? t('tokens.api.roleReadOnly', { role }) : role,
        t('tokens.api.expires', { date: formatDate(token.expiresAt) }),
        lastUsed(t, token.lastUsedAt),
      ].join(' · '),
      created(t, token.createdAt, token.createdBy),
    ],
  };
}
