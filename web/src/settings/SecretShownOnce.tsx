import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast/toastStore';
import { smallButtonClass } from '../ui/styles';

/**
 * A secret the server answers once (an API token, a SCIM token, a webhook's signing secret):
 * shown with Copy and Done, never again once Done is pressed. `details` go between the title and
 * the secret (the SCIM base URL).
 */
export function SecretShownOnce(props: {
  testId: string;
  valueTestId: string;
  title: string;
  secret: string;
  details?: ReactNode;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(props.secret).then(
      () =>
        toast({
          title: t('settings.secret.copiedTitle'),
          description: t('settings.secret.copiedDescription'),
        }),
      () =>
        toast({
          title: t('settings.secret.notCopiedTitle'),
          description: t('settings.secret.notCopiedDescription'),
        }),
    );
  return (
    <div
      data-testid={props.testId}
      className="mt-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <p className="font-medium">{props.title}</p>
      {props.details}
      <code data-testid={props.valueTestId} className="block break-all">
        {props.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButtonClass} onClick={() => void copy()}>
          {t('settings.secret.copy')}
        </button>
        <button type="button" className={smallButtonClass} onClick={props.onDone}>
          {t('settings.secret.done')}
        </button>
      </div>
    </div>
  );
}
