import { z } from 'zod';
import { ServicePing } from '../health.js';
import {
  Course,
  CoursePage,
  CreateFindingRequest,
  CreateObservationRequest,
  CreateObservationResponse,
  Enrollment,
  Finding,
  FindingPage,
  ObservationList,
  ObservationSession,
  ObservationSettings,
  ResponseResult,
  ResponseSubmission,
  SaveCourseRequest,
  TeamMemberPage,
  TeamMembersRequest,
} from '../observations.js';
import { WorkEvents } from '../dashboard.js';
import { MySopReason } from '../library.js';
import { Actor, ALL_ROLES } from '../roles.js';
import { MemberVideoPage, TeamMemberDetail, TeamStats } from '../team.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';
import { PageRequest } from '../paging.js';

const ObservationRef = z.object({ actor: Actor, observationId: z.number().int() });
const CourseRef = z.object({ actor: Actor, courseId: z.number().int() });

export const observationRpc = {
  ping: rpc('observation', 'ping', 'service', z.object({}), ServicePing),
  list: rpc(
    'observation',
    'observations.list',
    FROM_ROUTES,
    z.object({
      actor: Actor,
      search: z.string().optional(),
      status: z.enum(['in_progress', 'completed']).optional(),
      limit: z.number().int(),
      cursor: z.string().optional(),
    }),
    ObservationList,
  ),
  create: rpc(
    'observation',
    'observations.create',
    FROM_ROUTES,
    z.object({ actor: Actor, request: CreateObservationRequest }),
    CreateObservationResponse,
  ),
  session: rpc('observation', 'observations.get', FROM_ROUTES, ObservationRef, ObservationSession),
  respond: rpc(
    'observation',
    'observations.respond',
    FROM_ROUTES,
    ObservationRef.extend({ submission: ResponseSubmission }),
    ResponseResult,
  ),
  addFinding: rpc(
    'observation',
    'findings.add',
    FROM_ROUTES,
    ObservationRef.extend({ finding: CreateFindingRequest }),
    Finding,
  ),
  findings: rpc(
    'observation',
    'findings.page',
    FROM_ROUTES,
    ObservationRef.extend({ page: PageRequest }),
    FindingPage,
  ),
  resolveFinding: rpc(
    'observation',
    'findings.resolve',
    FROM_ROUTES,
    ObservationRef.extend({ findingId: z.number().int() }),
    Finding,
  ),
  settings: rpc('observation', 'settings.get', FROM_ROUTES, ActorOnly, ObservationSettings),
  saveSettings: rpc(
    'observation',
    'settings.save',
    FROM_ROUTES,
    z.object({ actor: Actor, settings: ObservationSettings }),
    ObservationSettings,
  ),
  /** Average score per member, for the team list. */
  performance: rpc(
    'observation',
    'observations.performance',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(z.object({ userId: z.number().int(), averageScore: z.number() })),
  ),
  /** Hub figures: the organization's (or, without one, the platform's) observation and course results. */
  hubFigures: rpc(
    'observation',
    'observations.hubFigures',
    'service',
    z.object({ organizationId: z.number().int().nullable() }),
    z.object({
      performanceScore: z.number().nullable(),
      trainingCompletion: z.number().nullable(),
    }),
  ),
  /** The Hub's work events of the observation service: observations and certifications. */
  hubActivity: rpc(
    'observation',
    'observations.hubActivity',
    ALL_ROLES,
    z.object({ actor: Actor, limit: z.number().int().min(1).max(50) }),
    WorkEvents,
  ),
  courses: rpc(
    'observation',
    'courses.list',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    CoursePage,
  ),
  createCourse: rpc(
    'observation',
    'courses.create',
    FROM_ROUTES,
    z.object({ actor: Actor, course: SaveCourseRequest }),
    Course,
  ),
  updateCourse: rpc(
    'observation',
    'courses.update',
    FROM_ROUTES,
    CourseRef.extend({ course: SaveCourseRequest }),
    Course,
  ),
  deleteCourse: rpc(
    'observation',
    'courses.delete',
    FROM_ROUTES,
    CourseRef,
    z.object({ message: z.string() }),
  ),
  enroll: rpc('observation', 'courses.enroll', FROM_ROUTES, CourseRef, Course),
  rate: rpc(
    'observation',
    'courses.rate',
    FROM_ROUTES,
    CourseRef.extend({ rating: z.number().int() }),
    Course,
  ),
  enrollments: rpc('observation', 'enrollments.list', FROM_ROUTES, ActorOnly, z.array(Enrollment)),
  /**
   * Between services: the SOPs that are a member's own, with why (courses they are enrolled in,
   * job functions they hold, certifications not revoked), for the library to let them read those.
   */
  memberSops: rpc(
    'observation',
    'training.memberSops',
    'service',
    z.object({
      organizationId: z.number().int(),
      userId: z.number().int(),
      documentId: z.number().int().optional(),
    }),
    z.array(z.object({ documentId: z.number().int(), reasons: z.array(MySopReason) })),
  ),
  /**
   * Between services: the SOPs a person is being observed on (the documents of the observations
   * of them not completed), for the library to hide those evaluations' answers from them.
   */
  observedOperatorDocuments: rpc(
    'observation',
    'observations.observedOperatorDocuments',
    'service',
    z.object({ organizationId: z.number().int(), userId: z.number().int() }),
    z.array(z.number().int()),
  ),
} as const;

/** The team list is answered by the observation service, which adds each member's performance. */
export const teamRpc = {
  members: rpc(
    'observation',
    'team.members',
    FROM_ROUTES,
    z.object({ actor: Actor, query: TeamMembersRequest }),
    TeamMemberPage,
  ),
  stats: rpc('observation', 'team.stats', FROM_ROUTES, ActorOnly, TeamStats),
  member: rpc(
    'observation',
    'team.member',
    FROM_ROUTES,
    z.object({ actor: Actor, userId: z.number().int() }),
    TeamMemberDetail,
  ),
  /** A page of the videos a member appears in after the first (a stranger is not found). */
  memberVideos: rpc(
    'observation',
    'team.memberVideos',
    FROM_ROUTES,
    z.object({ actor: Actor, userId: z.number().int(), page: PageRequest }),
    MemberVideoPage,
  ),
} as const;
