import { type Course } from '@hub/proto';
import { Dialog } from '../ui/Dialog';
import { CourseProgress, SopList } from './CourseCard';
import { useRateCourse } from './mutations';
import { RateStars } from './StarRating';
import { courseStatusBadge } from './training';
import { useTranslation } from 'react-i18next';

/** Continue / Review: the course's SOPs, how progress moves, and the rating once completed. */
export function CourseDetailsDialog({
  course,
  onClose,
}: {
  course: Course | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rate = useRateCourse();

  return (
    <Dialog
      open={course !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={course?.title ?? ''}
      description={course?.description || undefined}
      testId="course-details"
    >
      {course && (
        <div className="space-y-4">
          <CourseProgress
            label={courseStatusBadge(course.status).label}
            progress={course.progress}
          />
          <SopList course={course} />
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('training.details.howItCounts')}
          </p>
          {course.status === 'completed' && (
            <div className="space-y-1">
              <p className="text-sm font-medium">{t('training.details.rate')}</p>
              <RateStars
                value={course.myRating}
                disabled={rate.isPending}
                onRate={(rating) => rate.mutate({ id: course.id, rating })}
              />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
