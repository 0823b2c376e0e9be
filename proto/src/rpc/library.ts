import {
  Evaluation,
  EvaluationDraft,
  ReviewEvaluation,
  UpdateEvaluationRequest,
} from '../evaluations.js';
import { ServicePing } from '../health.js';
import {
  CreateFolderRequest,
  CreateTagRequest,
  DocumentList,
  DocumentMarkdown,
  DocumentVersionList,
  VersionAcknowledgement,
  VersionDiff,
  Folder,
  LibraryDocument,
  MySopList,
  MySopView,
  Tag,
} from '../library.js';
import { Actor, ALL_ROLES, STAFF_ROLES } from '../roles.js';
import { SopChoice } from '../integrations.js';
import { z } from 'zod';
import { rpc, ActorOnly, FROM_ROUTES } from '../rpc.js';
import { WorkEvents } from '../dashboard.js';

/** The list filter after the gateway parsed the query string. */
export const DocumentFilter = z.object({
  folderId: z.number().int().optional(),
  tags: z.array(z.number().int()),
  search: z.string().optional(),
  limit: z.number().int().min(1).max(100),
  cursor: z.string().optional(),
  sopProcessed: z.boolean().optional(),
});
export type DocumentFilter = z.infer<typeof DocumentFilter>;

const DocumentRef = z.object({ actor: Actor, documentId: z.number().int() });
const VersionRef = z.object({
  actor: Actor,
  documentId: z.number().int(),
  version: z.number().int(),
});

