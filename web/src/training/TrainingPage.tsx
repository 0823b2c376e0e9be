import { api, type Course } from '@hub/proto';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  Award,
  BookOpen,
  CheckCircle2,
  Circle,
  Clock,
  GraduationCap,
  Pencil,
  Plus,
  Search,
  Trash2,
  TrendingUp,
  Users,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { currentUserQuery } from '../api/queries';
import { isTrainingEditor } from '../observations/format';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import {
  inputClass,
  selectClass,
  smallButtonClass,
  smallDangerButtonClass,
  smallOutlineButtonClass,
} from '../ui/styles';
import { CourseEditorDialog } from './CourseEditorDialog';
import { coursesQuery, refreshCourses, storeCourse } from './queries';
import { RateStars, Stars } from './StarRating';
import {
  ALL_CATEGORIES,
  clampPercent,
  courseButtonLabel,
  courseCategories,
  courseStatusBadge,
  difficultyTone,
  filterCourses,
  myLearning,
  ratingText,
  sopProgressText,
  trainingStats,
} from './training';

const tabClass =
  'rounded px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-slate-50';

/** /training: courses with the learner's progress; training editors manage the courses. */
export function TrainingPage() {
  const role = useQuery(currentUserQuery).data?.role;
  const editor = isTrainingEditor(role);
  const courses = useInfiniteQuery(coursesQuery);
  // The badges and the progress tab count every course: later pages follow the first at once.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = courses;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const list = courses.data?.pages.flatMap((page) => page.courses) ?? [];
  const stats = trainingStats(list);
  const detailed = list.find((course) => course.id === details) ?? null;

  return (
    <div data-testid="training-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Training Center</h1>
          <p className="text-slate-500 dark:text-slate-400">
            Develop your skills with our comprehensive training programs
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="green" testId="completed-count">
            {stats.completed} Completed
          </Badge>
          <Badge tone="blue" testId="in-progress-count">
            {stats.inProgress} In Progress
          </Badge>
          {editor && (
            <button
              type="button"
              data-testid="new-course"
              onClick={() => setEditing('new')}
              className={smallButtonClass}
            >
              <Plus className="size-4" /> New Course
            </button>
          )}
        </div>
      </header>

      {courses.isPending ? (
        <div role="status" className="flex flex-col items-center gap-3 py-16">
          <Spinner />
          <p>Loading courses...</p>
        </div>
      ) : courses.isError ? (
        <p role="alert" className="py-16 text-center text-red-600">
          Failed to load courses
        </p>
      ) : (
        <Tabs.Root defaultValue="all" className="space-y-4">
          <Tabs.List
            aria-label="Training sections"
            className="inline-flex gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800"
          >
            <Tabs.Trigger value="all" data-testid="training-tab-all" className={tabClass}>
              All Courses
            </Tabs.Trigger>
            <Tabs.Trigger value="mine" data-testid="training-tab-mine" className={tabClass}>
              My Learning
            </Tabs.Trigger>
            <Tabs.Trigger value="progress" data-testid="training-tab-progress" className={tabClass}>
              Progress Tracking
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="all" className="outline-none">
            <AllCourses
              courses={list}
              editor={editor}
              onEdit={setEditing}
              onOpen={(course) => setDetails(course.id)}
            />
          </Tabs.Content>
          <Tabs.Content value="mine" className="outline-none">
            <CourseGrid
              courses={myLearning(list)}
              empty="You have not started any course yet"
              editor={editor}
              onEdit={setEditing}
              onOpen={(course) => setDetails(course.id)}
            />
          </Tabs.Content>
          <Tabs.Content value="progress" className="outline-none">
            <ProgressTracking courses={list} />
          </Tabs.Content>
        </Tabs.Root>
      )}

      <CourseEditorDialog editing={editing} onClose={() => setEditing(null)} />
      <CourseDetailsDialog course={detailed} onClose={() => setDetails(null)} />
    </div>
  );
}

interface CourseActions {
  editor: boolean;
  onEdit: (course: Course) => void;
  onOpen: (course: Course) => void;
}

function AllCourses({ courses, ...actions }: { courses: Course[] } & CourseActions) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const categories = courseCategories(courses);
  const shown = filterCourses(courses, search, category);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-[200px] flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Search courses"
            placeholder="Search courses..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
        <select
          aria-label="Category"
          data-testid="course-category-filter"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className={`${selectClass} w-56`}
        >
          <option value={ALL_CATEGORIES}>All Categories</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <CourseGrid courses={shown} empty="No courses available" {...actions} />
    </div>
  );
}

