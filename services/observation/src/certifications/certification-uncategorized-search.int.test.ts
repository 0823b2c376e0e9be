import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  type Actor,
  CertificationListQuery,
  identityRpc,
  type Language,
  libraryRpc,
  type RpcContract,
} from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import type { ObservationConfig } from '../config.js';
import { openObservationDatabase } from '../database.js';
import { CertificationsRepository } from './certifications.repository.js';
import { CertificationsService } from './certifications.service.js';

const ORG = 63;
/** Three supervisors, each reading the page in their own language (identity's languagesOf). */
const READERS: Record<number, Language> = { 1: 'en', 2: 'es', 3: 'fr' };
const reader = (userId: number): Actor => ({
  userId,
  organizationId: ORG,
  role: 'training_supervisor',
});
const english = reader(1);
const spanish = reader(2);
const french = reader(3);

/** Identity, or nobody answering it (a replica away). */
let identityAway = false;
/** The library knows SOP 5 as tagged Forklift; SOP 4 has no tags. Identity knows the readers. */
const rpc = {
  call: (contract: RpcContract, request: { documentIds?: number[]; userIds?: number[] }) => {
    if (contract === identityRpc.languagesOf) {
      if (identityAway) return Promise.reject(new Error('identity is away'));
      return Promise.resolve(
        (request.userIds ?? [])
          .filter((userId) => READERS[userId])
          .map((userId) => ({ userId, language: READERS[userId], timeZone: 'UTC' })),
      );
    }
    if (contract === libraryRpc.documentTags) {
      return Promise.resolve(
        (request.documentIds ?? []).map((documentId) => ({
          documentId,
          tags: documentId === 5 ? ['Forklift'] : [],
        })),
      );
    }
    return Promise.reject(new Error(`unexpected call ${contract.pattern}`));
  },
} as unknown as RpcClient;

describe("searching certifications by the word a reader sees for 'no category'", () => {
  let resources: TestResources;
  let db: DataSource;
  let service: CertificationsService;
  const found = async (actor: Actor, search: string) =>
    (await service.list(actor, CertificationListQuery.parse({ search }))).certifications
      .map((certification) => `${certification.holderName}: ${certification.title}`)
      .sort();
  /** The uncategorized ones: an SOP without tags and a course without a category. */
  const UNCATEGORIZED_ONES = ['Ana: Cooling', 'Olga: Night shift'];

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    service = new CertificationsService(
      new CertificationsRepository(db),
      rpc,
      { PUBLIC_URL: 'http://hub.test' } as ObservationConfig,
      {} as WebhookAnnouncer,
    );
    const course = (await db.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by)
       VALUES ($1, 'Night shift', '', '', '1 hour', 'Beginner', 1) RETURNING id`,
      [ORG],
    )) as { id: number }[];
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       VALUES ($1, 7, 'Ana', 'sop', 4, 'Cooling', 12, now() - interval '3 days', now() + interval '60 days', 'UNCAT-A'),
              ($1, 8, 'Ben', 'sop', 5, 'Pallets', 12, now() - interval '2 days', now() + interval '60 days', 'UNCAT-B'),
              ($1, 9, 'Olga', 'course', $2, 'Night shift', 12, now() - interval '1 day', now() + interval '60 days', 'UNCAT-C')`,
      [ORG, course[0]!.id],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('finds them by the Spanish word for a Spanish reader, with or without accents and capitals', async () => {
    expect(await found(spanish, 'Sin categoría')).toEqual(UNCATEGORIZED_ONES);
    expect(await found(spanish, 'sin categoria')).toEqual(UNCATEGORIZED_ONES);
    expect(await found(spanish, 'CATEGORÍA')).toEqual(UNCATEGORIZED_ONES);
  });

  it('finds them by the French word for a French reader', async () => {
    expect(await found(french, 'Sans catégorie')).toEqual(UNCATEGORIZED_ONES);
    expect(await found(french, 'sans categorie')).toEqual(UNCATEGORIZED_ONES);
  });

  it('finds them by the English word for an English reader, and for anyone (the API sends it)', async () => {
    expect(await found(english, 'Uncategorized')).toEqual(UNCATEGORIZED_ONES);
    expect(await found(english, 'uncateg')).toEqual(UNCATEGORIZED_ONES);
    expect(await found(spanish, 'uncategorized')).toEqual(UNCATEGORIZED_ONES);
    expect(await found(french, 'Uncategorized')).toEqual(UNCATEGORIZED_ONES);
  });

  it("does not take another language's word for the reader's", async () => {
    expect(await found(english, 'Sin categoría')).toEqual([]);
    expect(await found(french, 'Sin categoría')).toEqual([]);
    expect(await found(spanish, 'Sans catégorie')).toEqual([]);
  });

  it('still finds tagged ones by their tag, and names the category in English on the wire', async () => {
    expect(await found(spanish, 'fork')).toEqual(['Ben: Pallets']);
    const list = await service.list(spanish, CertificationListQuery.parse({}));
    expect(list.categories.map((category) => category.name).sort()).toEqual([
      'Forklift',
      'Uncategorized',
    ]);
  });

  it('searches by the English word while identity cannot say the reader’s language', async () => {
    identityAway = true;
    try {
      expect(await found(spanish, 'uncategorized')).toEqual(UNCATEGORIZED_ONES);
    } finally {
      identityAway = false;
    }
  });
});
