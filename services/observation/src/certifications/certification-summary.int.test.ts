import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, CertificationListQuery, identityRpc } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import type { ObservationConfig } from '../config.js';
import { openObservationDatabase } from '../database.js';
import { inZone } from '../test-support/database-zone.js';
import { CertificationsRepository } from './certifications.repository.js';
import { CertificationsService } from './certifications.service.js';

const ORG = 91;
/** Certifications issued around the first midnight of this month in Los Angeles. */
const LOS_ANGELES_ORG = 94;
const LOS_ANGELES = 'America/Los_Angeles';

/**
 * Two certifications of `organizationId`: an hour before this month began in `zone`, and an
 * hour after (whichever month it is there now).
 */
function issuedAroundTheMonthStart(db: DataSource, organizationId: number, zone: string) {
  return db.query(
    `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
       validity_months, issued_at, expires_at, verification_code)
     SELECT $1::int, n, 'Holder ' || n, 'sop', 4, 'Cooling', 12, at, at + interval '1 year',
            'SUMM-' || $1 || '-' || n
       FROM (SELECT n, date_trunc('month', now() AT TIME ZONE $2) AT TIME ZONE $2
                       + make_interval(hours => CASE n WHEN 1 THEN -1 ELSE 1 END) AS at
               FROM generate_series(1, 2) n) rows`,
    [organizationId, zone],
  );
}

/** Identity knowing every reader in `timeZone`; the library tagging every SOP 'Kitchen'. */
function services(timeZone: string): RpcClient {
  return {
    call: async (contract: unknown, request: { userIds?: number[]; documentIds?: number[] }) =>
      contract === identityRpc.languagesOf
        ? (request.userIds ?? []).map((userId) => ({ userId, language: 'en', timeZone }))
        : (request.documentIds ?? []).map((documentId) => ({ documentId, tags: ['Kitchen'] })),
  } as unknown as RpcClient;
}

describe("the certifications page's 'Completed This Month'", () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(inZone(resources.databaseUrl, 'Pacific/Auckland'));
    await issuedAroundTheMonthStart(db, ORG, 'UTC');
    await issuedAroundTheMonthStart(db, LOS_ANGELES_ORG, LOS_ANGELES);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("counts a reader in UTC's UTC month, whatever zone the database is set to", async () => {
    const summary = await new CertificationsRepository(db).summary(ORG, null, 'UTC');
    expect(summary.completedThisMonth).toBe(1);
  });

  it("counts the reader's month: Los Angeles's does not begin at 16:00 on the last day", async () => {
    const repository = new CertificationsRepository(db);
    const summary = await repository.summary(LOS_ANGELES_ORG, null, LOS_ANGELES);
    expect(summary.completedThisMonth).toBe(1);
  });

  it('counts on the calendar of the zone identity knows for the reader', async () => {
    const reader: Actor = {
      userId: 3,
      organizationId: LOS_ANGELES_ORG,
      role: 'training_supervisor',
    };
    const service = new CertificationsService(
      new CertificationsRepository(db),
      services(LOS_ANGELES),
      { PUBLIC_URL: 'http://hub.test' } as ObservationConfig,
      {} as WebhookAnnouncer,
    );
    const { summary } = await service.list(reader, CertificationListQuery.parse({}));
    expect(summary.completedThisMonth).toBe(1);
  });

  it('counts the UTC month rather than fail the page when identity does not answer', async () => {
    const reader: Actor = { userId: 3, organizationId: ORG, role: 'training_supervisor' };
    const away = {
      call: async (contract: unknown) => {
        if (contract === identityRpc.languagesOf) throw new Error('identity unavailable');
        return [];
      },
    } as unknown as RpcClient;
    const service = new CertificationsService(
      new CertificationsRepository(db),
      away,
      { PUBLIC_URL: 'http://hub.test' } as ObservationConfig,
      {} as WebhookAnnouncer,
    );
    const { summary } = await service.list(reader, CertificationListQuery.parse({}));
    expect(summary.completedThisMonth).toBe(1);
  });
});
