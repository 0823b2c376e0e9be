import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  identityRpc,
  integrationRpc,
  libraryRpc,
  MEMBER_VIDEOS_PAGE,
  type MemberFilter,
  type MemberVideoPage,
  type PageRequest,
  Role,
  type TeamMember,
  type TeamMemberDetail,
  type TeamMemberPage,
  type TeamMembersRequest,
  type TeamStats,
  videoRpc,
} from '@hub/proto';
import { callOrOlder, decodeCursor, pageOf, RpcClient, RpcFailure } from '@hub/kit';
import { CertificationsService } from '../certifications/certifications.service.js';
import { RPC } from '../config.js';
import { ObservationFigures } from '../reporting/observation-figures.js';
import { courseStanding } from '../training/course-progress.js';
import { CoursesRepository } from '../training/courses.repository.js';
import { ActiveMembership } from './active-membership.js';
import { type Member, Members, memberStatus, roleOf } from './members.js';
import {
  safetyCompliance,
  type TeamInputs as TeamFigureInputs,
  teamStats,
} from './team-figures.js';
import { TeamRepository } from './team.repository.js';

export const MEMBER_NOT_FOUND = 'Team member not found';

/**
 * A person as Team Overview lists them: their department, status, performance and presence.
 * Someone suspended is present nowhere (as the head counts), whatever a camera saw of them.
 */
export function teamMember(
  person: Member,
  performance: Map<number, number>,
  present: Set<number>,
): TeamMember {
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    ...roleOf(person),
    status: memberStatus(person),
    performance: performance.get(person.id) ?? null,
    presentToday: !person.suspended && present.has(person.id),
    profilePicture: person.profilePicture,
  };
}

/**
 * The list's status as identity's filter. The choosers ask for `active` people (an operator to
 * observe, a job function's members): those who may act now, so nobody suspended (observing them
 * is refused). Without a status everyone is listed, the suspended too.
 */
function statusFilter(
  status: TeamMembersRequest['status'],
): Pick<MemberFilter, 'active' | 'suspended'> {
  if (status === undefined) return {};
  if (status === 'suspended') return { suspended: true };
  return { active: status === 'active', suspended: false };
}

/** Team Overview: the organization's people with figures from their own records. */
@Injectable()
export class TeamService {
  constructor(
    @Inject(CoursesRepository) private readonly courseRecords: CoursesRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(Members) private readonly members: Members,
    @Inject(TeamRepository) private readonly repository: TeamRepository,
    @Inject(ObservationFigures) private readonly figures: ObservationFigures,
    @Inject(CertificationsService) private readonly certifications: CertificationsService,
    @Inject(ActiveMembership) private readonly membership: ActiveMembership,
  ) {}

