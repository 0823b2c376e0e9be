import {
  Evaluation,
  PublishEvaluationRequest,
  ReviewEvaluation,
  UpdateEvaluationRequest,
} from '../evaluations.js';
import { defineRoute } from '../http.js';
import { libraryRpc } from '../rpc/library.js';
import { DocumentIdParams, LibraryDocument } from '../library.js';
import { STAFF_ROLES, TRAINING_EDITORS } from '../roles.js';
import { z } from 'zod';

export const evaluationsRoutes = {
  documentEvaluation: defineRoute({
    method: 'GET',
    path: '/api/library/documents/:id/evaluation',
    summary: 'The evaluation of a document (404 when none); correct answers only for reviewers',
    tag: 'evaluations',
    access: STAFF_ROLES,
    params: DocumentIdParams,
    response: z.union([ReviewEvaluation, Evaluation]),
    relay: {
      rpc: libraryRpc.evaluationOfDocument,
      request: ({ actor, params }) => ({ actor, documentId: params.id }),
    },
  }),
  quiz: defineRoute({
    method: 'GET',
    path: '/api/quizzes/:id',
    summary: 'An evaluation by its id; correct answers only for reviewers',
    tag: 'evaluations',
    access: STAFF_ROLES,
    params: DocumentIdParams,
    response: z.union([ReviewEvaluation, Evaluation]),
    relay: {
      rpc: libraryRpc.evaluation,
      request: ({ actor, params }) => ({ actor, evaluationId: params.id }),
    },
  }),
  updateEvaluation: defineRoute({
    method: 'PUT',
    path: '/api/library/documents/:id/evaluation',
    summary:
      'Edit the questions, options, correct answers and learning points (409 when it changed since `updatedAt`)',
    tag: 'evaluations',
    access: TRAINING_EDITORS,
    params: DocumentIdParams,
    body: UpdateEvaluationRequest,
    response: ReviewEvaluation,
    relay: {
      rpc: libraryRpc.updateEvaluation,
      request: ({ actor, params, body: { updatedAt, ...draft } }) => ({
        actor,
        documentId: params.id,
        draft,
        updatedAt,
      }),
    },
  }),
  publishEvaluation: defineRoute({
    method: 'POST',
    path: '/api/library/documents/:id/evaluation/publish',
    summary:
      'Publish the evaluation: observations can then use it (409 when it changed since `updatedAt`)',
    tag: 'evaluations',
    access: TRAINING_EDITORS,
    params: DocumentIdParams,
    body: PublishEvaluationRequest,
    response: ReviewEvaluation,
    relay: {
      rpc: libraryRpc.publishEvaluation,
      request: ({ actor, params, body }) => ({
        actor,
        documentId: params.id,
        updatedAt: body.updatedAt,
      }),
      status: 200,
    },
  }),
  regenerateEvaluation: defineRoute({
    method: 'POST',
    path: '/api/library/documents/:id/evaluation/regenerate',
    summary: 'Generate the evaluation again from the SOP (replaces the current one)',
    tag: 'evaluations',
    access: TRAINING_EDITORS,
    params: DocumentIdParams,
    response: LibraryDocument,
    relay: {
      rpc: libraryRpc.regenerateEvaluation,
      request: ({ actor, params }) => ({ actor, documentId: params.id }),
      status: 200,
    },
  }),
} as const;
