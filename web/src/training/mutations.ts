import { type Course, type SaveCourseRequest } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { afterCourseChange, latestCourse, refreshCourses, storeCourse } from './queries';
import { courseSaveBody, enrolledToastTitle, isCourseChanged } from './training';

/** Enrols in a course, then opens it. */
export function useEnroll(course: Course, onOpen: (course: Course) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.enroll, { params: { id: course.id } }),
    onSuccess: (enrolled) => {
      void afterCourseChange(queryClient, enrolled);
      toast({ title: enrolledToastTitle(enrolled.status), description: enrolled.title });
      onOpen(enrolled);
    },
    onError: (error) =>
      toast(failureToast(t('training.card.error'), error, t('training.card.startFailed'))),
  });
}

export function useDeleteCourse(course: Course) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteCourse, { params: { id: course.id } }),
    onSuccess: async () => {
      toast({ title: t('training.card.deleted'), description: course.title });
      await Promise.all([refreshCourses(queryClient), afterCourseChange(queryClient, null)]);
    },
    onError: (error) =>
      toast(failureToast(t('training.card.error'), error, t('training.card.deleteFailed'))),
  });
}

export function useRateCourse() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rating }: { id: number; rating: number }) =>
      call(api.rateCourse, { params: { id }, body: { rating } }),
    onSuccess: (rated) => {
      storeCourse(queryClient, rated);
      toast({ title: t('training.details.thanks') });
    },
    onError: (error) =>
      toast(failureToast(t('training.card.error'), error, t('training.details.rateFailed'))),
  });
}

/**
 * Creates a course, or updates `course` when one is given. A save refused because someone else
 * saved the course meanwhile calls `onConflict`: the editor keeps the draft and offers the latest.
 */
export function useSaveCourse(course: Course | null, onDone: () => void, onConflict: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCourseRequest) =>
      course
        ? call(api.updateCourse, { params: { id: course.id }, body: courseSaveBody(course, body) })
        : call(api.createCourse, { body }),
    onSuccess: async (saved) => {
      // Its SOPs changed: an editor enrolled in it reads them in My SOPs.
      void afterCourseChange(queryClient, saved);
      toast({
        title: course ? t('training.editor.updated') : t('training.editor.created'),
        description: saved.title,
      });
      onDone();
      await refreshCourses(queryClient);
    },
    // The server checks each SOP's evaluation is published and says so; a course saved by
    // someone else meanwhile is the editor's to tell (its notice reloads the latest version).
    onError: (error) => {
      if (isCourseChanged(error)) return onConflict();
      toast(
        failureToast(
          t('training.editor.saveFailedTitle'),
          error,
          t('training.editor.saveFailedDescription'),
        ),
      );
    },
  });
}

/** Reads the latest version of a course after a refused save (null: deleted meanwhile). */
export function useReloadCourse(courseId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      courseId === null ? Promise.resolve(null) : latestCourse(queryClient, courseId),
  });
}
