import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ERROR_TEXTS,
  type NamedUnknownPerson,
  type PageRequest,
  type UnknownPerson,
  type UnknownPersonDetail,
  type UnknownPersonList,
} from '@hub/proto';
import { pageOf, RpcFailure } from '@hub/kit';
import type { Person } from '../review/apply-review.js';
import { FaceReviewService, NOT_A_MEMBER } from '../review/face-review.service.js';
import { unknownLabel } from './grouping.js';
import {
  type UnknownFaceRow,
  UnknownPeopleRepository,
  type UnknownPersonRow,
} from './unknown-people.repository.js';

export const UNKNOWN_PERSON_NOT_FOUND = 'Unknown person not found. They may have been named.';
export const UNKNOWN_FACE_NOT_FOUND = 'Face not found.';
export const NONE_NAMED = ERROR_TEXTS.unknown_person_none_named;

const thumbnailUrl = (faceId: number | null) =>
  faceId === null ? null : `/api/unknown-faces/${faceId}/thumbnail`;

function toUnknownPerson(row: UnknownPersonRow): UnknownPerson {
  return {
    id: row.id,
    number: row.number,
    label: unknownLabel(row.number),
    videos: row.videos,
    appearances: row.appearances,
    thumbnailUrl: thumbnailUrl(row.thumbnail_face_id),
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

const toAppearance = (row: UnknownFaceRow) => ({
  videoId: row.video_id,
  videoTitle: row.video_title,
  recordedAt: row.recorded_at.toISOString(),
  faceId: row.face_id,
  appearances: row.appearances,
  thumbnailUrl: row.thumbnail_key ? thumbnailUrl(row.id) : null,
});

/**
 * The organization's unknown people: faces that matched no member, grouped across its videos.
 * Naming one names each of its faces as the review of single faces does (many videos' faces a
 * transaction), so the reports, the audit rows and what follows a named face (the member's
 * videos, a learned enrolment) are the same as when a supervisor names them one by one.
 */
@Injectable()
export class UnknownPeopleService {
  constructor(
    @Inject(UnknownPeopleRepository) private readonly people: UnknownPeopleRepository,
    @Inject(FaceReviewService) private readonly reviews: FaceReviewService,
  ) {}

  async list(actor: Actor, page: PageRequest): Promise<UnknownPersonList> {
    const { total, rows } = await this.people.page(actor.organizationId, page.limit, page.cursor);
    const kept = pageOf(rows, page.limit, (row) => [row.cursor_at, String(row.number)]);
    return {
      people: kept.rows.map(toUnknownPerson),
      totalCount: total,
      nextCursor: kept.nextCursor,
    };
  }

  async person(actor: Actor, personId: number): Promise<UnknownPersonDetail> {
    const row = await this.people.find(actor.organizationId, personId);
    if (!row) throw RpcFailure.notFound(UNKNOWN_PERSON_NOT_FOUND);
    const faces = await this.people.faces(actor.organizationId, personId);
    return { ...toUnknownPerson(row), faces: faces.map(toAppearance) };
  }

  async thumbnail(actor: Actor, faceId: number): Promise<{ storageKey: string }> {
    const key = await this.people.thumbnailKey(actor.organizationId, faceId);
    if (!key) throw RpcFailure.notFound(UNKNOWN_FACE_NOT_FOUND);
    return { storageKey: key };
  }

  async name(actor: Actor, personId: number, userId: number): Promise<NamedUnknownPerson> {
    const row = await this.people.find(actor.organizationId, personId);
    if (!row) throw RpcFailure.notFound(UNKNOWN_PERSON_NOT_FOUND);
    const members = await this.reviews.members(actor, [actor.userId, userId]);
    const named = members.get(userId);
    if (!named) throw RpcFailure.validation(NOT_A_MEMBER, 'userId');
    const reviewer = members.get(actor.userId) ?? { id: actor.userId, name: 'A supervisor' };
    const faces = await this.people.faces(actor.organizationId, personId);
    const done = await this.nameEach(actor, faces, reviewer, named);
    // Nothing named is no naming: told as such, not as a success of 0 faces.
    if (done.length === 0) throw new RpcFailure('conflict', NONE_NAMED);
    await this.people.markPersonNamed(actor.organizationId, personId, userId, actor.userId);
    const videos = new Set(done.map((face) => face.video_id)).size;
    // Faces whose report could not take the name now (analysed again, or failed) stay listed.
    const left = faces.length - done.length;
    const stay = left > 0 ? ` ${left} face(s) could not be named now and stay listed.` : '';
    return {
      message: `${unknownLabel(row.number)} named ${named.name}: ${done.length} face(s) in ${videos} video(s).${stay}`,
      userId,
      faces: done.length,
      videos,
      left,
    };
  }

  /** The faces named, many videos' a transaction (see FaceReviewService.nameFaces). */
  private async nameEach(
    actor: Actor,
    faces: UnknownFaceRow[],
    reviewer: Person,
    named: Person,
  ): Promise<UnknownFaceRow[]> {
    const at = new Date().toISOString();
    const done = await this.reviews.nameFaces(actor, byVideoRun(faces), { reviewer, named, at });
    return faces.filter((face) => done.has(`${face.video_id}:${face.face_id}`));
  }
}

/** The faces of each video and run, in the order read. */
function byVideoRun(faces: readonly UnknownFaceRow[]) {
  const videos = new Map<string, { videoId: number; run: number; faceIds: string[] }>();
  for (const face of faces) {
    const key = `${face.video_id}:${face.run}`;
    const video = videos.get(key) ?? { videoId: face.video_id, run: face.run, faceIds: [] };
    video.faceIds.push(face.face_id);
    videos.set(key, video);
  }
  return [...videos.values()];
}
