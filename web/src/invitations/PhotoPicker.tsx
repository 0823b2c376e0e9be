import { useTranslation } from 'react-i18next';
import { Camera } from 'lucide-react';
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { toast } from '../toast/toastStore';
import { checkSetupPhoto } from '../uploads/imageFile';

interface PhotoPickerProps {
  photo: File | null;
  onChange: (photo: File | null) => void;
  disabled: boolean;
}

/** The required invitation photo (JPEG or PNG, at most 5MB) with a preview. */
export function PhotoPicker({ photo, onChange, disabled }: PhotoPickerProps) {
  const { t } = useTranslation();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = checkSetupPhoto(file);
    if (problem) {
      toast({ title: t('invitation.invalidFile'), description: problem, variant: 'destructive' });
      return;
    }
    onChange(file);
  };

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex size-28 items-center justify-center overflow-hidden rounded-full border-2 border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900">
        {preview ? (
          <img
            src={preview}
            alt={t('invitation.photoAlt')}
            data-testid="photo-preview"
            className="size-full object-cover"
          />
        ) : (
          <Camera aria-hidden className="size-8 text-slate-400" />
        )}
      </div>
      <label className="cursor-pointer text-sm font-medium text-blue-600 hover:underline dark:text-blue-400">
        {photo ? t('invitation.chooseAnotherPhoto') : t('invitation.choosePhoto')}
        <input
          type="file"
          accept="image/jpeg,image/png"
          data-testid="setup-photo-input"
          aria-label={t('invitation.photoLabel')}
          disabled={disabled}
          onChange={choose}
          className="sr-only"
        />
      </label>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        {t('invitation.photoHint')}
      </p>
    </div>
  );
}
