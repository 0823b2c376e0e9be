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
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = checkSetupPhoto(file);
    if (problem) {
      toast({ title: 'Invalid File', description: problem, variant: 'destructive' });
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
            alt="Your profile photo"
            data-testid="photo-preview"
            className="size-full object-cover"
          />
        ) : (
          <Camera aria-hidden className="size-8 text-slate-400" />
        )}
      </div>
      <label className="cursor-pointer text-sm font-medium text-blue-600 hover:underline dark:text-blue-400">
        {photo ? 'Choose another photo' : 'Upload profile photo'}
        <input
          type="file"
          accept="image/jpeg,image/png"
          data-testid="setup-photo-input"
          aria-label="Profile photo"
          disabled={disabled}
          onChange={choose}
          className="sr-only"
        />
      </label>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        Required. A clear, front-facing photo of your face (JPEG or PNG, up to 5MB); it is used to
        recognise you in performance videos.
      </p>
    </div>
  );
}