export const libraryRpc = {
  /** The Hub's work events of the library: documents processed (staff only). */
  hubActivity: rpc(
    'library',
    'documents.hubActivity',
    ALL_ROLES,
    z.object({ actor: Actor, limit: z.number().int().min(1).max(50) }),
    WorkEvents,
  ),
  ping: rpc('library', 'ping', 'service', z.object({}), ServicePing),
  documents: rpc(
    'library',
    'documents.list',
    FROM_ROUTES,
    z.object({ actor: Actor, filter: DocumentFilter }),
    DocumentList,
  ),
  document: rpc('library', 'documents.get', FROM_ROUTES, DocumentRef, LibraryDocument),
  createDocument: rpc(
    'library',
    'documents.create',
    STAFF_ROLES,
    z.object({
      actor: Actor,
      title: z.string(),
      description: z.string(),
      tagNames: z.array(z.string().trim().min(1).max(100)).max(50),
      folderId: z.number().int().optional(),
      storagePrefix: z.string(),
      sourceKey: z.string(),
      fileName: z.string(),
      fileSize: z.number().int(),
    }),
    LibraryDocument,
  ),
  /** Checks the folder before the gateway stores any byte of an upload. */
  checkFolder: rpc(
    'library',
    'folders.check',
    STAFF_ROLES,
    z.object({ actor: Actor, folderId: z.number().int() }),
    z.object({ ok: z.boolean() }),
  ),
  deleteDocument: rpc(
    'library',
    'documents.delete',
    FROM_ROUTES,
    DocumentRef,
    z.object({ message: z.string() }),
  ),
  retryDocument: rpc('library', 'documents.retry', FROM_ROUTES, DocumentRef, LibraryDocument),
  documentFile: rpc(
    'library',
    'documents.file',
    STAFF_ROLES,
    DocumentRef,
    z.object({ key: z.string(), fileName: z.string() }),
  ),
  documentMarkdown: rpc(
    'library',
    'documents.markdown',
    FROM_ROUTES,
    DocumentRef,
    DocumentMarkdown,
  ),
  documentImage: rpc(
    'library',
    'documents.image',
    STAFF_ROLES,
    z.object({ actor: Actor, documentId: z.number().int(), imageId: z.string() }),
    z.object({ key: z.string() }),
  ),
  createDocumentVersion: rpc(
    'library',
    'documents.versions.create',
    STAFF_ROLES,
    z.object({
      actor: Actor,
      documentId: z.number().int(),
      changeNote: z.string(),
      storagePrefix: z.string(),
      sourceKey: z.string(),
      fileName: z.string(),
      fileSize: z.number().int(),
    }),
    LibraryDocument,
  ),
  documentVersions: rpc(
    'library',
    'documents.versions.list',
    FROM_ROUTES,
    DocumentRef,
    DocumentVersionList,
  ),
  documentVersionFile: rpc(
    'library',
    'documents.versions.file',
    STAFF_ROLES,
    VersionRef,
    z.object({ key: z.string(), fileName: z.string() }),
  ),
  documentVersionMarkdown: rpc(
    'library',
    'documents.versions.markdown',
    FROM_ROUTES,
    VersionRef,
    DocumentMarkdown,
  ),
  documentVersionDiff: rpc(
    'library',
    'documents.versions.diff',
    FROM_ROUTES,
    z.object({
      actor: Actor,
      documentId: z.number().int(),
      from: z.number().int(),
      to: z.number().int(),
    }),
    VersionDiff,
  ),
  documentAcknowledgement: rpc(
    'library',
    'documents.acknowledgement',
    FROM_ROUTES,
    DocumentRef,
    VersionAcknowledgement,
  ),
  acknowledgeDocument: rpc(
    'library',
    'documents.acknowledge',
    FROM_ROUTES,
    DocumentRef.extend({ version: z.number().int().optional() }),
    VersionAcknowledgement,
  ),
  /** The SOPs of the actor's courses, job functions and certifications (any role). */
  mySops: rpc('library', 'mySops.list', FROM_ROUTES, ActorOnly, MySopList),
  /** One of the actor's SOPs, with where its PDF is (the gateway signs the link). */
  mySop: rpc(
    'library',
    'mySops.get',
    ALL_ROLES,
    DocumentRef,
    MySopView.omit({ pdf: true }).extend({
      file: z.object({ key: z.string(), fileName: z.string() }),
    }),
  ),
  mySopImage: rpc(
    'library',
    'mySops.image',
    ALL_ROLES,
    z.object({ actor: Actor, documentId: z.number().int(), imageId: z.string() }),
    z.object({ key: z.string() }),
  ),
  folders: rpc('library', 'folders.list', FROM_ROUTES, ActorOnly, z.array(Folder)),
  createFolder: rpc(
    'library',
    'folders.create',
    FROM_ROUTES,
    z.object({ actor: Actor, folder: CreateFolderRequest }),
    Folder,
  ),
  tags: rpc('library', 'tags.list', FROM_ROUTES, ActorOnly, z.array(Tag)),
  createTag: rpc(
    'library',
    'tags.create',
    FROM_ROUTES,
    z.object({ actor: Actor, tag: CreateTagRequest }),
    Tag,
  ),
  evaluationOfDocument: rpc(
    'library',
    'evaluations.ofDocument',
    FROM_ROUTES,
    DocumentRef,
    z.union([ReviewEvaluation, Evaluation]),
  ),
  evaluation: rpc(
    'library',
    'evaluations.get',
    FROM_ROUTES,
    z.object({ actor: Actor, evaluationId: z.number().int() }),
    z.union([ReviewEvaluation, Evaluation]),
  ),
  updateEvaluation: rpc(
    'library',
    'evaluations.update',
    FROM_ROUTES,
    z.object({
      actor: Actor,
      documentId: z.number().int(),
      draft: EvaluationDraft,
      /** The `updatedAt` the editor read (UpdateEvaluationRequest); absent, last write wins. */
      updatedAt: UpdateEvaluationRequest.shape.updatedAt,
    }),
    ReviewEvaluation,
  ),
  publishEvaluation: rpc(
    'library',
    'evaluations.publish',
    FROM_ROUTES,
    DocumentRef.extend({ updatedAt: z.string().optional() }),
    ReviewEvaluation,
  ),
  /** For the observation service: a published evaluation of the organization, answers included. */
  evaluationForObservation: rpc(
    'library',
    'evaluations.forObservation',
    'service',
    z.object({ organizationId: z.number().int(), evaluationId: z.number().int() }),
    ReviewEvaluation,
  ),
  /** For video analysis: the processed SOPs among these documents, with where their text is. */
  sopsForAnalysis: rpc(
    'library',
    'documents.forAnalysis',
    'service',
    z.object({ organizationId: z.number().int(), documentIds: z.array(z.number().int()) }),
    z.array(z.object({ sopId: z.number().int(), sopTitle: z.string(), textKey: z.string() })),
  ),
  /** Ids and current titles of the processed SOPs among these documents (nothing else loaded). */
  sopTitles: rpc(
    'library',
    'documents.sopTitles',
    'service',
    z.object({ organizationId: z.number().int(), documentIds: z.array(z.number().int()) }),
    z.array(z.object({ id: z.number().int(), title: z.string() })),
  ),
  /** For camera assignments: the processed SOPs of an organization (super administrator only). */
  organizationSops: rpc(
    'library',
    'documents.organizationSops',
    FROM_ROUTES,
    z.object({ actor: Actor, organizationId: z.number().int() }),
    z.array(SopChoice),
  ),
  /** For course editing: which of these documents have a published evaluation. */
  publishedEvaluations: rpc(
    'library',
    'evaluations.published',
    'service',
    z.object({ organizationId: z.number().int(), documentIds: z.array(z.number().int()) }),
    z.array(
      z.object({
        documentId: z.number().int(),
        title: z.string(),
        evaluationId: z.number().int().nullable(),
        published: z.boolean(),
      }),
    ),
  ),
  /** For certifications and team figures: the tag names of these documents of the organization. */
  documentTags: rpc(
    'library',
    'documents.tags',
    'service',
    z.object({ organizationId: z.number().int(), documentIds: z.array(z.number().int()) }),
    z.array(z.object({ documentId: z.number().int(), tags: z.array(z.string()) })),
  ),
  regenerateEvaluation: rpc(
    'library',
    'evaluations.regenerate',
    FROM_ROUTES,
    DocumentRef,
    LibraryDocument,
  ),
  /** For recommendations: each document's processing and evaluation state. */
  documentHealth: rpc(
    'library',
    'documents.health',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(
      z.object({
        documentId: z.number().int(),
        title: z.string(),
        sopProcessed: z.boolean(),
        /** Why processing failed; null unless it did. */
        processingError: z.string().nullable(),
        evaluationId: z.number().int().nullable(),
        evaluationStatus: z.enum(['draft', 'published']).nullable(),
        evaluationError: z.string().nullable(),
      }),
    ),
  ),
} as const;
