import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { identityRpc } from '@hub/proto';
import { bounded, RpcClient, WebhookAnnouncer } from '@hub/kit';
import type { CertificationRow } from '../certifications/certifications.repository.js';
import { certificationData } from '../certifications/certification-webhook.js';
import { RPC } from '../config.js';
import { CourseCompletion } from '../training/course-completion.js';
import type { ObservationRow } from './observation-rows.js';
import { ObservationsRepository, type OwedEffects } from './observations.repository.js';

/** How often completions whose course progress or notices failed are tried again. */
const EFFECTS_RETRY_MS = 30_000;

/** In the completing transaction: the facts and their events commit together. */
export async function announceCompletion(
  webhooks: WebhookAnnouncer,
  tx: EntityManager,
  completion: {
    row: ObservationRow;
    score: number;
    passed: boolean;
    issued: CertificationRow | null;
  },
): Promise<void> {
  const { row, score, passed, issued } = completion;
  const organizationId = row.organization_id;
  await webhooks.announce(
    {
      organizationId,
      type: 'observation.completed',
      key: String(row.id),
      data: {
        observationId: row.id,
        documentId: row.document_id,
        evaluationTitle: bounded(row.evaluation_title),
        operatorId: row.operator_id,
        operatorName: bounded(row.operator_name),
        observerId: row.observer_id,
        score,
        passed,
      },
    },
    tx,
  );
  if (issued) {
    await webhooks.announce(
      {
        organizationId,
        type: 'certification.issued',
        key: `${issued.id}-${issued.issued_at.getTime()}`,
        data: certificationData(issued),
      },
      tx,
    );
  }
}

/**
 * What a completion owes after its commit (`completion_effects`): the notices and the operator's
 * course progress, settled by the request that completed it and, should that fail, retried.
 */
@Injectable()
export class CompletionEffects implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Observations');
  private retryTimer?: NodeJS.Timeout;

  constructor(
    @Inject(ObservationsRepository) private readonly repository: ObservationsRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(CourseCompletion) private readonly courses: CourseCompletion,
  ) {}

  onApplicationBootstrap(): void {
    this.retryTimer = setInterval(() => void this.settle(), EFFECTS_RETRY_MS);
    this.retryTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.retryTimer);
  }

  /**
   * The course progress and notices owed by completions (this observation's, or those due when
   * none is named, with the courses' owed checks and certificates). Never throws: a failure
   * stays owed, and waits, for a later pass.
   */
  async settle(observationId: number | null = null): Promise<void> {
    try {
      const failures = await this.repository.settleEffects(observationId, (owed) =>
        this.completionEffects(owed),
      );
      for (const error of failures)
        this.logger.warn(`completion effects failed, retried later: ${String(error)}`);
    } catch (error) {
      this.logger.warn(`completion effects not settled: ${String(error)}`);
    }
    if (observationId === null) await this.settleCourses();
  }

  /**
   * The retry pass also does the completion checks course edits owe, then issues the course
   * certificates completions still owe (those the checks just completed among them).
   */
  private async settleCourses(): Promise<void> {
    await this.courses
      .recheckCourses()
      .catch((error: unknown) => this.logger.warn(`course completion checks: ${String(error)}`));
    await this.courses
      .settleOwed()
      .catch((error: unknown) => this.logger.warn(`course certificates: ${String(error)}`));
  }

  /**
   * The people told first: the notice is keyed, so a retry after a failed course update tells
   * nobody twice. Someone gone at completion is neither told nor progressed.
   */
  private async completionEffects(owed: OwedEffects): Promise<void> {
    const score = Number(owed.score);
    const passed = owed.passed === true;
    await this.rpc.call(identityRpc.notify, {
      userIds: owed.operator_present ? [owed.operator_id, owed.observer_id] : [owed.observer_id],
      notification: {
        type: passed ? 'success' : 'warning',
        key: 'observationCompleted',
        params: {
          operator: owed.operator_name,
          evaluation: owed.evaluation_title,
          passed,
          score,
          passMark: owed.pass_mark,
          observer: owed.observer_name,
        },
      },
      key: `observation-completed:${owed.id}`,
    });
    if (owed.operator_present)
      await this.courses.forLearner(owed.operator_id, passed ? owed.document_id : null);
  }
}
