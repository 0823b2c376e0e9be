import { ORGANIZATION_ADMINS, STAFF_ROLES, ALL_ROLES } from '../roles.js';
import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { defineRoute } from '../http.js';
import { skillsRpc } from '../rpc/skills.js';
import {
  SKILLS_MATRIX_PAGE_ROWS,
  SKILLS_MATRIX_PAGE_SOPS,
  ChangeJobFunctionMembersRequest,
  JobFunction,
  JobFunctionList,
  JobFunctionMemberPage,
  JobFunctionMemberPageQuery,
  SaveJobFunctionRequest,
  SetJobFunctionMembersRequest,
  SkillsMatrix,
  SkillsMatrixQuery,
} from '../skills.js';
import { IdParams } from '../row-id.js';

export const skillsRoutes = {
  jobFunctions: defineRoute({
    method: 'GET',
    path: '/api/job-functions',
    summary:
      "Your organization's job functions: required SOPs, people and their coverage of those SOPs",
    tag: 'skills',
    access: STAFF_ROLES,
    response: JobFunctionList,
    relay: { rpc: skillsRpc.jobFunctions, request: ({ actor }) => ({ actor }) },
  }),
  createJobFunction: defineRoute({
    method: 'POST',
    path: '/api/job-functions',
    summary: 'Define a job function with the SOPs it requires',
    tag: 'skills',
    access: ORGANIZATION_ADMINS,
    body: SaveJobFunctionRequest,
    response: JobFunction,
    relay: {
      rpc: skillsRpc.createJobFunction,
      request: ({ actor, body }) => ({ actor, jobFunction: body }),
    },
  }),
  updateJobFunction: defineRoute({
    method: 'PUT',
    path: '/api/job-functions/:id',
    summary: 'Rename a job function or change the SOPs it requires',
    tag: 'skills',
    access: ORGANIZATION_ADMINS,
    params: IdParams,
    body: SaveJobFunctionRequest,
    response: JobFunction,
    relay: {
      rpc: skillsRpc.updateJobFunction,
      request: ({ actor, params, body }) => ({
        actor,
        jobFunctionId: params.id,
        jobFunction: body,
      }),
    },
  }),
  deleteJobFunction: defineRoute({
    method: 'DELETE',
    path: '/api/job-functions/:id',
    summary: 'Delete a job function (its people keep their records)',
    tag: 'skills',
    access: ORGANIZATION_ADMINS,
    params: IdParams,
    response: MessageResponse,
    relay: {
      rpc: skillsRpc.deleteJobFunction,
      request: ({ actor, params }) => ({ actor, jobFunctionId: params.id }),
    },
  }),
  jobFunctionMembers: defineRoute({
    method: 'GET',
    path: '/api/job-functions/:id/members',
    summary:
      "A page of a job function's people by id and their coverage (the list carries the first), or those among some people",
    tag: 'skills',
    access: STAFF_ROLES,
    params: IdParams,
    query: JobFunctionMemberPageQuery,
    response: JobFunctionMemberPage,
    paged: { items: 'members' },
    relay: {
      rpc: skillsRpc.jobFunctionMembers,
      request: ({ actor, params, query }) => ({
        actor,
        jobFunctionId: params.id,
        page: { cursor: query.cursor, limit: query.limit },
        among: query.among,
      }),
    },
  }),
  changeJobFunctionMembers: defineRoute({
    method: 'PATCH',
    path: '/api/job-functions/:id/members',
    summary: 'Add and remove people of a job function, the others kept',
    tag: 'skills',
    access: ORGANIZATION_ADMINS,
    params: IdParams,
    body: ChangeJobFunctionMembersRequest,
    response: JobFunction,
    relay: {
      rpc: skillsRpc.changeJobFunctionMembers,
      request: ({ actor, params, body }) => ({ actor, jobFunctionId: params.id, change: body }),
    },
  }),
  setJobFunctionMembers: defineRoute({
    method: 'PUT',
    path: '/api/job-functions/:id/members',
    summary: 'Set who holds a job function (the whole list)',
    tag: 'skills',
    access: ORGANIZATION_ADMINS,
    params: IdParams,
    body: SetJobFunctionMembersRequest,
    response: JobFunction,
    relay: {
      rpc: skillsRpc.setJobFunctionMembers,
      request: ({ actor, params, body }) => ({
        actor,
        jobFunctionId: params.id,
        userIds: body.userIds,
      }),
    },
  }),
  skillsMatrix: defineRoute({
    method: 'GET',
    path: '/api/insights/skills-matrix',
    summary:
      'People x SOPs, 50 rows and 100 SOP columns a page (filters: job function, role, search): each cell the level from the latest observation, gaps per row and column; an operator gets their own row',
    tag: 'skills',
    access: ALL_ROLES,
    query: SkillsMatrixQuery,
    response: SkillsMatrix,
    relay: {
      rpc: skillsRpc.skillsMatrix,
      request: ({ actor, query }) => ({
        actor,
        query,
        pageSize: SKILLS_MATRIX_PAGE_ROWS,
        sopPageSize: SKILLS_MATRIX_PAGE_SOPS,
        withTotals: true,
      }),
    },
  }),
  skillsMatrixCsv: defineRoute({
    method: 'GET',
    path: '/api/insights/skills-matrix.csv',
    summary: 'The skills matrix (same filters, every page) as CSV, streamed row by row',
    tag: 'skills',
    access: ALL_ROLES,
    query: SkillsMatrixQuery.omit({ page: true, sopPage: true }),
    // text/csv, streamed: not JSON
    response: z.string(),
  }),
} as const;
