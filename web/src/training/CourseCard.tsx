import { type Course } from '@hub/proto';
import clsx from 'clsx';
import {
  BookOpen,
  CalendarDays,
  CheckCircle2,
  Circle,
  Clock,
  Pencil,
  Trash2,
  Users,
} from 'lucide-react';
import { Badge } from '../ui/Badge';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useFormat } from '../i18n/format';
import { emptyListText } from '../ui/emptyList';
import { smallButtonClass, smallDangerButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useDeleteCourse, useEnroll } from './mutations';
import { Stars } from './StarRating';
import {
  clampPercent,
  courseButton,
  courseDueText,
  courseStatusBadge,
  difficultyTone,
  ratingText,
  sopProgressText,
} from './training';
import { useTranslation } from 'react-i18next';

export interface CourseActions {
  editor: boolean;
  onEdit: (course: Course) => void;
  onOpen: (course: Course) => void;
}

export function CourseGrid({
  courses,
  empty,
  narrowed,
  ...actions
}: {
  courses: Course[];
  empty: string;
  /** The search and filters hiding courses, and how to clear them. */
  narrowed?: { search: string; filters: number; onClear: () => void };
} & CourseActions) {
  if (courses.length === 0) {
    const text = emptyListText({
      noun: 'courses',
      search: narrowed?.search ?? '',
      filters: narrowed?.filters ?? 0,
      title: empty,
      hint: '',
    });
    return (
      <div
        data-testid="courses-empty"
        className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
      >
        <BookOpen aria-hidden className="mx-auto mb-3 size-10 text-slate-400" />
        <p className="font-medium">{text.title}</p>
        {text.clearLabel && narrowed && (
          <>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{text.hint}</p>
            <button
              type="button"
              data-testid="courses-empty-clear"
              onClick={narrowed.onClear}
              className={`${smallOutlineButtonClass} mt-4`}
            >
              {text.clearLabel}
            </button>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} {...actions} />
      ))}
    </div>
  );
}

function CourseCard({ course, editor, onEdit, onOpen }: { course: Course } & CourseActions) {
  const { t } = useTranslation();
  const status = courseStatusBadge(course.status);
  const due = courseDueText(course, new Date());
  const button = courseButton(course);

  const enroll = useEnroll(course, onOpen);

  const remove = useDeleteCourse(course);

  return (
    <article
      data-testid="course-card"
      data-course-title={course.title}
      data-status={course.status}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words" data-testid="course-title">
          {course.title}
        </h3>
        {/* A status on one line: the title wraps beside it instead. */}
        <Badge tone={status.tone} testId="course-status" className="shrink-0 whitespace-nowrap">
          {status.label}
        </Badge>
      </div>
      <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300">
        {course.description || t('training.card.noDescription')}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <Badge>{course.category}</Badge>
        <Badge tone={difficultyTone(course.difficulty)}>
          {t(`training.difficulty.${course.difficulty}`)}
        </Badge>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-3.5" /> {course.duration}
        </span>
        <span className="inline-flex items-center gap-1" data-testid="course-enrolled">
          <Users aria-hidden className="size-3.5" />{' '}
          {t('training.card.enrolled', { count: course.enrolled })}
        </span>
        {due && (
          <span
            data-testid="course-due"
            className={clsx(
              'inline-flex items-center gap-1',
              due.overdue && 'font-medium text-red-600 dark:text-red-400',
            )}
          >
            <CalendarDays aria-hidden className="size-3.5" /> {due.text}
          </span>
        )}
      </div>
      <div className="flex items-center gap-2 text-xs text-slate-500" data-testid="course-rating">
        <Stars rating={course.rating} />
        {ratingText(course.rating, course.ratingCount)}
      </div>
      <CourseProgress
        label={t('training.card.progress')}
        progress={course.progress}
        barLabel={t('training.card.progressOf', { title: course.title })}
        className="text-xs"
        testId="course-progress"
      />
      <SopList course={course} />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        <button
          type="button"
          data-testid="course-action"
          disabled={enroll.isPending}
          onClick={() => (button.enrols ? enroll.mutate() : onOpen(course))}
          className={smallButtonClass}
        >
          {button.label}
        </button>
        {editor && (
          <>
            <button
              type="button"
              aria-label={t('training.card.editLabel', { title: course.title })}
              onClick={() => onEdit(course)}
              className={smallOutlineButtonClass}
            >
              <Pencil className="size-3.5" /> {t('training.card.edit')}
            </button>
            <ConfirmDialog
              title={t('training.card.deleteTitle')}
              description={t('training.card.deleteDescription', { title: course.title })}
              confirmLabel={t('training.card.delete')}
              onConfirm={() => remove.mutate()}
              trigger={
                <button
                  type="button"
                  aria-label={t('training.card.deleteLabel', { title: course.title })}
                  disabled={remove.isPending}
                  className={smallDangerButtonClass}
                >
                  <Trash2 className="size-3.5" />
                </button>
              }
            />
          </>
        )}
      </div>
    </article>
  );
}

export function SopList({ course }: { course: Course }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <p data-testid="course-sop-progress" className="text-xs font-medium text-slate-500">
        {sopProgressText(course)}
      </p>
      <ol className="space-y-1 text-sm">
        {course.sops.map((sop) => (
          <li
            key={sop.documentId}
            data-testid="course-sop-item"
            data-passed={sop.passed}
            className="flex items-center gap-2"
          >
            {sop.passed ? (
              <CheckCircle2
                aria-label={t('training.card.passed')}
                className="size-4 shrink-0 text-green-600"
              />
            ) : (
              <Circle
                aria-label={t('training.card.notPassed')}
                className="size-4 shrink-0 text-slate-300"
              />
            )}
            <span className={clsx(sop.passed && 'text-slate-500')}>{sop.title}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A course's progress as its card, the progress tab and its details show it: a label, the
 * percent in the reader's number format ('50%', '50 %'), the bar.
 */
export function CourseProgress({
  label,
  progress,
  barLabel,
  className = 'text-sm',
  testId,
}: {
  label: string;
  progress: number;
  barLabel?: string;
  /** The line's text size. */
  className?: string;
  testId?: string;
}) {
  const { formatPercent } = useFormat();
  const percent = clampPercent(progress);
  return (
    <div className="space-y-1">
      <div className={clsx('flex justify-between gap-2', className)}>
        <span>{label}</span>
        <span data-testid={testId}>{formatPercent(percent)}</span>
      </div>
      <ProgressBar percent={percent} label={barLabel} />
    </div>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={label ?? t('training.card.courseProgress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className="h-full bg-blue-600" style={{ width: `${percent}%` }} />
    </div>
  );
}
