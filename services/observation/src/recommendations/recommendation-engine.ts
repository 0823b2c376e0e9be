import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { identityRpc, libraryRpc, videoRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { RecommendationsRepository } from './recommendations.repository.js';
import {
  expiringCertificationsRule,
  type Finding,
  idleSupervisorsRule,
  missedQuestionsRule,
  reobservationRule,
  sopPassRateRule,
} from './rules.js';
import {
  failedDocumentsRule,
  unidentifiedOperatorsRule,
  unpublishedEvaluationsRule,
} from './content-rules.js';

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
  ) {}

  static async schedule(queue: Queue): Promise<void> {
    await queue.upsertJobScheduler(
      RECOMMENDATIONS_SCHEDULE.id,
      { pattern: RECOMMENDATIONS_SCHEDULE.pattern, tz: 'UTC' },
      { name: 'evaluate-all', data: {} },
    );
  }

  async findings(organizationId: number, now = new Date()): Promise<Finding[]> {
    const [certifications, scheduled, sops, questions, members, documents, videos, reobserve] =
      await Promise.all([
        this.repository.expiringCertifications(organizationId),
        this.repository.operatorsBeingObserved(organizationId),
        this.repository.sopResults(organizationId),
        this.repository.questionResults(organizationId),
        this.rpc.call(identityRpc.members, { organizationId }),
        this.rpc.call(libraryRpc.documentHealth, { organizationId }),
        this.rpc.call(videoRpc.identificationGaps, { organizationId }),
        this.repository.pendingReobservations(organizationId),
      ]);
    // Pending and suspended people cannot be observed (nor observe): nothing to recommend.
    const present = members.filter((member) => member.isActive && !member.suspended);
    const observable = new Set(present.map((member) => member.id));
    const supervisors = present.filter((member) => member.role === 'training_supervisor');
    const lastObserved = await this.repository.lastObservationBy(
      organizationId,
      supervisors.map((member) => member.id),
    );
    return [
      ...expiringCertificationsRule(
        certifications.filter((row) => observable.has(row.userId)),
        scheduled,
        now,
      ),
      ...reobservationRule(reobserve.filter((row) => observable.has(row.userId))),
      ...sopPassRateRule(sops),
      ...missedQuestionsRule(questions),
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
