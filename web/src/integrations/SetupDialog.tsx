import type { Integration } from '@hub/proto';
import { type FormEvent, useState } from 'react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Dialog } from '../ui/Dialog';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useIntegrationMutations } from './queries';

const FIELDS = [
  { name: 'baseUrl', label: 'API base URL', type: 'url', placeholder: 'https://api.example.com' },
  { name: 'clientId', label: 'Client ID', type: 'text', placeholder: '' },
  { name: 'clientSecret', label: 'Client secret', type: 'password', placeholder: '' },
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
          toast({ title: 'Integration Saved', description: 'Test the connection next.' });
          close();
        },
        onError: (error) =>
          toast(failureToast('Setup Failed', error, 'Failed to save the integration')),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={current ? 'Camera system credentials' : 'Setup Integration'}
      description="The secret is stored encrypted and never shown again."
      testId="setup-dialog"
    >
      <form className="space-y-4" onSubmit={submit}>
        {FIELDS.map((field) => (
          <label key={field.name} className="block space-y-1 text-sm">
            <span className="font-medium">{field.label}</span>
            <input
              data-testid={`setup-${field.name}`}
              className={inputClass}
              type={field.type}
              required
              autoComplete="off"
              placeholder={field.placeholder}
              value={values[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
          </label>
        ))}
        <div className="flex justify-end gap-2">
          <button type="button" className={smallOutlineButtonClass} onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            data-testid="setup-save"
            className={smallButtonClass}
            disabled={setUp.isPending}
          >
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
