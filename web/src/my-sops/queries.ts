import { api, type MySopReason } from '@hub/proto';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** The SOPs of the caller's courses, job functions and certifications. */
export const mySopsQuery = queryOptions({
  queryKey: [api.mySops.path],
  queryFn: ({ signal }) => call(api.mySops, { signal }),
});

/** One of the caller's SOPs, read-only, with a fresh PDF link. */
export function mySopQuery(id: number) {
  return queryOptions({
    queryKey: [api.mySop.path, id],
    queryFn: ({ signal }) => call(api.mySop, { params: { id }, signal }),
    enabled: id > 0,
    retry: false,
  });
}

const REASON_LABELS: Record<MySopReason['kind'], string> = {
  course: 'Course',
  job_function: 'Job function',
  certification: 'Certification',
};

/** 'Course: Kitchen basics' */
export function reasonText(reason: MySopReason): string {
  return `${REASON_LABELS[reason.kind]}: ${reason.name}`;
}
