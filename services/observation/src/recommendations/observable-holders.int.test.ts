import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { identityRpc, libraryRpc, type RpcContract, videoRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { PlayedMemberIds, type PlayedPerson } from '../test-support/played-member-ids.js';
import { RecommendationEngine } from './recommendation-engine.js';
import { RecommendationsRepository } from './recommendations.repository.js';

const ACME = 91;
/** Holders asked of identity a call: the holders below take several. */
const ID_PAGE = 3;
/** Holders of a certification expiring soon; 43 pending, 46 suspended, 48 of no organization. */
const HOLDERS = [41, 42, 43, 44, 45, 46, 47, 48];
const PEOPLE: PlayedPerson[] = HOLDERS.filter((id) => id !== 48).map((id) => ({
  id,
  organizationId: ACME,
  role: 'operator',
  isActive: id !== 43,
  suspended: id === 46,
}));

/**
 * Whom the "renew" recommendations name: of the certifications' holders, those who can be
 * observed. Every holder was asked about in one call (as many as an organization's people);
 * they are asked a batch at a time.
 */
describe('the holders recommendations ask identity about, a batch at a time', () => {
  let resources: TestResources;
  let db: DataSource;
  const ids = new PlayedMemberIds(PEOPLE);
  const certifications = new Map<number, number>();

  const rpc = {
    call: (contract: RpcContract, request: unknown): Promise<unknown> => {
      if (contract === identityRpc.memberIdPage) return Promise.resolve(ids.page(request));
      if (contract === identityRpc.memberPage) return Promise.resolve({ members: [], total: 0 });
      if (contract === libraryRpc.documentHealth) return Promise.resolve([]);
      if (contract === videoRpc.identificationGapCounts)
        return Promise.resolve({ videoCount: 0, unidentifiedOperators: 0, latest: [] });
      return Promise.reject(new Error(`unexpected call ${contract.pattern}`));
    },
  } as unknown as RpcClient;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const rows = (await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1, h, 'Holder ' || h, 'course', 1, 'Kitchen basics', 12,
              now() - interval '50 weeks', now() + interval '10 days', 'RECO-' || h
         FROM unnest($2::int[]) h RETURNING id, user_id`,
      [ACME, HOLDERS],
    )) as { id: number; user_id: number }[];
    for (const row of rows) certifications.set(row.user_id, row.id);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('names the observable holders alone, asked over several calls', async () => {
    const engine = new RecommendationEngine(new RecommendationsRepository(db), rpc, ID_PAGE);
    const findings = await engine.findings(ACME);
    const renewals = findings
      .filter((finding) => finding.rule === 'certification_expiring_unscheduled')
      .map((finding) => finding.subjectKey)
      .sort();
    expect(renewals).toEqual(
      [41, 42, 44, 45, 47].map((holder) => `certification:${certifications.get(holder)}`).sort(),
    );
    expect(ids.answered.length).toBe(Math.ceil(HOLDERS.length / ID_PAGE));
    expect(Math.max(...ids.answered)).toBeLessThanOrEqual(ID_PAGE);
  });
});
