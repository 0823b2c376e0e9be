import type { Course } from '@hub/proto';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { isTrainingEditor } from '../observations/format';
import { Badge } from '../ui/Badge';
import { Spinner } from '../ui/Spinner';
import { inputClass, selectClass, smallButtonClass } from '../ui/styles';
import { CourseGrid, type CourseActions } from './CourseCard';
import { CourseDetailsDialog } from './CourseDetailsDialog';
import { CourseEditorDialog } from './CourseEditorDialog';
import { MySopsCard } from '../my-sops/MySopsCard';
import { seesEveryone } from '../skills/format';
import { MySkillsCard } from '../skills/MySkillsCard';
import { ProgressTracking } from './ProgressTracking';
import { coursesQuery } from './queries';
import {
  ALL_CATEGORIES,
  courseCategories,
  filterCourses,
  myLearning,
  trainingStats,
} from './training';
import { useTranslation } from 'react-i18next';

const tabClass =
  'rounded px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-slate-50';

/** /training: courses with the learner's progress; training editors manage the courses. */
export function TrainingPage() {
  const { t } = useTranslation();
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
          <h1 className="text-2xl font-bold">{t('training.title')}</h1>
          <p className="text-slate-500 dark:text-slate-400">{t('training.subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="green" testId="completed-count">
            {t('training.completedCount', { count: stats.completed })}
          </Badge>
          <Badge tone="blue" testId="in-progress-count">
            {t('training.inProgressCount', { count: stats.inProgress })}
          </Badge>
          {editor && (
            <button
              type="button"
              data-testid="new-course"
              onClick={() => setEditing('new')}
              className={smallButtonClass}
            >
              <Plus className="size-4" /> {t('training.newCourse')}
            </button>
          )}
        </div>
      </header>

      <MySopsCard />
      {role !== undefined && !seesEveryone(role) && <MySkillsCard />}

      {courses.isPending ? (
        <div role="status" className="flex flex-col items-center gap-3 py-16">
          <Spinner />
          <p>{t('training.loading')}</p>
        </div>
      ) : courses.isError ? (
        <p role="alert" className="py-16 text-center text-red-600">
          {t('training.loadFailed')}
        </p>
      ) : (
        <Tabs.Root defaultValue="all" className="space-y-4">
          <Tabs.List
            aria-label={t('training.sections')}
            className="inline-flex flex-wrap gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800"
          >
            <Tabs.Trigger value="all" data-testid="training-tab-all" className={tabClass}>
              {t('training.allCourses')}
            </Tabs.Trigger>
            <Tabs.Trigger value="mine" data-testid="training-tab-mine" className={tabClass}>
              {t('training.myLearning')}
            </Tabs.Trigger>
            <Tabs.Trigger value="progress" data-testid="training-tab-progress" className={tabClass}>
              {t('training.progressTracking')}
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
              empty={t('training.notStartedAny')}
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

function AllCourses({ courses, ...actions }: { courses: Course[] } & CourseActions) {
  const { t } = useTranslation();
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
            aria-label={t('training.searchCourses')}
            placeholder={t('training.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
        <select
          aria-label={t('training.category')}
          data-testid="course-category-filter"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className={`${selectClass} w-full sm:w-56`}
        >
          <option value={ALL_CATEGORIES}>{t('training.allCategories')}</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <CourseGrid
        courses={shown}
        empty={t('training.noCourses')}
        narrowed={{
          search,
          filters: category === ALL_CATEGORIES ? 0 : 1,
          onClear: () => {
            setSearch('');
            setCategory(ALL_CATEGORIES);
          },
        }}
        {...actions}
      />
    </div>
  );
}
