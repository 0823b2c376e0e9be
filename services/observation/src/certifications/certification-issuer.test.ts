import { describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { CertificationIssuer, type PassedObservation } from './certification-issuer.js';
import type { CertificationSettingsService } from './certification-settings.service.js';
import type { CertificationsRepository, Issue } from './certifications.repository.js';

/** An issuer whose repository keeps what it was asked to issue, the holder in `timeZone`. */
function issuerIn(timeZone: string | Error) {
  const issued: Issue[] = [];
  const repository = {
    issue: (issue: Issue) => {
      issued.push(issue);
      return Promise.resolve({
        id: 1,
        organization_id: issue.organizationId,
        user_id: issue.userId,
        holder_name: issue.holderName,
        kind: issue.kind,
        subject_id: issue.subjectId,
        title: issue.title,
        issued_at: issue.issuedAt,
        expires_at: issue.expiresAt,
        revoked_at: null,
        revoked_reason: null,
      });
    },
    transaction: (work: (tx: EntityManager) => Promise<unknown>) => work({} as EntityManager),
  } as unknown as CertificationsRepository;
  const settings = {
    monthsFor: () => Promise.resolve(12),
  } as unknown as CertificationSettingsService;
  const webhooks = { announce: () => Promise.resolve() } as unknown as WebhookAnnouncer;
  const rpc = {
    call: (_contract: unknown, request: { userIds: number[] }) =>
      timeZone instanceof Error
        ? Promise.reject(timeZone)
        : Promise.resolve(request.userIds.map((userId) => ({ userId, language: 'en', timeZone }))),
  } as unknown as RpcClient;
  return { issuer: new CertificationIssuer(repository, settings, webhooks, rpc), issued };
}

const observation: PassedObservation = {
  id: 9,
  organization_id: 3,
  document_id: 4,
  evaluation_title: 'Lockout',
  operator_id: 7,
  operator_name: 'Aroha',
  observer_id: 2,
  started_at: new Date('2027-02-28T18:30:00Z'),
};
// 1 March 2027, 08:00 in Auckland; 28 February in UTC.
const passedAt = new Date('2027-02-28T19:00:00Z');

describe('certification terms', () => {
  it("run to the same day on the holder's calendar, for an SOP and for a course", async () => {
    const { issuer, issued } = issuerIn('Pacific/Auckland');
    const zone = await issuer.zoneOf(observation.operator_id);
    await issuer.sopPassed({} as EntityManager, observation, { score: 90, at: passedAt, zone });
    await issuer.courseCompleted(
      { organizationId: 3, courseId: 5, title: 'Safety', userId: 7, holderName: 'Aroha' },
      passedAt,
    );
    expect(issued.map((issue) => issue.expiresAt.toISOString())).toEqual([
      '2028-02-29T19:00:00.000Z',
      '2028-02-29T19:00:00.000Z',
    ]);
  });

  it('run on UTC when identity cannot tell the zone, rather than lose the pass', async () => {
    const { issuer, issued } = issuerIn(new Error('identity away'));
    const zone = await issuer.zoneOf(observation.operator_id);
    await issuer.sopPassed({} as EntityManager, observation, { score: 90, at: passedAt, zone });
    expect(issued[0]!.expiresAt.toISOString()).toBe('2028-02-28T19:00:00.000Z');
  });
});
