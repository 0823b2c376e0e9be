import type { Certification } from '@hub/proto';
import { useState } from 'react';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { smallButtonClass, textareaClass } from '../ui/styles';
import { useRevokeCertification } from './mutations';
import { useTranslation } from 'react-i18next';

/** Asks an administrator for the reason, then revokes. */
export function RevokeDialog({
  certification,
  onClose,
}: {
  certification: Certification | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const revoke = useRevokeCertification(close);
  const submit = () => {
    if (certification) revoke.mutate({ id: certification.id, reason });
  };
  return (
    <Dialog
      open={certification !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('certifications.revokeDialog.title')}
      description={
        certification ? `${certification.holderName} · ${certification.title}` : undefined
      }
      testId="revoke-dialog"
    >
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t('certifications.revokeDialog.reason')}</span>
        <textarea
          data-testid="revoke-reason"
          rows={3}
          className={textareaClass}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <DialogFooter className="mt-4">
        <button
          type="button"
          data-testid="revoke-confirm"
          className={smallButtonClass}
          disabled={revoke.isPending}
          onClick={submit}
        >
          {t('certifications.revokeDialog.submit')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
