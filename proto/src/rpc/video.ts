import { z } from 'zod';
import { ServicePing } from '../health.js';
import { Actor, ALL_ROLES, STAFF_ROLES } from '../roles.js';
import { PageRequest } from '../paging.js';
import { rpc, FROM_ROUTES } from '../rpc.js';
import { WorkEvents } from '../dashboard.js';
import {
  FaceReference,
  FaceReferenceList,
  LinkedSop,
  NamedUnknownPerson,
  ReviewFaceRequest,
  UnknownPersonDetail,
  UnknownPersonList,
  Video,
  VideoList,
  VideoWithReport,
} from '../video.js';
import { FaceEnrolment } from '../video-jobs.js';
import { MemberVideo, MemberVideoPage } from '../team.js';

const VideoRef = z.object({ actor: Actor, videoId: z.number().int() });
/** An analysed video in which people were detected but not all identified. */
const IdentificationGap = z.object({
  videoId: z.number().int(),
  title: z.string(),
  detectedOperators: z.number().int(),
  identifiedOperators: z.number().int(),
  analyzedAt: z.string(),
});
/** Whose reference photos: the actor's own, or (administrators) a member's; the service decides. */
const PersonRef = z.object({ actor: Actor, userId: z.number().int() });
const ReferenceRef = PersonRef.extend({ referenceId: z.number().int() });

export const videoRpc = {
  ping: rpc('video', 'ping', 'service', z.object({}), ServicePing),
  /** The Hub's work events of the video service: videos analysed (staff only). */
  hubActivity: rpc(
    'video',
    'videos.hubActivity',
    ALL_ROLES,
    z.object({ actor: Actor, limit: z.number().int().min(1).max(50) }),
    WorkEvents,
  ),
  list: rpc(
    'video',
    'videos.list',
    FROM_ROUTES,
    z.object({
      actor: Actor,
      search: z.string().optional(),
      limit: z.number().int(),
      cursor: z.string().optional(),
    }),
    VideoList,
  ),
  get: rpc('video', 'videos.get', FROM_ROUTES, VideoRef, VideoWithReport),
  create: rpc(
    'video',
    'videos.create',
    STAFF_ROLES,
    z.object({
      actor: Actor,
      title: z.string(),
      description: z.string(),
      recordedAt: z.string(),
      linkedSops: z.array(LinkedSop),
      storageKey: z.string(),
      fileName: z.string(),
      fileSize: z.number().int(),
    }),
    Video,
  ),
  delete: rpc('video', 'videos.delete', FROM_ROUTES, VideoRef, z.object({ message: z.string() })),
  analyze: rpc(
    'video',
    'videos.analyze',
    FROM_ROUTES,
    VideoRef.extend({ sopIds: z.array(z.number().int()) }),
    Video,
  ),
  /** Whether a storage key is a video of the actor's organization, whatever the path said. */
  streamKey: rpc(
    'video',
    'videos.streamKey',
    STAFF_ROLES,
    z.object({ actor: Actor, key: z.string() }),
    z.object({ key: z.string() }),
  ),
  /**
   * Team Overview: every analysed video in which this person was identified, latest recorded
   * first. No service of this release asks it (each asks a page, `memberVideoPage`); answered
   * for the previous release's services during a rolling upgrade, removed in the next.
   */
  appearancesOf: rpc(
    'video',
    'videos.appearancesOf',
    'service',
    z.object({ organizationId: z.number().int(), userId: z.number().int() }),
    z.array(MemberVideo),
  ),
  /**
   * Team Overview: a page of the analysed videos in which this person was identified, latest
   * recorded first (the member's page and its next pages); the organization scopes it.
   */
  memberVideoPage: rpc(
    'video',
    'videos.memberVideoPage',
    'service',
    z.object({ organizationId: z.number().int(), userId: z.number().int(), page: PageRequest }),
    MemberVideoPage,
  ),
  /** The integration service's snapshot identification: this organization's enrolled faces only. */
  enrolments: rpc(
    'video',
    'faces.enrolments',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(FaceEnrolment),
  ),
  /** Reference photos of a person's face; each one an enrolment of its own when checked. */
  faceReferences: rpc('video', 'faces.references', FROM_ROUTES, PersonRef, FaceReferenceList),
  /** Answers once the worker checked the photo (or when it is still checking after a while). */
  addFaceReference: rpc(
    'video',
    'faces.references.add',
    ALL_ROLES,
    PersonRef.extend({ storageKey: z.string() }),
    FaceReference,
  ),
  deleteFaceReference: rpc(
    'video',
    'faces.references.delete',
    FROM_ROUTES,
    ReferenceRef,
    z.object({ message: z.string() }),
  ),
  /** The stored photo of a reference the actor may see (its own, or a member's for admins). */
  faceReferencePhoto: rpc(
    'video',
    'faces.references.photo',
    ALL_ROLES,
    z.object({ actor: Actor, referenceId: z.number().int() }),
    z.object({ storageKey: z.string() }),
  ),
  /** A supervisor's confirmation, rejection or naming of one face of a report. */
  reviewFace: rpc(
    'video',
    'videos.reviewFace',
    FROM_ROUTES,
    VideoRef.extend({ faceId: z.string(), review: ReviewFaceRequest }),
    VideoWithReport,
  ),
  /** The organization's unknown people, not yet named. */
  unknownPeople: rpc(
    'video',
    'faces.unknownPeople',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    UnknownPersonList,
  ),
  unknownPerson: rpc(
    'video',
    'faces.unknownPerson',
    FROM_ROUTES,
    z.object({ actor: Actor, personId: z.number().int() }),
    UnknownPersonDetail,
  ),
  /** Names every face of an unknown person through the review of each report. */
  nameUnknownPerson: rpc(
    'video',
    'faces.unknownPerson.name',
    STAFF_ROLES,
    z.object({ actor: Actor, personId: z.number().int(), userId: z.number().int() }),
    NamedUnknownPerson,
  ),
  /** The stored crop of an unknown face of the actor's organization. */
  unknownFaceThumbnail: rpc(
    'video',
    'faces.unknownFace.thumbnail',
    STAFF_ROLES,
    z.object({ actor: Actor, faceId: z.number().int() }),
    z.object({ storageKey: z.string() }),
  ),
  /**
   * For recommendations: every analysed video in which people were detected but not all
   * identified. No service of this release asks it (each asks the counts and the latest few,
   * `identificationGapCounts`); answered for the previous release's services during a rolling
   * upgrade, removed in the next.
   */
  identificationGaps: rpc(
    'video',
    'videos.identificationGaps',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(IdentificationGap),
  ),
  /**
   * For recommendations: how many analysed videos detected people not all identified, and how
   * many such people, with the `limit` latest of those videos (the finding's evidence), not every
   * one of years of videos.
   */
  identificationGapCounts: rpc(
    'video',
    'videos.identificationGapCounts',
    'service',
    z.object({ organizationId: z.number().int(), limit: z.number().int().min(1).max(100) }),
    z.object({
      videoCount: z.number().int(),
      unidentifiedOperators: z.number().int(),
      latest: z.array(IdentificationGap),
    }),
  ),
} as const;
