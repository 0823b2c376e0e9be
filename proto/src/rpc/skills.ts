import { z } from 'zod';
import { LanguageCode } from '../settings.js';
import { Actor, ALL_ROLES } from '../roles.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';
import { PageRequest } from '../paging.js';
import {
  ChangeJobFunctionMembersRequest,
  JobFunction,
  JobFunctionList,
  JobFunctionMemberPage,
  MAX_JOB_FUNCTION_MEMBERS_AMONG,
  SaveJobFunctionRequest,
  CsvStreamId,
  CsvStreamStarted,
  SkillsMatrix,
  SkillsMatrixQuery,
} from '../skills.js';

const JobFunctionRef = z.object({ actor: Actor, jobFunctionId: z.number().int() });

const ImportedMembers = z.object({
  organizationId: z.number().int(),
  /** Each person and the job functions to add them to (existing memberships are kept). */
  assignments: z
    .array(z.object({ userId: z.number().int(), jobFunctionIds: z.array(z.number().int()) }))
    .max(5000),
});

/** Job functions and the skills matrix live in the observation service, beside certifications. */
export const skillsRpc = {
  /** Every job function of an organization with its members' ids (the people import's check). */
  jobFunctionDirectory: rpc(
    'observation',
    'jobFunctions.directory',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.object({
      jobFunctions: z.array(
        z.object({ id: z.number().int(), name: z.string(), memberIds: z.array(z.number().int()) }),
      ),
    }),
  ),
  /** Adds people to job functions (the people import); memberships already there are kept. */
  addJobFunctionMembers: rpc(
    'observation',
    'jobFunctions.addMembers',
    'service',
    ImportedMembers,
    z.object({ added: z.number().int() }),
  ),
  jobFunctions: rpc('observation', 'jobFunctions.list', FROM_ROUTES, ActorOnly, JobFunctionList),
  createJobFunction: rpc(
    'observation',
    'jobFunctions.create',
    FROM_ROUTES,
    z.object({ actor: Actor, jobFunction: SaveJobFunctionRequest }),
    JobFunction,
  ),
  updateJobFunction: rpc(
    'observation',
    'jobFunctions.update',
    FROM_ROUTES,
    JobFunctionRef.extend({ jobFunction: SaveJobFunctionRequest }),
    JobFunction,
  ),
  deleteJobFunction: rpc(
    'observation',
    'jobFunctions.delete',
    FROM_ROUTES,
    JobFunctionRef,
    z.object({ message: z.string() }),
  ),
  /** A page of a function's holders after the list's first (or among some people). */
  jobFunctionMembers: rpc(
    'observation',
    'jobFunctions.memberPage',
    FROM_ROUTES,
    JobFunctionRef.extend({
      page: PageRequest,
      among: z.array(z.number().int()).max(MAX_JOB_FUNCTION_MEMBERS_AMONG).optional(),
    }),
    JobFunctionMemberPage,
  ),
  changeJobFunctionMembers: rpc(
    'observation',
    'jobFunctions.changeMembers',
    FROM_ROUTES,
    JobFunctionRef.extend({ change: ChangeJobFunctionMembersRequest }),
    JobFunction,
  ),
  setJobFunctionMembers: rpc(
    'observation',
    'jobFunctions.members',
    FROM_ROUTES,
    JobFunctionRef.extend({ userIds: z.array(z.number().int()) }),
    JobFunction,
  ),
  /**
   * One page of the matrix. The export asks for bigger pages without the column totals, which
   * it does not print.
   */
  skillsMatrix: rpc(
    'observation',
    'skills.matrix',
    FROM_ROUTES,
    z.object({
      actor: Actor,
      query: SkillsMatrixQuery,
      pageSize: z.number().int().min(1).max(1000),
      withTotals: z.boolean(),
      /** SOP columns a page; without it every SOP is a column. */
      sopPageSize: z.number().int().min(1).max(5000).optional(),
    }),
    SkillsMatrix,
  ),
  /**
   * The skills-matrix CSV, written by the observation service to the chunk stream `stream`
   * (the gateway sends it on as it comes); answered once the call is checked, so a refusal
   * still has its status.
   */
  skillsMatrixCsv: rpc(
    'observation',
    'skills.matrixCsv',
    ALL_ROLES,
    z.object({
      actor: Actor,
      query: SkillsMatrixQuery.omit({ page: true, sopPage: true }),
      /** The reader's: the header, the levels and the gaps line are written in it. */
      language: LanguageCode.default('en'),
      stream: CsvStreamId,
    }),
    CsvStreamStarted,
  ),
} as const;
