import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  type Actor,
  RecommendationList,
  RECOMMENDATIONS_PAGE_SIZE,
  type RecommendationState,
} from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import type { Members } from '../team/members.js';
import type { RecommendationEngine } from './recommendation-engine.js';
import { RecommendationsRepository } from './recommendations.repository.js';
import { RecommendationsService } from './recommendations.service.js';

/**
 * The recommendations were answered all at once: one "renew" card per certification made
 * ~7,500 at 100,000 people, every one sent and drawn. They come a page at a time, with each
 * state's count for the tabs, each page after the cursor of the one before.
 */
describe('the recommendations, a page at a time', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: RecommendationsService;
  const ORG = 7;
  const actor = { userId: 1, organizationId: ORG, role: 'admin' } as Actor;
  const ACTIVE = 2 * RECOMMENDATIONS_PAGE_SIZE + 7;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
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
    service = new RecommendationsService(new RecommendationsRepository(db), engine, {
      nameOf: async () => 'Ann',
    } as unknown as Members);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /**
   * Every page of the list (of `state` when given), following the cursors to the end; no more
   * than the fixture's rows fill, so a cursor that leads nowhere fails rather than loops.
   */
  async function allPages(state?: RecommendationState): Promise<RecommendationList[]> {
    const pages = [await service.list(actor, { state })];
    while (pages.at(-1)!.nextCursor && pages.length < 5) {
      pages.push(await service.list(actor, { state, cursor: pages.at(-1)!.nextCursor! }));
    }
    return pages;
  }

  const idsOf = (...pages: RecommendationList[]) =>
    pages.flatMap((page) => page.recommendations.map((item) => item.id));

  it('answers one page of the state asked, with its total and the counts of every state', async () => {
    const pages = await allPages('active');
    const [first] = pages;
    expect(RecommendationList.parse(first)).toEqual(first);
    expect(first!.recommendations).toHaveLength(RECOMMENDATIONS_PAGE_SIZE);
    expect(first).toMatchObject({
      totalCount: ACTIVE,
      counts: { active: ACTIVE, implemented: 0, dismissed: 3 },
    });
    expect(first!.figures.active).toBe(ACTIVE);
    expect(pages.map((page) => page.recommendations.length)).toEqual([50, 50, 7]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The pages follow each other in the list's order: none repeated, none left out.
    expect(new Set(idsOf(...pages)).size).toBe(ACTIVE);
    expect(first!.recommendations[0]!.priority).toBe('High');
  });

  it('pages every state together when none is asked, active first', async () => {
    const pages = await allPages();
    expect(pages[0]!.totalCount).toBe(ACTIVE + 3);
    expect(pages.at(-1)!.recommendations.map((item) => item.state)).toEqual([
      ...Array<string>(7).fill('active'),
      'dismissed',
      'dismissed',
      'dismissed',
    ]);
  });

  it('refuses a cursor it never answered', async () => {
    await expect(service.list(actor, { state: 'active', cursor: 'bm90LWEta2V5' })).rejects.toThrow(
      'cursor must be a nextCursor this list answered',
    );
  });

  /**
   * Pages were counted by offset: a recommendation decided on page 1 moved every later one a
   * row up (page 2 skipped one), one a run added moved them a row down (page 2 repeated one).
   */
  it('neither repeats nor skips a row when one shown is decided before the next page', async () => {
    const expected = idsOf(...(await allPages('active')));
    const first = await service.list(actor, { state: 'active' });
    await service.decide(actor, first.recommendations[10]!.id, 'dismissed');
    const rest = await service.list(actor, { state: 'active', cursor: first.nextCursor! });
    expect(idsOf(first, rest)).toEqual(expected.slice(0, 2 * RECOMMENDATIONS_PAGE_SIZE));
    expect(rest.counts).toMatchObject({ active: ACTIVE - 1, dismissed: 4 });
  });

  it('neither repeats nor skips a row when a run adds or refreshes one before the next page', async () => {
    const expected = idsOf(...(await allPages('active')));
    const first = await service.list(actor, { state: 'active' });
    await db.query(
      `INSERT INTO recommendations (organization_id, rule, subject_key, category, priority, title,
         description, evidence, action)
       VALUES ($1, 'certification_expiring_unscheduled', 'certification:new',
               'Safety Enhancements', 'High', 'Renew new', 'x', '[]', '{}')`,
      [ORG],
    );
    // A run refreshing a row of the next page (its evidence changed): it stays where it was.
    await db.query(
      `UPDATE recommendations SET updated_at = now() + interval '1 minute' WHERE id = $1`,
      [expected[2 * RECOMMENDATIONS_PAGE_SIZE - 1]],
    );
    const rest = await service.list(actor, { state: 'active', cursor: first.nextCursor! });
    expect(idsOf(first, rest)).toEqual(expected.slice(0, 2 * RECOMMENDATIONS_PAGE_SIZE));
  });
});