function CourseGrid({
  courses,
  empty,
  ...actions
}: { courses: Course[]; empty: string } & CourseActions) {
  if (courses.length === 0) {
    return (
      <div
        data-testid="courses-empty"
        className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
      >
        <BookOpen aria-hidden className="mx-auto mb-3 size-10 text-slate-400" />
        <p className="font-medium">{empty}</p>
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
  const queryClient = useQueryClient();
  const status = courseStatusBadge(course.status);
  const progress = clampPercent(course.progress);

  const enroll = useMutation({
    mutationFn: () => call(api.enroll, { params: { id: course.id } }),
    onSuccess: (enrolled) => {
      storeCourse(queryClient, enrolled);
      toast({ title: 'Course started', description: enrolled.title });
      onOpen(enrolled);
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to start course')),
  });

  const remove = useMutation({
    mutationFn: () => call(api.deleteCourse, { params: { id: course.id } }),
    onSuccess: async () => {
      toast({ title: 'Course deleted', description: course.title });
      await refreshCourses(queryClient);
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to delete course')),
  });

  return (
    <article
      data-testid="course-card"
      data-course-title={course.title}
      data-status={course.status}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold" data-testid="course-title">
          {course.title}
        </h3>
        <Badge tone={status.tone} testId="course-status">
          {status.label}
        </Badge>
      </div>
      <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300">
        {course.description || 'No description'}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <Badge>{course.category}</Badge>
        <Badge tone={difficultyTone(course.difficulty)}>{course.difficulty}</Badge>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-3.5" /> {course.duration}
        </span>
        <span className="inline-flex items-center gap-1" data-testid="course-enrolled">
          <Users aria-hidden className="size-3.5" /> {course.enrolled} enrolled
        </span>
      </div>
      <div className="flex items-center gap-2 text-xs text-slate-500" data-testid="course-rating">
        <Stars rating={course.rating} />
        {ratingText(course.rating, course.ratingCount)}
      </div>
      <div className="space-y-1">
        <div className="flex justify-between text-xs">
          <span>Progress</span>
          <span data-testid="course-progress">{progress}%</span>
        </div>
        <ProgressBar percent={progress} />
      </div>
      <SopList course={course} />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        <button
          type="button"
          data-testid="course-action"
          disabled={enroll.isPending}
          onClick={() => (course.status === 'not_started' ? enroll.mutate() : onOpen(course))}
          className={smallButtonClass}
        >
          {courseButtonLabel(course.status)}
        </button>
        {editor && (
          <>
            <button
              type="button"
              aria-label={`Edit ${course.title}`}
              onClick={() => onEdit(course)}
              className={smallOutlineButtonClass}
            >
              <Pencil className="size-3.5" /> Edit
            </button>
            <ConfirmDialog
              title="Delete course?"
              description={`"${course.title}" and every enrolment in it will be removed.`}
              confirmLabel="Delete"
              onConfirm={() => remove.mutate()}
              trigger={
                <button
                  type="button"
                  aria-label={`Delete ${course.title}`}
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

function SopList({ course }: { course: Course }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-slate-500">{sopProgressText(course.sops)}</p>
      <ol className="space-y-1 text-sm">
        {course.sops.map((sop) => (
          <li
            key={sop.documentId}
            data-testid="course-sop-item"
            data-passed={sop.passed}
            className="flex items-center gap-2"
          >
            {sop.passed ? (
              <CheckCircle2 aria-label="Passed" className="size-4 shrink-0 text-green-600" />
            ) : (
              <Circle aria-label="Not passed yet" className="size-4 shrink-0 text-slate-300" />
            )}
            <span className={clsx(sop.passed && 'text-slate-500')}>{sop.title}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function ProgressBar({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className="h-full bg-blue-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Continue / Review: the course's SOPs, how progress moves, and the rating once completed. */
function CourseDetailsDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const rate = useMutation({
    mutationFn: ({ id, rating }: { id: number; rating: number }) =>
      call(api.rateCourse, { params: { id }, body: { rating } }),
    onSuccess: (rated) => {
      storeCourse(queryClient, rated);
      toast({ title: 'Thank you for your rating' });
    },
    onError: (error) => toast(failureToast('Error', error, 'Failed to rate course')),
  });

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
          <div className="space-y-1">
            <div className="flex justify-between text-sm">
              <span>{courseStatusBadge(course.status).label}</span>
              <span>{clampPercent(course.progress)}%</span>
            </div>
            <ProgressBar percent={clampPercent(course.progress)} />
          </div>
          <SopList course={course} />
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Each SOP counts once you pass its evaluation in an observation with your supervisor.
          </p>
          {course.status === 'completed' && (
            <div className="space-y-1">
              <p className="text-sm font-medium">Rate this course</p>
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

function ProgressTracking({ courses }: { courses: Course[] }) {
  const stats = trainingStats(courses);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <Stat
          testId="overall-progress"
          icon={<TrendingUp className="size-5 text-blue-600" />}
          label="Overall Progress"
          value={`${stats.overallPercent}%`}
        >
          <ProgressBar percent={stats.overallPercent} />
        </Stat>
        <Stat
          testId="courses-completed"
          icon={<GraduationCap className="size-5 text-green-600" />}
          label="Courses Completed"
          value={`${stats.completed} of ${stats.total}`}
        />
        <Stat
          testId="certificates-earned"
          icon={<Award className="size-5 text-amber-500" />}
          label="Certificates Earned"
          value={String(stats.certificates)}
        />
      </div>
      <Card className="space-y-3">
        <h2 className="font-semibold">Course progress</h2>
        {courses.length === 0 ? (
          <p className="text-sm text-slate-500">No courses available</p>
        ) : (
          courses.map((course) => (
            <div key={course.id} className="space-y-1">
              <div className="flex justify-between text-sm">
                <span>{course.title}</span>
                <span>{clampPercent(course.progress)}%</span>
              </div>
              <ProgressBar percent={clampPercent(course.progress)} />
            </div>
          ))
        )}
      </Card>
    </div>
  );
}

function Stat({
  testId,
  icon,
  label,
  value,
  children,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Card testId={testId} className="space-y-2">
      <div className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        {icon}
        {label}
      </div>
      <p className="text-2xl font-bold" data-testid={`${testId}-value`}>
        {value}
      </p>
      {children}
    </Card>
  );
}
