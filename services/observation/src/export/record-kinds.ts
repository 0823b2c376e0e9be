import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';

/** How each kind of the observation service's records is read for an organization's export. */
export const OBSERVATION_RECORD_KINDS: Record<
  (typeof EXPORT_KINDS)['observation'][number],
  RecordKind
> = {
  observations: { table: 'observations', scope: 't.organization_id = $1', key: ['id'] },
  'observation-responses': {
    table: 'observation_responses',
    scope: 't.observation_id IN (SELECT id FROM observations WHERE organization_id = $1)',
    key: ['observation_id', 'question_id'],
  },
  findings: { table: 'findings', scope: 't.organization_id = $1', key: ['id'] },
  courses: { table: 'courses', scope: 't.organization_id = $1', key: ['id'] },
  'course-sops': {
    table: 'course_sops',
    scope: 't.course_id IN (SELECT id FROM courses WHERE organization_id = $1)',
    key: ['course_id', 'position'],
  },
  enrollments: {
    table: 'enrollments',
    scope: 't.course_id IN (SELECT id FROM courses WHERE organization_id = $1)',
    key: ['course_id', 'user_id'],
  },
  certifications: { table: 'certifications', scope: 't.organization_id = $1', key: ['id'] },
  'job-functions': { table: 'job_functions', scope: 't.organization_id = $1', key: ['id'] },
  'job-function-members': {
    table: 'job_function_members',
    scope: 't.organization_id = $1',
    key: ['job_function_id', 'user_id'],
  },
  'job-function-sops': {
    table: 'job_function_sops',
    scope: 't.job_function_id IN (SELECT id FROM job_functions WHERE organization_id = $1)',
    key: ['job_function_id', 'document_id'],
  },
  recommendations: { table: 'recommendations', scope: 't.organization_id = $1', key: ['id'] },
};
