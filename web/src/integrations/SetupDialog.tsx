import type { Integration } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { failureToast } from '../api/errors';
import { submitForm } from '../forms/contractForm';
import { toast } from '../toast/toastStore';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useIntegrationMutations } from './mutations';
import { useTranslation } from 'react-i18next';

/** The fields; each one's label is the catalog's `integrations.setup.<name>`. */
const FIELDS = [
  { name: 'baseUrl', type: 'url', placeholder: true },
  { name: 'clientId', type: 'text', placeholder: false },
  { name: 'clientSecret', type: 'password', placeholder: false },
] as const;

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
  const { setUp } = useIntegrationMutations();
  // The browser asks for each field (`required`); the server checks the address.
  const form = useForm({
    defaultValues: { baseUrl: current?.baseUrl ?? '', clientId: '', clientSecret: '' },
    onSubmit: ({ value }) => save(value),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = (values: typeof form.state.values) =>
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
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={current ? t('integrations.setup.credentialsTitle') : t('integrations.setup.title')}
      description={t('integrations.setup.description')}
      testId="setup-dialog"
    >
      <form className="space-y-4" onSubmit={submitForm(form)}>
        {FIELDS.map((input) => (
          <form.Field key={input.name} name={input.name}>
            {(field) => (
              <label className="block space-y-1 text-sm">
                <span className="font-medium">{t(`integrations.setup.${input.name}`)}</span>
                <input
                  data-testid={`setup-${input.name}`}
                  className={inputClass}
                  type={input.type}
                  required
                  autoComplete="off"
                  placeholder={
                    input.placeholder ? t('integrations.setup.baseUrlPlaceholder') : undefined
                  }
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                />
              </label>
            )}
          </form.Field>
        ))}
        <DialogFooter>
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
        </DialogFooter>
      </form>
    </Dialog>
  );
}
