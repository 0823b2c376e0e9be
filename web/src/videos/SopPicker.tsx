import type { LibraryDocument } from '@hub/proto';
import { LoaderCircle } from 'lucide-react';
import { Checkbox } from '../ui/Checkbox';
import { useTranslation } from 'react-i18next';

interface SopPickerProps {
  idPrefix: string;
  /** The group's accessible name. */
  label: string;
  sops: readonly LibraryDocument[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  disabled?: boolean;
}

/** A checkbox per processed SOP: several may be chosen. */
export function SopPicker({
  idPrefix,
  label,
  sops,
  loading,
  failed,
  selected,
  onChange,
  disabled = false,
}: SopPickerProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <LoaderCircle aria-hidden className="size-4 animate-spin text-blue-600" />{' '}
        {t('videos.sops.loading')}
      </p>
    );
  }
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {t('videos.sops.loadFailed')}
      </p>
    );
  }
  if (!sops || sops.length === 0) {
    return (
      <p data-testid={`${idPrefix}-none`} className="text-sm text-slate-500 dark:text-slate-400">
        {t('videos.sops.noneProcessed')}
      </p>
    );
  }
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...new Set([...selected, id])] : selected.filter((item) => item !== id));
  return (
    <div
      data-testid={`${idPrefix}-list`}
      role="group"
      aria-label={label}
      className="max-h-48 space-y-2 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      {sops.map((sop) => (
        <Checkbox
          key={sop.id}
          id={`${idPrefix}-${sop.id}`}
          label={sop.title}
          checked={selected.includes(sop.id)}
          disabled={disabled}
          onChange={(on) => toggle(sop.id, on)}
        />
      ))}
    </div>
  );
}
