import { z } from 'zod';
import { Actor, ORGANIZATION_ADMINS, STAFF_ROLES, ALL_ROLES } from '../roles.js';
import { ActorOnly, rpc } from '../rpc.js';
import {
  JobFunction,
  JobFunctionList,
  SaveJobFunctionRequest,
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
  jobFunctions: rpc('observation', 'jobFunctions.list', STAFF_ROLES, ActorOnly, JobFunctionList),
  createJobFunction: rpc(
    'observation',
    'jobFunctions.create',
    ORGANIZATION_ADMINS,
    z.object({ actor: Actor, jobFunction: SaveJobFunctionRequest }),
    JobFunction,
  ),
  updateJobFunction: rpc(
    'observation',
    'jobFunctions.update',
    ORGANIZATION_ADMINS,
    JobFunctionRef.extend({ jobFunction: SaveJobFunctionRequest }),
    JobFunction,
  ),
  deleteJobFunction: rpc(
    'observation',
    'jobFunctions.delete',
    ORGANIZATION_ADMINS,
    JobFunctionRef,
    z.object({ message: z.string() }),
  ),
  setJobFunctionMembers: rpc(
    'observation',
    'jobFunctions.members',
    ORGANIZATION_ADMINS,
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
    ALL_ROLES,
    z.object({
      actor: Actor,
      query: SkillsMatrixQuery,
      pageSize: z.number().int().min(1).max(1000),
      withTotals: z.boolean(),
      /** SOP columns a page; without it every SOP is a column (the export). */
      sopPageSize: z.number().int().min(1).max(5000).optional(),
      /**
       * The columns, when the caller already has them (the export's later batches): the SOP
       * discovery and the library's titles are skipped, cells come in this order.
       */
      documentIds: z.array(z.number().int()).max(5000).optional(),
      /**
       * The rows, when the caller already has them (the export's later batches): these people,
       * in this order, checked against the filters and the actor again; no paging, and identity
       * is asked for them alone, not for the whole organization.
       */
      userIds: z.array(z.number().int()).max(1000).optional(),
      /** Answer rowIds: every selected person's id in the matrix's order (the export's first batch). */
      withRowIds: z.boolean().optional(),
    }),
    SkillsMatrix.extend({ rowIds: z.array(z.number().int()).optional() }),
  ),
} as const;
