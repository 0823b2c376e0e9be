import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { identityRpc, libraryRpc, type MemberKey, type RpcAnswer, videoRpc } from '@hub/proto';
import { callOrOlder, type RpcClient } from '@hub/kit';
import { type Member, MEMBER_ID_PAGE, memberIdsOf } from '../team/members.js';
import type { RecommendationsRepository } from './recommendations.repository.js';
import {
  expiringCertificationsRule,
  type Finding,
  idleSupervisorsRule,
  MAX_EVIDENCE,
  missedQuestionsRule,
  reobservationRule,
  sopPassRateRule,
} from './rules.js';
import {
  failedDocumentsRule,
  unidentifiedOperatorsRule,
  unpublishedEvaluationsRule,
} from './content-rules.js';

/** Supervisors asked of identity per page (memberPage's most). */
const SUPERVISOR_PAGE = 1000;

/** Nightly at 02:30 UTC (before the certification sweep at 03:00). */
export const RECOMMENDATIONS_SCHEDULE = { id: 'recommendations-nightly', pattern: '30 2 * * *' };

/**
 * Runs every rule over one organization's data and stores the findings. Rows of this service
 * come from the repository; documents, evaluations, videos and people are asked of the
 * services that own them.
 */
export class RecommendationEngine {
  private readonly logger = new Logger('Recommendations');

  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly rpc: RpcClient,
    /** Ids asked of identity a call (memberIdPage's most; tests ask fewer). */
    private readonly idPage = MEMBER_ID_PAGE,
  ) {}

  static async schedule(queue: Queue): Promise<void> {
    await queue.upsertJobScheduler(
      RECOMMENDATIONS_SCHEDULE.id,
      { pattern: RECOMMENDATIONS_SCHEDULE.pattern, tz: 'UTC' },
      { name: 'evaluate-all', data: {} },
    );
  }

  async findings(organizationId: number, now = new Date()): Promise<Finding[]> {
    const [certifications, scheduled, sops, questions, supervisors, documents, videos, reobserve] =
      await Promise.all([
        this.repository.expiringCertifications(organizationId),
        this.repository.operatorsBeingObserved(organizationId),
        this.repository.sopResults(organizationId),
        this.repository.questionResults(organizationId),
        this.supervisors(organizationId),
        this.rpc.call(libraryRpc.documentHealth, { organizationId }),
        this.identificationGaps(organizationId),
        this.repository.pendingReobservations(organizationId),
      ]);
    // Pending and suspended people cannot be observed (nor observe): nothing to recommend.
    const observable = await this.observable(organizationId, [
      ...certifications.map((row) => row.userId),
      ...reobserve.map((row) => row.userId),
    ]);
    // A deleted SOP's observations and certifications stay as history: nobody can retrain on
    // it, edit its evaluation or observe it again, so it raises nothing (the library lists
    // every document it still has).
    const inLibrary = new Set(documents.map((document) => document.documentId));
    const lastObserved = await this.repository.lastObservationBy(
      organizationId,
      supervisors.map((member) => member.id),
    );
    return [
      ...expiringCertificationsRule(
        certifications.filter(
          (row) =>
            observable.has(row.userId) &&
            (row.documentId === null || inLibrary.has(row.documentId)),
        ),
        scheduled,
        now,
      ),
      ...reobservationRule(
        reobserve.filter((row) => observable.has(row.userId) && inLibrary.has(row.documentId)),
      ),
      ...sopPassRateRule(sops.filter((row) => inLibrary.has(row.documentId))),
      ...missedQuestionsRule(questions.filter((row) => inLibrary.has(row.documentId))),
      ...idleSupervisorsRule(
        supervisors.map((member) => ({
          userId: member.id,
          name: member.name,
          lastObservationAt: lastObserved.get(member.id) ?? null,
        })),
        now,
      ),
      ...unpublishedEvaluationsRule(documents),
      ...failedDocumentsRule(documents),
      ...unidentifiedOperatorsRule(videos),
    ];
  }

  /**
   * Of these people, those who can be observed: accepted and not suspended. Only the holders
   * are asked about, not the whole organization (100,000 people were 18 MiB a run), and a batch
   * of them a call: the holders of 100,000 people's certifications are as many.
   */
  /**
   * How many analysed videos left people unidentified, with the latest few; during a rolling
   * upgrade a video pod of the previous release knows only `identificationGaps` (every such video),
   * from which they are counted.
   */
  private identificationGaps(organizationId: number) {
    const request = { organizationId, limit: MAX_EVIDENCE };
    return callOrOlder(this.rpc, videoRpc.identificationGapCounts, request, async () =>
      gapCountsOf(await this.rpc.call(videoRpc.identificationGaps, { organizationId })),
    );
  }

  private async observable(organizationId: number, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const filter = { organizationId, active: true, suspended: false, userIds };
    return new Set(await memberIdsOf(this.rpc, filter, this.idPage));
  }

  /** The training supervisors who can observe (accepted, not suspended), a page at a time. */
  private async supervisors(organizationId: number): Promise<Member[]> {
    const filter = {
      organizationId,
      roles: ['training_supervisor'],
      active: true,
      suspended: false,
    };
    const found: Member[] = [];
    let after: MemberKey | undefined;
    for (;;) {
      const { members } = await this.rpc.call(identityRpc.memberPage, {
        ...filter,
        offset: 0,
        limit: SUPERVISOR_PAGE,
        ...(after ? { after } : {}),
      });
      found.push(...members);
      const last = members.at(-1);
      if (members.length < SUPERVISOR_PAGE || !last) return found;
      after = { name: last.name, id: last.id };
    }
  }

  async evaluate(organizationId: number): Promise<number> {
    const findings = await this.findings(organizationId);
    await this.repository.reconcile(organizationId, findings);
    return findings.length;
  }

  /** The nightly run: every organization, one at a time; one failing does not stop the rest. */
  async evaluateAll(): Promise<number> {
    const organizations = await this.rpc.call(identityRpc.organizationIds, {});
    let evaluated = 0;
    for (const organizationId of organizations) {
      try {
        await this.evaluate(organizationId);
        evaluated += 1;
      } catch (error) {
        this.logger.error(`organization ${organizationId}: ${String(error)}`);
      }
    }
    return evaluated;
  }
}

type IdentificationGapCounts = RpcAnswer<typeof videoRpc.identificationGapCounts>;

/** identificationGapCounts' answer from every gap video: its counts and MAX_EVIDENCE latest. */
export function gapCountsOf(every: IdentificationGapCounts['latest']): IdentificationGapCounts {
  const latest = every
    .toSorted(
      (a, b) => Date.parse(b.analyzedAt) - Date.parse(a.analyzedAt) || b.videoId - a.videoId,
    )
    .slice(0, MAX_EVIDENCE);
  const unidentifiedOperators = every.reduce(
    (sum, video) => sum + video.detectedOperators - video.identifiedOperators,
    0,
  );
  return { videoCount: every.length, unidentifiedOperators, latest };
}