  /**
   * One page of the team list, searched and counted by identity in SQL, with the page's own
   * performance figures (at 100,000 people the whole list was 18 MiB and seconds).
   */
  async list(actor: Actor, query: TeamMembersRequest): Promise<TeamMemberPage> {
    const organizationId = actor.organizationId;
    const page = await this.members.page(
      { organizationId, search: query.search, roles: query.roles, ...statusFilter(query.status) },
      (query.page - 1) * query.pageSize,
      query.pageSize,
    );
    const ids = page.members.map((person) => person.id);
    const [performance, present] = await Promise.all([
      ids.length
        ? this.repository.performance(organizationId, ids)
        : Promise.resolve(new Map<number, number>()),
      this.presentAmong(actor, ids),
    ]);
    return {
      members: page.members.map((person) => teamMember(person, performance, present)),
      total: page.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * One member as the list shows them, without asking identity for everyone (at 100,000 people
   * the whole list took seconds for one page); null when not of the organization.
   */
  private async one(actor: Actor, userId: number): Promise<TeamMember | null> {
    const organizationId = actor.organizationId;
    const [people, performance, present] = await Promise.all([
      this.members.some(organizationId, [userId]),
      this.repository.performance(organizationId, [userId]),
      this.presentAmong(actor, [userId]),
    ]);
    const person = people.find((candidate) => candidate.id === userId);
    return person ? teamMember(person, performance, present) : null;
  }

  /**
   * Which of these people are present today (as presentToday): asked about them alone, so a
   * page or one member does not receive every id signed in or seen today (tens of thousands
   * in an organization of 100,000 at work).
   */
  private async presentAmong(actor: Actor, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    return this.presentToday(actor, userIds);
  }

  /**
   * What the stats count of the active members: head counts by role, present among them, and
   * the figures of those with one. Identity counts among the ids it is sent and names the
   * observed people who are not active members (at 100,000 people it answered every active id);
   * ActiveMembership sends only the observed ids not asked about at identity's current version,
   * and asks while the scores are read when it has verdicts kept.
   */
  private async activeFigures(actor: Actor): Promise<Pick<TeamFigureInputs, 'heads' | 'scores'>> {
    const organizationId = actor.organizationId;
    const scores = this.repository.scores(organizationId);
    const [performance, { roles, notActive }] = await Promise.all([
      scores,
      this.membership.counts(
        organizationId,
        this.presentToday(actor).then((present) => [...present]),
        scores.then((performance) => [...performance.keys()]),
      ),
    ]);
    for (const id of notActive) performance.delete(id);
    return {
      heads: roles.map((row) => ({ ...row, role: Role.parse(row.role) })),
      scores: [...performance.values()],
    };
  }

  /**
   * Present today (of `userIds` when given): signed in or seen by a camera since the start of
   * the organization's day, local midnight in its default time zone, as identity answers it
   * (identity counts its sign-ins from the same start).
   */
  private async presentToday(actor: Actor, userIds?: number[]): Promise<Set<number>> {
    const organizationId = actor.organizationId;
    const [signedIn, seen] = await Promise.all([
      this.rpc.call(identityRpc.signedInToday, { organizationId, userIds }),
      this.rpc
        .call(identityRpc.organizationDayStart, { organizationId })
        .then(({ since }) => this.rpc.call(integrationRpc.seenToday, { actor, userIds, since })),
    ]);
    return new Set([...signedIn, ...seen]);
  }

  async stats(actor: Actor): Promise<TeamStats> {
    const organizationId = actor.organizationId;
    // The library tags the SOPs as soon as they are known, while the other figures are read
    // (after all of them it added its 50-80 ms at 100,000 people).
    const [heads, trainingCompletion, [bySop, tags], firstAttempts] = await Promise.all([
      this.activeFigures(actor),
      this.figures.trainingCompletion(organizationId),
      this.repository.passesBySop(organizationId).then(async (rows) => {
        const documentIds = rows.map((row) => row.documentId);
        const tagged = documentIds.length
          ? await this.rpc.call(libraryRpc.documentTags, { organizationId, documentIds })
          : [];
        return [rows, tagged] as const;
      }),
      this.repository.firstAttempts(organizationId),
    ]);
    return teamStats({
      ...heads,
      trainingCompletion,
      safetyCompliance: safetyCompliance(
        bySop,
        new Map(tags.map((row) => [row.documentId, row.tags])),
      ),
      firstAttempts,
    });
  }

  async member(actor: Actor, userId: number): Promise<TeamMemberDetail> {
    const organizationId = actor.organizationId;
    // The records are read while identity says whether this is a member (each read is scoped
    // to the organization, so a stranger's are none); not one after the other (six calls to
    // four services in a row at 100,000 people). Not a member: not found, whatever they say.
    const records = Promise.all([
      this.certifications.rows(actor, { userId, limit: 500 }),
      this.repository.observationsOf(organizationId, userId),
      this.courses(organizationId, userId),
      this.videoPage(organizationId, userId, { limit: MEMBER_VIDEOS_PAGE }),
    ]);
    records.catch(() => undefined);
    const member = await this.one(actor, userId);
    if (!member) throw RpcFailure.notFound(MEMBER_NOT_FOUND);
    const [certifications, observations, courses, appearances] = await records;
    return {
      member,
      certifications,
      observations: observations.map((row) => ({
        ...row,
        startedAt: row.startedAt.toISOString(),
        completedAt: row.completedAt?.toISOString() ?? null,
      })),
      courses,
      videos: appearances.videos,
      videoCount: appearances.totalCount,
      videosCursor: appearances.nextCursor,
    };
  }

  /**
   * The member's videos after the first page their details carry; read while identity says
   * whether this is a member (a stranger is not found, as their details are not).
   */
  async memberVideos(actor: Actor, userId: number, page: PageRequest): Promise<MemberVideoPage> {
    const organizationId = actor.organizationId;
    const videos = this.videoPage(organizationId, userId, page);
    videos.catch(() => undefined);
    const people = await this.members.some(organizationId, [userId]);
    if (!people.some((person) => person.id === userId)) {
      throw RpcFailure.notFound(MEMBER_NOT_FOUND);
    }
    return videos;
  }

  /**
   * A page of the member's videos; during a rolling upgrade a video pod of the previous release
   * knows only `appearancesOf` (every video at once), of which the page is cut.
   */
  private videoPage(organizationId: number, userId: number, page: PageRequest) {
    const request = { organizationId, userId, page };
    return callOrOlder(this.rpc, videoRpc.memberVideoPage, request, async () =>
      memberVideoPageOf(
        await this.rpc.call(videoRpc.appearancesOf, { organizationId, userId }),
        page,
      ),
    );
  }

  private async courses(organizationId: number, userId: number) {
    const [rows, passed] = await Promise.all([
      this.repository.enrolmentsOf(organizationId, userId),
      this.courseRecords.passedDocuments(organizationId, userId),
    ]);
    return rows.map((row) => {
      const { status, progress } = courseStanding(row.documents, passed, row);
      return {
        courseId: row.courseId,
        title: row.title,
        status,
        progress,
        completedAt: row.completedAt?.toISOString() ?? null,
      };
    });
  }
}

type MemberVideo = MemberVideoPage['videos'][number];

/**
 * The page memberVideoPage answers, cut from every video (latest recorded first): those after
 * the cursor's (recorded, id), which a page of either release may have written.
 */
export function memberVideoPageOf(every: MemberVideo[], page: PageRequest): MemberVideoPage {
  const key = decodeCursor(page.cursor, ['time', 'id']);
  const at = key ? Date.parse(key[0]!) : 0;
  const id = key ? Number(key[1]) : 0;
  const after = key
    ? every.filter((video) => {
        const recorded = Date.parse(video.recordedAt);
        return recorded < at || (recorded === at && video.videoId < id);
      })
    : every;
  const kept = pageOf(after, page.limit, (video) => [video.recordedAt, String(video.videoId)]);
  return { videos: kept.rows, totalCount: every.length, nextCursor: kept.nextCursor };
}
