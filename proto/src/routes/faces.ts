import { z } from 'zod';
import { defineRoute } from '../http.js';
import { videoRpc } from '../rpc/video.js';
import { ALL_ROLES, ORGANIZATION_ADMINS, STAFF_ROLES } from '../roles.js';
import { FACE_REFERENCE_UPLOAD } from '../uploads.js';
import {
  FaceIdParams,
  FaceReference,
  FaceReferenceList,
  FaceReferenceParams,
  MemberFaceReferenceParams,
  NamedUnknownPerson,
  NameUnknownPersonRequest,
  ReviewFaceRequest,
  UnknownFaceParams,
  UnknownPeopleQuery,
  UnknownPersonDetail,
  UnknownPersonList,
  UnknownPersonParams,
  VideoWithReport,
} from '../video.js';
import { RowId } from '../row-id.js';

const MemberParams = z.object({ id: RowId });
const Message = z.object({ message: z.string() });

/**
 * Reference photos of faces (yours, or a member's for administrators) and the review of reports.
 * Your own references name you in videos: changed from your session only, never by a token, by
 * your routes or by a member's naming you.
 */
export const faceRoutes = {
  myFaceReferences: defineRoute({
    method: 'GET',
    path: '/api/user/face-references',
    summary: 'Your reference photos for face identification, besides your profile picture',
    tag: 'faces',
    access: ALL_ROLES,
    response: FaceReferenceList,
    relay: {
      rpc: videoRpc.faceReferences,
      request: ({ actor }) => ({ actor, userId: actor.userId }),
    },
  }),
  addMyFaceReference: defineRoute({
    method: 'POST',
    path: '/api/user/face-references',
    summary:
      'Add a reference photo of your face (field photo, JPEG or PNG up to 5 MB): answered once checked (one face, large enough, sharp)',
    tag: 'faces',
    access: ALL_ROLES,
    sessionOnly: true,
    audit: 'face-reference.add',
    response: FaceReference,
    upload: FACE_REFERENCE_UPLOAD,
  }),
  deleteMyFaceReference: defineRoute({
    method: 'DELETE',
    path: '/api/user/face-references/:referenceId',
    summary: 'Delete one of your reference photos and its face data',
    tag: 'faces',
    access: ALL_ROLES,
    sessionOnly: true,
    audit: 'face-reference.delete',
    params: FaceReferenceParams,
    response: Message,
    relay: {
      rpc: videoRpc.deleteFaceReference,
      request: ({ actor, params }) => ({
        actor,
        userId: actor.userId,
        referenceId: params.referenceId,
      }),
    },
  }),
  memberFaceReferences: defineRoute({
    method: 'GET',
    path: '/api/team/members/:id/face-references',
    summary: "A member's reference photos for face identification",
    tag: 'faces',
    access: ORGANIZATION_ADMINS,
    params: MemberParams,
    response: FaceReferenceList,
    relay: {
      rpc: videoRpc.faceReferences,
      request: ({ actor, params }) => ({ actor, userId: params.id }),
    },
  }),
  addMemberFaceReference: defineRoute({
    method: 'POST',
    path: '/api/team/members/:id/face-references',
    summary: "Add a reference photo of a member's face (field photo): answered once checked",
    tag: 'faces',
    access: ORGANIZATION_ADMINS,
    audit: 'face-reference.add',
    params: MemberParams,
    response: FaceReference,
    upload: FACE_REFERENCE_UPLOAD,
  }),
  // Not relayed: the gateway refuses it to a token naming its creator (face-references.controller).
  deleteMemberFaceReference: defineRoute({
    method: 'DELETE',
    path: '/api/team/members/:id/face-references/:referenceId',
    summary: "Delete a member's reference photo and its face data",
    tag: 'faces',
    access: ORGANIZATION_ADMINS,
    audit: 'face-reference.delete',
    params: MemberFaceReferenceParams,
    response: Message,
  }),
  faceReferencePhoto: defineRoute({
    method: 'GET',
    path: '/api/face-references/:referenceId/photo',
    summary: "A reference photo: your own, or a member's for administrators",
    tag: 'faces',
    access: ALL_ROLES,
    params: FaceReferenceParams,
    response: z.any(),
  }),
  reviewFace: defineRoute({
    method: 'POST',
    path: '/api/videos/:id/faces/:faceId/review',
    summary:
      'Confirm an identification, reject it ("not this person") or name an unidentified face; the report changes at once',
    tag: 'videos',
    access: STAFF_ROLES,
    audit: 'video.face-review',
    params: FaceIdParams,
    body: ReviewFaceRequest,
    response: VideoWithReport,
    relay: {
      rpc: videoRpc.reviewFace,
      request: ({ actor, params, body }) => ({
        actor,
        videoId: params.id,
        faceId: params.faceId,
        review: body,
      }),
    },
  }),
  // Unknown people: the same staff who review a report's faces see and name them.
  unknownPeople: defineRoute({
    method: 'GET',
    path: '/api/unknown-people',
    summary:
      "Faces of your organization's videos that match no member, grouped by person (videos, appearances, a crop, last seen; latest seen first, cursor-paged)",
    tag: 'faces',
    access: STAFF_ROLES,
    query: UnknownPeopleQuery,
    response: UnknownPersonList,
    paged: { items: 'people' },
    relay: { rpc: videoRpc.unknownPeople, request: ({ actor, query }) => ({ actor, page: query }) },
  }),
  unknownPerson: defineRoute({
    method: 'GET',
    path: '/api/unknown-people/:id',
    summary: 'One unknown person and each of their faces, by video',
    tag: 'faces',
    access: STAFF_ROLES,
    params: UnknownPersonParams,
    response: UnknownPersonDetail,
    relay: {
      rpc: videoRpc.unknownPerson,
      request: ({ actor, params }) => ({ actor, personId: params.id }),
    },
  }),
  nameUnknownPerson: defineRoute({
    method: 'POST',
    path: '/api/unknown-people/:id/name',
    summary:
      'Name an unknown person as a member: every one of their faces is named in its report at once',
    tag: 'faces',
    access: STAFF_ROLES,
    audit: 'video.unknown-person.name',
    auditBody: ['userId'],
    params: UnknownPersonParams,
    body: NameUnknownPersonRequest,
    response: NamedUnknownPerson,
  }),
  unknownFaceThumbnail: defineRoute({
    method: 'GET',
    path: '/api/unknown-faces/:faceId/thumbnail',
    summary: 'The crop (JPEG) of one unknown face of your organization',
    tag: 'faces',
    access: STAFF_ROLES,
    params: UnknownFaceParams,
    response: z.any(),
  }),
} as const;
