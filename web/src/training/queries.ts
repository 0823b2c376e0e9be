import { type Course, type CoursePage } from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { certificationListsKey } from '../certifications/queries';
import { mySopsQuery } from '../my-sops/queries';
import { refreshQueries } from '../api/refresh';

/** Courses load 50 at a time. */
export const COURSE_PAGE_SIZE = 50;

export const coursesQuery = infiniteQueryOptions({
  queryKey: [api.courses.path, 'pages'],
  queryFn: ({ signal, pageParam }): Promise<CoursePage> =>
    call(api.courses, { query: { limit: COURSE_PAGE_SIZE, cursor: pageParam }, signal }),
  ...cursorPaging,
});

/** Puts an answered course in place in the list (enrol, rate, edit); a new one goes first. */
export function storeCourse(queryClient: QueryClient, course: Course): void {
  queryClient.setQueryData(coursesQuery.queryKey, (data): InfiniteData<CoursePage> | undefined => {
    if (!data) return data;
    const known = data.pages.some((page) => page.courses.some((item) => item.id === course.id));
    return {
      ...data,
      pages: data.pages.map((page, index) => {
        if (known)
          return {
            ...page,
            courses: page.courses.map((item) => (item.id === course.id ? course : item)),
          };
        return index === 0
          ? { ...page, courses: [course, ...page.courses], totalCount: page.totalCount + 1 }
          : page;
      }),
    };
  });
}

export async function refreshCourses(queryClient: QueryClient): Promise<void> {
  await refreshQueries(queryClient, [api.courses.path]);
}

/** A course as the loaded pages hold it (null: not among them, deleted meanwhile). */
export function courseInPages(
  data: InfiniteData<CoursePage> | undefined,
  courseId: number,
): Course | null {
  for (const page of data?.pages ?? []) {
    const found = page.courses.find((course) => course.id === courseId);
    if (found) return found;
  }
  return null;
}

/** The latest version of a course: the list reloaded, then the course read from it. */
export async function latestCourse(queryClient: QueryClient, courseId: number) {
  await refreshCourses(queryClient);
  return courseInPages(queryClient.getQueryData(coursesQuery.queryKey), courseId);
}

/**
 * After a course was started, edited or deleted: the answered course in place (when one came),
 * and the lists that hold its SOPs or its certificate reloaded. Nothing goes stale by itself
 * (queryClient.ts): My SOPs on this very page missed the course just started, and the
 * certifications the certificate of a course already passed.
 */
export async function afterCourseChange(
  queryClient: QueryClient,
  course: Course | null,
): Promise<void> {
  if (course) storeCourse(queryClient, course);
  await refreshQueries(queryClient, mySopsQuery.queryKey, certificationListsKey);
}
