import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';
import { Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { smallDangerButtonClass } from '../ui/styles';

interface ListedToken {
  id: number;
  name: string;
}

/**
 * A token card's list (API or SCIM): loading, failure, none, or a row per token with what the
 * card says of it and a confirmed revoke. Test ids are `{kind}-token-row` and `-revoke`.
 */
export function TokenList<Token extends ListedToken>(props: {
  kind: 'api' | 'scim';
  tokens: UseQueryResult<{ tokens: Token[] }>;
  revoking: boolean;
  onRevoke: (id: number) => void;
  /** The lines under the token's name; `name` its first line. */
  describe: (token: Token) => { name: ReactNode; lines: string[] };
}) {
  const { t } = useTranslation();
  const { kind, tokens } = props;
  if (tokens.isPending) return <Skeleton className="mt-4 h-16" />;
  // A failed refetch keeps the tokens already shown, and their revoke buttons, under the error.
  const failure = tokens.isError && (
    <p role="alert" className="mt-4 text-sm text-red-600">
      {t(`tokens.${kind}.loadFailed`, { message: readableErrorMessage(tokens.error) })}
    </p>
  );
  if (!tokens.data) return failure;
  if (tokens.data.tokens.length === 0) {
    return (
      <>
        {failure}
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          {t(`tokens.${kind}.none`)}
        </p>
      </>
    );
  }
  return (
    <>
      {failure}
      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        {tokens.data.tokens.map((token) => {
          const { name, lines } = props.describe(token);
          return (
            <li
              key={token.id}
              data-testid={`${kind}-token-row`}
              className="flex flex-wrap items-center gap-3 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{name}</p>
                {lines.map((line) => (
                  <p key={line} className="text-xs text-slate-500 dark:text-slate-400">
                    {line}
                  </p>
                ))}
              </div>
              <ConfirmDialog
                trigger={
                  <button
                    type="button"
                    data-testid={`${kind}-token-revoke`}
                    disabled={props.revoking}
                    className={smallDangerButtonClass}
                  >
                    {t('tokens.revoke')}
                  </button>
                }
                title={t('tokens.revokeTitle', { name: token.name })}
                description={t(`tokens.${kind}.revokeDescription`)}
                confirmLabel={t('tokens.revoke')}
                onConfirm={() => props.onRevoke(token.id)}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
