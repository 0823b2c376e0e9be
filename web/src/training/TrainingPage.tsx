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

      <MySopsCard />
      {role !== undefined && !seesEveryone(role) && <MySkillsCard />}

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
      <CourseGrid
        courses={shown}
        empty="No courses available"
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
