import clsx from 'clsx';
import { Star } from 'lucide-react';
import { filledStars } from './training';
import { useTranslation } from 'react-i18next';

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars showing an average (read-only). */
export function Stars({ rating }: { rating: number | null }) {
  const filled = filledStars(rating);
  return (
    <span aria-hidden className="inline-flex">
      {STARS.map((star) => (
        <Star
          key={star}
          className={clsx(
            'size-3.5',
            star <= filled ? 'fill-amber-400 text-amber-400' : 'text-slate-300 dark:text-slate-600',
          )}
        />
      ))}
    </span>
  );
}

/** Five buttons: the learner's own rating of a completed course. */
export function RateStars({
  value,
  disabled,
  onRate,
}: {
  value: number | null;
  disabled?: boolean;
  onRate: (rating: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('training.details.yourRating')}
      data-testid="rate-course"
      className="inline-flex"
    >
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          role="radio"
          aria-checked={value === star}
          aria-label={t('training.details.stars', { count: star })}
          disabled={disabled}
          onClick={() => onRate(star)}
          className="rounded p-0.5 hover:bg-amber-50 disabled:opacity-60 dark:hover:bg-slate-800"
        >
          <Star
            className={clsx(
              'size-5',
              value !== null && star <= value
                ? 'fill-amber-400 text-amber-400'
                : 'text-slate-300 dark:text-slate-600',
            )}
          />
        </button>
      ))}
    </div>
  );
}
