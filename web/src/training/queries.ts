import { api, type Course } from '@hub/proto';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

export const coursesQuery = queryOptions({
  queryKey: [api.courses.path],
  queryFn: ({ signal }): Promise<Course[]> => call(api.courses, { signal }),
});

/** Puts an answered course in place in the list (enrol, rate, edit). */
export function storeCourse(queryClient: QueryClient, course: Course): void {
  queryClient.setQueryData(coursesQuery.queryKey, (courses) => {
    if (!courses) return courses;
    return courses.some((item) => item.id === course.id)
      ? courses.map((item) => (item.id === course.id ? course : item))
      : [...courses, course];
  });
}

export async function refreshCourses(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey });
}
