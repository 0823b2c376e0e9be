import type { Integration } from '@hub/proto';
import { type FormEvent, useState } from 'react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Dialog } from '../ui/Dialog';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useIntegrationMutations } from './mutations';
import { useTranslation } from 'react-i18next';

/** The fields; each one's label is the catalog's `integrations.setup.<name>`. */
const FIELDS = [
  { name: 'baseUrl', type: 'url', placeholder: true },
  { name: 'clientId', type: 'text', placeholder: false },
  { name: 'clientSecret', type: 'password', placeholder: false },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];

/** Sets up the camera system, or replaces its credentials; the secret is never shown again. */
export function SetupDialog({
  open,
  onClose,
  current,
}: {
  open: boolean;
  onClose: () => void;
  current: Integration | undefined;
}) {
  const { t } = useTranslation();
  const empty = { baseUrl: current?.baseUrl ?? '', clientId: '', clientSecret: '' };
  const [values, setValues] = useState<Record<FieldName, string>>(empty);
  const { setUp } = useIntegrationMutations();
  const close = () => {
    setValues(empty);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUp.mutate(
      { integrationType: 'camera_cloud', ...values },
      {
        onSuccess: () => {
          toast({
            title: t('integrations.setup.saved'),
            description: t('integrations.setup.savedDescription'),
          });
          close();
        },
        onError: (error) =>
          toast(
            failureToast(
              t('integrations.setup.failedTitle'),
              error,
              t('integrations.setup.failed'),
            ),
          ),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={current ? t('integrations.setup.credentialsTitle') : t('integrations.setup.title')}
      description={t('integrations.setup.description')}
      testId="setup-dialog"
    >
      <form className="space-y-4" onSubmit={submit}>
        {FIELDS.map((field) => (
          <label key={field.name} className="block space-y-1 text-sm">
            <span className="font-medium">{t(`integrations.setup.${field.name}`)}</span>
            <input
              data-testid={`setup-${field.name}`}
              className={inputClass}
              type={field.type}
              required
              autoComplete="off"
              placeholder={
                field.placeholder ? t('integrations.setup.baseUrlPlaceholder') : undefined
              }
              value={values[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
          </label>
        ))}
        <div className="flex justify-end gap-2">
          <button type="button" className={smallOutlineButtonClass} onClick={close}>
            {t('integrations.cancel')}
          </button>
          <button
            type="submit"
            data-testid="setup-save"
            className={smallButtonClass}
            disabled={setUp.isPending}
          >
            {t('integrations.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
