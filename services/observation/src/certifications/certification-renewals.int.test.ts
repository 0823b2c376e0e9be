import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { CertificationsRepository, type Issue } from './certifications.repository.js';

const ORG = 93;
const HOUR_MS = 60 * 60 * 1000;

/** A course's certification of learner 7, its term from `issuedAt`. */
const courseTerm = (issuedAt: Date): Issue => ({
  organizationId: ORG,
  userId: 7,
  holderName: 'Lee',
  kind: 'course',
  subjectId: 3,
  title: 'Freezers',
  observationId: null,
  observerId: null,
  score: null,
  validityMonths: 12,
  issuedAt,
  expiresAt: new Date(issuedAt.getTime() + 365 * 24 * HOUR_MS),
  observedFrom: null,
});

describe('a certification issued late, for an earlier completion', () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: CertificationsRepository;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    repository = new CertificationsRepository(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('keeps the later term and its revocation (a course certificate owed since, settled after a renewal)', async () => {
    const completedAt = new Date(Date.now() - 2 * HOUR_MS);
    const renewedAt = new Date(Date.now() - HOUR_MS);
    // The completion's certificate stayed owed (identity away); a pass of one of the course's
    // SOPs renewed it meanwhile, and an administrator revoked that.
    const renewed = await repository.issue(courseTerm(renewedAt));
    await repository.revoke(ORG, renewed.id, 1, 'Wrong person observed');

    const settled = await repository.issue(courseTerm(completedAt));

    expect(settled.id).toBe(renewed.id);
    const kept = await repository.find(ORG, renewed.id);
    expect(kept).toMatchObject({
      issued_at: renewedAt,
      expires_at: renewed.expires_at,
      revoked_reason: 'Wrong person observed',
      verification_code: renewed.verification_code,
    });
    expect(kept!.revoked_at).not.toBeNull();
  });
});
