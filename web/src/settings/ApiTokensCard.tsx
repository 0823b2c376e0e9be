import {
  api,
  type ApiTokenList,
  type ApiTokenView,
  CREATABLE_ROLES,
  type CreatableRole,
  type CreatedApiToken,
  roleLabel,
} from '@hub/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDate, formatDateTime } from '../ui/dates';
import { inputClass, selectClass, smallButtonClass, smallDangerButtonClass } from '../ui/styles';
import { SecretShownOnce } from './SecretShownOnce';

const apiTokensQuery = queryOptions({
  queryKey: [api.apiTokens.path],
  queryFn: ({ signal }): Promise<ApiTokenList> => call(api.apiTokens, { signal }),
});

const EXPIRIES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '6 months' },
  { days: 365, label: '1 year' },
];

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
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokensQuery);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey });
  const create = useMutation({
    mutationFn: (body: Draft) => call(api.createApiToken, { body }),
    onSuccess: (answer) => {
      setCreated(answer);
      setDraft(EMPTY);
    },
    onError: (error) =>
      toast(failureToast('Token Not Created', error, 'The API token could not be created.')),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => call(api.revokeApiToken, { params: { id } }),
    onSuccess: ({ message }) => toast({ title: 'Token Revoked', description: message }),
    onError: (error) =>
      toast(failureToast('Revoke Failed', error, 'The API token could not be revoked.')),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(draft);
  };

  return (
    <Card testId="settings-api-tokens">
      <CardTitle>API tokens</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Let your other systems (HR, LMS, BI) call the API with <code>Authorization: Bearer</code>,
        never beyond the role you choose.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-2 sm:grid-cols-2">
        <label className="text-sm sm:col-span-2">
          Name
          <input
            data-testid="api-token-name"
            className={`${inputClass} mt-1`}
            placeholder="For example: Nightly LMS sync"
            maxLength={100}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </label>
        <label className="text-sm">
          Acts with the role
          <select
            data-testid="api-token-role"
            className={`${selectClass} mt-1`}
            value={draft.role}
            onChange={(event) => setDraft({ ...draft, role: event.target.value as CreatableRole })}
          >
            {CREATABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Expires after
          <select
            data-testid="api-token-expiry"
            className={`${selectClass} mt-1`}
            value={draft.expiresInDays}
            onChange={(event) => setDraft({ ...draft, expiresInDays: Number(event.target.value) })}
          >
            {EXPIRIES.map((expiry) => (
              <option key={expiry.days} value={expiry.days}>
                {expiry.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            data-testid="api-token-read-only"
            checked={draft.readOnly}
            onChange={(event) => setDraft({ ...draft, readOnly: event.target.checked })}
          />
          Read only (the token may only read, never change anything)
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            data-testid="api-token-create"
            disabled={create.isPending || !draft.name.trim()}
            className={smallButtonClass}
          >
            Create token
          </button>
        </div>
      </form>
      {created && (
        <SecretShownOnce
          testId="api-token-secret"
          valueTestId="api-token-value"
          title="Copy this token now: it is shown only once."
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {tokens.isPending && <Skeleton className="mt-4 h-16" />}
      {tokens.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          The API tokens could not be loaded: {tokens.error.message}
        </p>
      )}
      {tokens.data && tokens.data.tokens.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No API tokens yet.</p>
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
  const { token } = props;
  return (
    <li data-testid="api-token-row" className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {token.name} <code className="text-xs text-slate-500">{token.hint}</code>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {roleLabel(token.role)}
          {token.readOnly ? ', read only' : ''} · Expires {formatDate(token.expiresAt)} · Last used{' '}
          {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never'}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Created {formatDateTime(token.createdAt)}
          {token.createdBy ? ` by ${token.createdBy}` : ''}
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
            Revoke
          </button>
        }
        title={`Revoke "${token.name}"?`}
        description="Every request with this token is refused from now on."
        confirmLabel="Revoke"
        onConfirm={props.onRevoke}
      />
    </li>
  );
}
