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
  'observation-settings': {
    table: 'observation_settings',
    scope: 't.organization_id = $1',
    key: ['organization_id'],
  },
  'certification-settings': {
    table: 'certification_settings',
    scope: 't.organization_id = $1',
    key: ['organization_id'],
  },
  'sop-certification-validity': {
    table: 'sop_certification_validity',
    scope: 't.organization_id = $1',
    key: ['document_id'],
  },
  'reobservation-changes': {
    table: 'reobservation_changes',
    scope: 't.organization_id = $1',
    key: ['document_id', 'version'],
  },
  'report-exports': { table: 'report_exports', scope: 't.organization_id = $1', key: ['id'] },
};

/**
 * The observation tables no kind reads, and why: the export's test requires every table of the
 * schema to be read by a kind or named here, so a new table is a decision, not an omission.
 * The counters are sums of the observations, certifications and enrolments the archive holds.
 */
export const OBSERVATION_NOT_EXPORTED: Readonly<Record<string, string>> = {
  migrations: "the schema's own history, no organization's",
  outbox: 'events waiting to be published: copies of facts the archive holds',
  certification_digests: "the expiry digest mail's bookkeeping: which day was delivered",
  certification_digest_items: "the expiry digest mail's queue: states waiting for a digest",
  recommendation_runs: "the recommendation rules' bookkeeping: when they last ran",
  certification_months: 'a counter kept by triggers on certifications (insights)',
  course_enrolments: 'a counter kept by triggers on enrollments (insights)',
  enrolled_people: 'a counter kept by triggers on enrollments (insights)',
  enrolled_organizations: 'a counter kept by triggers on enrollments (insights)',
  enrolment_passes: 'kept by triggers from observations and enrollments (progress page)',
  first_attempts: 'kept by triggers from observations (team stats)',
  window_scores: 'kept by triggers from observations (team stats)',
  observation_weeks: 'a counter kept by triggers on observations (insights)',
  observation_question_weeks: 'a counter kept by triggers on observation answers (insights)',
  required_certifications: 'kept by triggers from certifications and job functions (skills)',
  observation_response_keys:
    "the session outbox's retry bookkeeping: keys of answers the archive holds",
  completion_effects:
    "completions' course progress and notices not yet done: copies of facts the archive holds",
  course_certificates_owed:
    'course certificates not yet issued for completed enrolments the archive holds',
  course_completion_checks:
    "course edits' completion checks not yet done: the archive holds the courses and enrolments",
};
