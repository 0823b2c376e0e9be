import { z } from 'zod';
import { Role } from './roles.js';
import { PageCursor, PageInfo, pageQuery } from './paging.js';
import { plainText } from './text.js';
import { EvaluationQuestion } from './evaluations.js';
import { BodyRowId, MAX_ROW_ID } from './row-id.js';

export const DEFAULT_PASS_MARK = 80;

/** A team member's status (see TeamMember). */
export const TEAM_MEMBER_STATUSES = ['active', 'pending', 'suspended'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const TeamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: Role,
  department: z.string(),
  /**
   * Active once accepted, pending before; suspended (by an administrator or SCIM: the account
   * kept, signing in refused) whether accepted or not.
   */
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** Mean observation score of the last 90 days in percent; null without one. */
  performance: z.number().nullable(),
  /** Signed in today (UTC). */
  presentToday: z.boolean(),
  profilePicture: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** Most members a page of the team list holds. */
export const TEAM_MEMBERS_MAX_PAGE_SIZE = 100;

/**
 * A page of the team list, searched on the server: `search` is a case-insensitive part of the
 * name or email; `status` and the comma-joined `roles` narrow it (the dialogs choosing people).
 */
export const TeamMembersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(TEAM_MEMBER_STATUSES).optional(),
  roles: z
    .string()
    .max(200)
    .optional()
    .transform((value, context) => {
      const roles = (value ?? '').split(',').filter(Boolean);
      const parsed = z.array(Role).safeParse(roles);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'roles must be comma-separated roles' });
        return z.NEVER;
      }
      return parsed.data.length ? parsed.data : undefined;
    }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(TEAM_MEMBERS_MAX_PAGE_SIZE).default(50),
});
export type TeamMembersQuery = z.infer<typeof TeamMembersQuery>;

