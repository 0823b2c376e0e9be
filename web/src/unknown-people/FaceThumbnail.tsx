import { UserRound } from 'lucide-react';

/** A face's crop, or a placeholder when none could be made. */
export function FaceThumbnail({ url, label }: { url: string | null; label: string }) {
  if (!url) {
    return (
      <span
        aria-label={label}
        role="img"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400 dark:bg-slate-800"
      >
        <UserRound aria-hidden className="h-8 w-8" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt={label}
      loading="lazy"
      width={64}
      height={64}
      data-testid="unknown-face-thumbnail"
      className="h-16 w-16 shrink-0 rounded-md object-cover"
    />
  );
}
