import { Inject, Injectable } from '@nestjs/common';
import { RpcClient, WebhookAnnouncer } from '@hub/kit';
import type { EntityManager } from 'typeorm';
import { RPC } from '../config.js';
import { personZone } from '../people/person-zone.js';
import { termFrom } from './certification-rules.js';
import { CertificationSettingsService } from './certification-settings.service.js';
import { CertificationsRepository } from './certifications.repository.js';
import { certificationData } from './certification-webhook.js';

export interface PassedObservation {
  id: number;
  organization_id: number;
  document_id: number;
  evaluation_title: string;
  operator_id: number;
  operator_name: string;
  observer_id: number;
  started_at: Date;
}

export interface CompletedCourse {
  organizationId: number;
  courseId: number;
  title: string;
  userId: number;
  holderName: string;
}

/** Issues (or renews) certifications when a person passes an SOP or completes a course. */
@Injectable()
export class CertificationIssuer {
  constructor(
    @Inject(CertificationsRepository) private readonly repository: CertificationsRepository,
    @Inject(CertificationSettingsService) private readonly settings: CertificationSettingsService,
    @Inject(WebhookAnnouncer) private readonly webhooks: WebhookAnnouncer,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  /**
   * The holder's zone, the one their certificate is dated in (their choice, else their device's,
   * else their organization's default, else UTC): the months are counted on that calendar.
   * Identity away: UTC, as terms were counted before, rather than fail the pass.
   */
  zoneOf(userId: number): Promise<string> {
    return personZone(this.rpc, userId, 'the term');
  }

  /**
   * Runs in the transaction that completes the observation, so a pass never lacks its record;
   * the holder's `zone` (zoneOf) is asked by the caller beside its other questions to identity,
   * not one after the other while the transaction holds its locks.
   */
  async sopPassed(
    tx: EntityManager,
    observation: PassedObservation,
    passed: { score: number; at: Date; zone: string },
  ) {
    const { score, at, zone } = passed;
    const months = await this.settings.monthsFor(
      observation.organization_id,
      observation.document_id,
      tx,
    );
    return this.repository.issue(
      {
        organizationId: observation.organization_id,
        userId: observation.operator_id,
        holderName: observation.operator_name,
        kind: 'sop',
        subjectId: observation.document_id,
        title: observation.evaluation_title,
        observationId: observation.id,
        observerId: observation.observer_id,
        score,
        validityMonths: months,
        observedFrom: observation.started_at,
        ...termFrom(at, months, zone),
      },
      tx,
    );
  }

  /** Issued and announced in one transaction (an SOP's is announced by the observation's). */
  async courseCompleted(course: CompletedCourse, at: Date) {
    const months = await this.settings.monthsFor(course.organizationId, null);
    const zone = await this.zoneOf(course.userId);
    return this.repository.transaction(async (tx) => {
      const issued = await this.repository.issue(
        {
          organizationId: course.organizationId,
          userId: course.userId,
          holderName: course.holderName,
          kind: 'course',
          subjectId: course.courseId,
          title: course.title,
          observationId: null,
          observerId: null,
          score: null,
          validityMonths: months,
          observedFrom: null,
          ...termFrom(at, months, zone),
        },
        tx,
      );
      await this.webhooks.announce(
        {
          organizationId: course.organizationId,
          type: 'certification.issued',
          key: `${issued.id}-${issued.issued_at.getTime()}`,
          data: certificationData(issued),
        },
        tx,
      );
      return issued;
    });
  }
}
