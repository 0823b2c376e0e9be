import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, CertificationListQuery } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import type { ObservationConfig } from '../config.js';
import { openObservationDatabase } from '../database.js';
import { CertificationsRepository } from './certifications.repository.js';
import { CertificationsService } from './certifications.service.js';

const ORG = 61;
/** The library's tags of the SOPs: 5 is a forklift SOP. Identity knows no reader's zone. */
const library = {
  call: (_contract: unknown, request: { documentIds?: number[] }) =>
    Promise.resolve(
      (request.documentIds ?? []).map((documentId) => ({
        documentId,
        tags: documentId === 5 ? ['Forklift'] : ['Kitchen'],
      })),
    ),
} as unknown as RpcClient;
const staff: Actor = { userId: 1, organizationId: ORG, role: 'training_supervisor' };
const operator: Actor = { userId: 9, organizationId: ORG, role: 'operator' };

describe('searching certifications', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: CertificationsService;
  const titles = async (actor: Actor, search: string) =>
    (await service.list(actor, CertificationListQuery.parse({ search }))).certifications.map(
      (certification) => `${certification.holderName}: ${certification.title}`,
    );

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    service = new CertificationsService(
      new CertificationsRepository(db),
      library,
      { PUBLIC_URL: 'http://hub.test' } as ObservationConfig,
      {} as WebhookAnnouncer,
    );
    const course = (await db.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by)
       VALUES ($1, 'Night shift', '', 'Leadership', '1 hour', 'Beginner', 1) RETURNING id`,
      [ORG],
    )) as { id: number }[];
    // Three old certifications, then 300 newer ones: more than the page's 200 most recent.
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       VALUES ($1, 7, 'María Ortega', 'sop', 4, 'Cooling', 12, now() - interval '300 days', now() + interval '60 days', 'SRCH-M'),
              ($1, 8, 'Ben 100%_Safe', 'sop', 5, 'Pallets', 12, now() - interval '300 days', now() + interval '60 days', 'SRCH-F'),
              ($1, 9, 'Olga', 'course', $2, 'Night shift', 12, now() - interval '300 days', now() + interval '60 days', 'SRCH-C')`,
      [ORG, course[0]!.id],
    );
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1, 100 + n, 'Otto ' || n, 'sop', 4, 'Cooling', 12, now() - make_interval(days => n),
              now() + interval '60 days', 'SRCH-' || n
         FROM generate_series(1, 300) n`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('finds whoever holds one, however many newer ones there are', async () => {
    expect(await titles(staff, 'maría')).toEqual(['María Ortega: Cooling']);
    expect(await titles(staff, 'ORTEGA')).toEqual(['María Ortega: Cooling']);
  });

  it("finds them by an SOP's tag and a course's category, as the page's categories name them", async () => {
    expect(await titles(staff, 'fork')).toEqual(['Ben 100%_Safe: Pallets']);
    expect(await titles(staff, 'leader')).toEqual(['Olga: Night shift']);
  });

  it('takes % and _ as the letters they are', async () => {
    expect(await titles(staff, '100%_')).toEqual(['Ben 100%_Safe: Pallets']);
    expect(await titles(staff, '%')).toEqual(['Ben 100%_Safe: Pallets']);
  });

  it("searches only an operator's own", async () => {
    expect(await titles(operator, 'maría')).toEqual([]);
    expect(await titles(operator, 'night')).toEqual(['Olga: Night shift']);
  });
});