/** The team list's query as the gateway relays it (parsed: `roles` a list). */
export const TeamMembersRequest = z.object({
  search: z.string().max(200).optional(),
  status: z.enum(TEAM_MEMBER_STATUSES).optional(),
  roles: z.array(Role).max(10).optional(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(TEAM_MEMBERS_MAX_PAGE_SIZE),
});
export type TeamMembersRequest = z.infer<typeof TeamMembersRequest>;

/** One page of the team list, by name, and how many people the query holds in all. */
export const TeamMemberPage = z.object({
  members: z.array(TeamMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TeamMemberPage = z.infer<typeof TeamMemberPage>;

/**
 * Optional on a start, an answer or a finding: the client's key for this one request (a UUID
 * made when the person started or recorded it). A request with a key already recorded answers
 * the first result again and records nothing, so an outbox or a retry may send it safely.
 */
export const IdempotencyKey = z.uuid('The idempotency key must be a UUID.').max(36);

/**
 * Most findings one observation holds: a walk on the floor notes a handful, and the list and
 * the session carry every finding of each observation they show (of one recorded before the
 * cap, the oldest this many, with the counts of all).
 */
export const MAX_FINDINGS_PER_OBSERVATION = 100;

/** Longest note of a finding (characters). */
export const FINDING_NOTE_MAX_LENGTH = 5000;
/** The most an answer may say was spent on its question: a day. */
export const MAX_SECONDS_ON_QUESTION = 86_400;

export const CreateObservationRequest = z.object({
  sopDocumentId: BodyRowId.optional().nullable(),
  evaluationId: z
    .number({ error: 'Please select a document with evaluation' })
    .int()
    .positive('Please select a document with evaluation')
    .max(MAX_ROW_ID, 'Please select a document with evaluation'),
  operatorId: z
    .number({ error: 'Please select an operator to observe' })
    .int()
    .positive('Please select an operator to observe')
    .max(MAX_ROW_ID, 'Please select an operator to observe'),
  initialNotes: z.string().trim().max(5000).optional().default(''),
  /**
   * Optional: the client's key for this one start (a UUID the form makes when it first sends
   * it). A repeat of the key by the same person answers the observation it started and starts
   * none; the key of another operator or evaluation is refused (409).
   */
  idempotencyKey: IdempotencyKey.optional(),
});
export type CreateObservationRequest = z.infer<typeof CreateObservationRequest>;

export const CreateObservationResponse = z.object({
  id: z.number().int(),
  operatorName: z.string(),
});

export const OBSERVATION_STATUSES = ['in_progress', 'completed'] as const;
export const ObservationStatus = z.enum(OBSERVATION_STATUSES);

export const FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const FINDING_CATEGORIES = ['safety', 'quality', 'efficiency', 'compliance'] as const;

export const Finding = z.object({
  id: z.number().int(),
  severity: z.enum(FINDING_SEVERITIES),
  category: z.enum(FINDING_CATEGORIES),
  note: z.string(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Finding = z.infer<typeof Finding>;

/**
 * A page of an observation's findings, oldest first as the session lists them (created_at, id):
 * observations recorded before the cap hold more than the session carries.
 */
export const FindingPageQuery = pageQuery(MAX_FINDINGS_PER_OBSERVATION, 200);
export const FindingPage = PageInfo.extend({ findings: z.array(Finding) });
export type FindingPage = z.infer<typeof FindingPage>;

export const CreateFindingRequest = z.object({
  severity: z.enum(FINDING_SEVERITIES, { error: 'Please choose a severity.' }),
  category: z.enum(FINDING_CATEGORIES, { error: 'Please choose a category.' }),
  note: z.string().trim().min(1, 'Please describe the finding.').max(FINDING_NOTE_MAX_LENGTH),
  idempotencyKey: IdempotencyKey.optional(),
  /**
   * Optional: when the finding was recorded on the device (an outbox sends it later). The server
   * keeps it as the finding's time, within the session (not before its start, not in the future);
   * without it, as clients before it sent, the time it arrives.
   */
  recordedAt: z.iso.datetime({ offset: true }).max(40).optional(),
});
export type CreateFindingRequest = z.infer<typeof CreateFindingRequest>;

export const ObservationSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  evaluationId: z.number().int(),
  sopDocumentId: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  observerId: z.number().int(),
  observerName: z.string(),
  status: ObservationStatus,
  /** Percent of questions answered correctly; null while in progress. */
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  passMark: z.number(),
  answered: z.number().int(),
  totalQuestions: z.number().int(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** All of its findings and the open ones; `findings` holds the first (oldest) at most. */
  findingCount: z.number().int(),
  openFindings: z.number().int(),
  /** The oldest MAX_FINDINGS_PER_OBSERVATION: observations recorded before the cap hold more. */
  findings: z.array(Finding),
  initialNotes: z.string(),
});
export type ObservationSummary = z.infer<typeof ObservationSummary>;

export const ObservationListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: ObservationStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: PageCursor.optional(),
});

/**
 * The spec's four counters over what we keep: Open = completed observations with unresolved
 * findings; In Progress = observations not completed yet; Resolved = completed observations
 * with no unresolved finding; Total = all of them.
 */
export const ObservationCounters = z.object({
  open: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
  total: z.number().int(),
});

export const ObservationList = PageInfo.extend({
  observations: z.array(ObservationSummary),
  counters: ObservationCounters,
});
export type ObservationList = z.infer<typeof ObservationList>;

/** The live session: the questions without their answers. */
export const ObservationSession = z.object({
  id: z.number().int(),
  evaluationId: z.number().int(),
  evaluationTitle: z.string(),
  sopDocumentId: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  observerName: z.string(),
  status: ObservationStatus,
  currentQuestionIndex: z.number().int(),
  totalQuestions: z.number().int(),
  questions: z.array(EvaluationQuestion),
  startedAt: z.string(),
  initialNotes: z.string(),
  /** All of its findings and the open ones; `findings` holds the first (oldest) at most. */
  findingCount: z.number().int(),
  openFindings: z.number().int(),
  /** The oldest MAX_FINDINGS_PER_OBSERVATION: observations recorded before the cap hold more. */
  findings: z.array(Finding),
  /**
   * Where the findings' pages (GET /api/observations/:id/findings) continue after `findings`;
   * null when `findings` holds them all.
   */
  findingsCursor: z.string().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  passMark: z.number(),
  completedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** What was recorded so far; whether an answer was right is shown only once completed. */
  responses: z.array(
    z.object({
      questionId: z.string(),
      selectedOption: z.string(),
      selectedOptionText: z.string(),
      correct: z.boolean().nullable(),
      timeSpentSeconds: z.number().int(),
      managerNotes: z.string(),
    }),
  ),
});
export type ObservationSession = z.infer<typeof ObservationSession>;

export const ResponseSubmission = z.object({
  questionId: z.string().min(1).max(100),
  selectedOption: z
    .string({ error: 'Please select an option before continuing' })
    .max(8, 'Please select an option before continuing')
    .trim()
    .toUpperCase()
    .regex(/^[A-H]$/, 'Please select an option before continuing'),
  selectedOptionText: z.string().max(1000).optional().default(''),
  timeSpentSeconds: z.coerce.number().int().min(0).max(MAX_SECONDS_ON_QUESTION).default(0),
  managerNotes: z.string().trim().max(5000).optional().default(''),
  idempotencyKey: IdempotencyKey.optional(),
});
export type ResponseSubmission = z.infer<typeof ResponseSubmission>;

export const ResponseResult = z.object({
  completed: z.boolean(),
  nextQuestionIndex: z.number().int().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type ResponseResult = z.infer<typeof ResponseResult>;

export const ObservationSettings = z.object({
  passMark: z.coerce
    .number()
    .int()
    .min(1, 'The pass mark must be between 1 and 100.')
    .max(100, 'The pass mark must be between 1 and 100.'),
});
export type ObservationSettings = z.infer<typeof ObservationSettings>;

// Training centre

export const COURSE_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const COURSE_STATUSES = ['not_started', 'in_progress', 'completed'] as const;

export const CourseSop = z.object({
  documentId: z.number().int(),
  title: z.string(),
  evaluationId: z.number().int().nullable(),
  /** Whether the caller has passed this SOP's evaluation in an observation. */
  passed: z.boolean(),
});

export const Course = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  duration: z.string(),
  difficulty: z.enum(COURSE_DIFFICULTIES),
  status: z.enum(COURSE_STATUSES),
  progress: z.number(),
  /**
   * Completed (a completed enrolment: its certificate stands), and the course has since gained
   * SOPs the caller has not passed: the card says the course changed and names them to pass.
   */
  changedSinceCompletion: z.boolean(),
  enrolled: z.number().int(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  myRating: z.number().int().nullable(),
  sops: z.array(CourseSop),
  /** When the caller enrolled (null: not yet; the card's button enrols first). */
  enrolledAt: z.string().nullable(),
  /** The day by which enrolled people should complete it (YYYY-MM-DD); feeds Upcoming Goals. */
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** When it was last saved: what an edit sends back as the version it was made from. */
  updatedAt: z.string(),
});
export type Course = z.infer<typeof Course>;

/** One page of the organization's courses, newest first. */
export const CoursePage = PageInfo.extend({ courses: z.array(Course) });
export type CoursePage = z.infer<typeof CoursePage>;
export const CourseListQuery = pageQuery(50, 200);

export const SaveCourseRequest = z.object({
  title: z.string().overwrite(plainText).trim().min(1, 'Title is required').max(300),
  description: z.string().trim().max(5000).default(''),
  category: z.string().trim().min(1, 'Category is required').max(100),
  duration: z.string().trim().min(1, 'Duration is required').max(100),
  difficulty: z.enum(COURSE_DIFFICULTIES, { error: 'Choose Beginner, Intermediate or Advanced' }),
  /** SOP documents in order; each must have a published evaluation. */
  documentIds: z.array(BodyRowId).min(1, 'Add at least one SOP to the course').max(100),
  /** Optional completion deadline, a calendar day. */
  dueDate: z.iso
    .date({ error: 'Enter the due date as a day (YYYY-MM-DD)' })
    .max(10, 'Enter the due date as a day (YYYY-MM-DD)')
    .nullable()
    .default(null),
  /**
   * On an edit, the `updatedAt` of the course the editor read: a course saved since by someone
   * else is not overwritten (409 `course_changed`). The web app always sends it; an API client
   * that leaves it out has the last word.
   */
  updatedAt: z.iso.datetime({ offset: true }).max(40).optional(),
});
export type SaveCourseRequest = z.infer<typeof SaveCourseRequest>;

export const Enrollment = z.object({
  courseId: z.number().int(),
  courseTitle: z.string(),
  status: z.enum(COURSE_STATUSES),
  progress: z.number(),
  enrolledAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Enrollment = z.infer<typeof Enrollment>;

export const RateCourseRequest = z.object({
  rating: z.coerce.number().int().min(1, 'Rate from 1 to 5 stars').max(5, 'Rate from 1 to 5 stars'),
});
export type RateCourseRequest = z.infer<typeof RateCourseRequest>;
