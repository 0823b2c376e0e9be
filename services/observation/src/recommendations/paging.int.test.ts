import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, RecommendationList, RECOMMENDATIONS_PAGE_SIZE } from '@hub/proto';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openObservationDatabase } from '../database.js';
import type { Members } from '../team/members.js';
import type { RecommendationEngine } from './recommendation-engine.js';
import { RecommendationsRepository } from './recommendations.repository.js';
import { RecommendationsService } from './recommendations.service.js';

/**
 * The recommendations were answered all at once: one "renew" card per certification made
 * ~7,500 at 100,000 people, every one sent and drawn. They come a page at a time, with each
 * state's count for the tabs.
 */
describe('the recommendations, a page at a time', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: RecommendationsService;
  const ORG = 7;
  const actor = { userId: 1, organizationId: ORG, role: 'admin' } as Actor;
  const ACTIVE = 2 * RECOMMENDATIONS_PAGE_SIZE + 7;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openObservationDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO recommendations (organization_id, rule, subject_key, category, priority, title,
         description, evidence, action, state)
       SELECT $1, 'certification_expiring_unscheduled', 'certification:' || k,
              'Safety Enhancements', CASE WHEN k % 3 = 0 THEN 'High' ELSE 'Medium' END,
              'Renew ' || k, 'x', '[]', '{"label":"Open","href":"/certifications"}',
              CASE WHEN k > $2 THEN 'dismissed' ELSE 'active' END
         FROM generate_series(1, $2 + 3) k`,
      [ORG, ACTIVE],
    );
    // Evaluated already: listing does not run the rules.
    await db.query(
      `INSERT INTO recommendation_runs (organization_id, evaluated_at)
                    VALUES ($1, now())`,
      [ORG],
    );
    const engine = { evaluate: async () => undefined } as unknown as RecommendationEngine;
    service = new RecommendationsService(
      new RecommendationsRepository(db),
      engine,
      {} as unknown as Members,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('answers one page of the state asked, with its total and the counts of every state', async () => {
    const first = await service.list(actor, { state: 'active', page: 1 });
    expect(RecommendationList.parse(first)).toEqual(first);
    expect(first.recommendations).toHaveLength(RECOMMENDATIONS_PAGE_SIZE);
    expect(first).toMatchObject({
      page: 1,
      pageSize: RECOMMENDATIONS_PAGE_SIZE,
      totalRows: ACTIVE,
      totalPages: 3,
      counts: { active: ACTIVE, implemented: 0, dismissed: 3 },
    });
    expect(first.figures.active).toBe(ACTIVE);
    const last = await service.list(actor, { state: 'active', page: 3 });
    expect(last.recommendations).toHaveLength(7);
    // The pages follow each other in the list's order: none repeated, none left out.
    const pages = [first, await service.list(actor, { state: 'active', page: 2 }), last];
    const ids = pages.flatMap((page) => page.recommendations.map((item) => item.id));
    expect(new Set(ids).size).toBe(ACTIVE);
    expect(pages[0]!.recommendations[0]!.priority).toBe('High');
  });

  it('pages every state together when none is asked, and answers a page past the end empty', async () => {
    const all = await service.list(actor, { page: 3 });
    expect(all.totalRows).toBe(ACTIVE + 3);
    expect(all.recommendations.map((item) => item.state)).toEqual([
      ...Array<string>(7).fill('active'),
      'dismissed',
      'dismissed',
      'dismissed',
    ]);
    const dismissed = await service.list(actor, { state: 'dismissed', page: 2 });
    expect(dismissed).toMatchObject({ recommendations: [], totalRows: 3, totalPages: 1 });
  });
});
