import { api, type CreatedScimToken, type ScimTokenView } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDateTime } from '../ui/dates';
import { inputClass, smallButtonClass, smallDangerButtonClass } from '../ui/styles';
import { SecretShownOnce } from './SecretShownOnce';
import { scimTokensQuery } from './queries';

/** The organization's SCIM tokens for Okta or Entra ID: create (secret shown once), revoke. */
export function ScimTokensCard() {
  const queryClient = useQueryClient();
  const tokens = useQuery(scimTokensQuery);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: scimTokensQuery.queryKey });
  const create = useMutation({
    mutationFn: (tokenName: string) => call(api.createScimToken, { body: { name: tokenName } }),
    onSuccess: (answer) => {
      setCreated(answer);
      setName('');
    },
    onError: (error) =>
      toast(failureToast('Token Not Created', error, 'The SCIM token could not be created.')),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => call(api.revokeScimToken, { params: { id } }),
    onSuccess: ({ message }) => toast({ title: 'Token Revoked', description: message }),
    onError: (error) =>
      toast(failureToast('Revoke Failed', error, 'The SCIM token could not be revoked.')),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name);
  };

  return (
    <Card testId="settings-scim">
      <CardTitle>User provisioning (SCIM)</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Let your identity provider (Okta, Microsoft Entra ID) create, update and deactivate your
        organization&apos;s members and job functions.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="scim-token-name">
          Token name
        </label>
        <input
          id="scim-token-name"
          data-testid="scim-token-name"
          className={inputClass}
          placeholder="Token name, for example Okta"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button
          type="submit"
          data-testid="scim-token-create"
          disabled={create.isPending || !name.trim()}
          className={`${smallButtonClass} shrink-0`}
        >
          Create token
        </button>
      </form>
      {created && (
        <SecretShownOnce
          testId="scim-token-secret"
          valueTestId="scim-token-value"
          title="Copy this token now: it is shown only once. Paste it with the base URL into your identity provider."
          details={
            <>
              <p className="text-xs text-slate-600 dark:text-slate-300">Base URL</p>
              <code className="block break-all">{created.baseUrl}</code>
              <p className="text-xs text-slate-600 dark:text-slate-300">Token</p>
            </>
          }
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {tokens.isPending && <Skeleton className="mt-4 h-16" />}
      {tokens.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          The SCIM tokens could not be loaded: {tokens.error.message}
        </p>
      )}
      {tokens.data && tokens.data.tokens.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No SCIM tokens yet.</p>
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

function TokenRow(props: { token: ScimTokenView; busy: boolean; onRevoke: () => void }) {
  const { token } = props;
  return (
    <li data-testid="scim-token-row" className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{token.name}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Created {formatDateTime(token.createdAt)}
          {token.createdBy ? ` by ${token.createdBy}` : ''} · Last used{' '}
          {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never'}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <button
            type="button"
            data-testid="scim-token-revoke"
            disabled={props.busy}
            className={smallDangerButtonClass}
          >
            Revoke
          </button>
        }
        title={`Revoke "${token.name}"?`}
        description="Your identity provider is refused from its next request with this token."
        confirmLabel="Revoke"
        onConfirm={props.onRevoke}
      />
    </li>
  );
}
