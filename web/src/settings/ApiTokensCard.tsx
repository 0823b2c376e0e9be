import {
  type ApiTokenView,
  CREATABLE_ROLES,
  type CreatableRole,
  type CreatedApiToken,
} from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';
import { submitForm } from '../forms/contractForm';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDate } from '../ui/dates';
import { inputClass, selectClass, smallButtonClass, smallDangerButtonClass } from '../ui/styles';
import { useCreateApiToken, useRevokeApiToken } from './mutations';
import { apiTokensQuery } from './queries';
import { SecretShownOnce } from './SecretShownOnce';
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
              <select
                data-testid="api-token-role"
                className={`${selectClass} mt-1`}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value as CreatableRole)}
              >
                {CREATABLE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
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
      {tokens.isPending && <Skeleton className="mt-4 h-16" />}
      {tokens.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('tokens.api.loadFailed', { message: readableErrorMessage(tokens.error) })}
        </p>
      )}
      {tokens.data && tokens.data.tokens.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('tokens.api.none')}</p>
      )}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {tokens.data.tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              busy={revoke.isPending}
              onRevoke={() => revoke.mutate(token.id)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function TokenRow(props: { token: ApiTokenView; busy: boolean; onRevoke: () => void }) {
  const { t } = useTranslation();
  const { token } = props;
  const role = t(`roles.${token.role}`);
  return (
    <li data-testid="api-token-row" className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {token.name} <code className="text-xs text-slate-500">{token.hint}</code>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {[
            token.readOnly ? t('tokens.api.roleReadOnly', { role }) : role,
            t('tokens.api.expires', { date: formatDate(token.expiresAt) }),
            lastUsed(t, token.lastUsedAt),
          ].join(' · ')}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {created(t, token.createdAt, token.createdBy)}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <button
            type="button"
            data-testid="api-token-revoke"
            disabled={props.busy}
            className={smallDangerButtonClass}
          >
            {t('tokens.revoke')}
          </button>
        }
        title={t('tokens.revokeTitle', { name: token.name })}
        description={t('tokens.api.revokeDescription')}
        confirmLabel={t('tokens.revoke')}
        onConfirm={props.onRevoke}
      />
    </li>
  );
}
