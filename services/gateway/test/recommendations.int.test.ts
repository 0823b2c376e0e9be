import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  RECOMMENDATION_ALREADY_DECIDED,
  RECOMMENDATION_NOT_FOUND,
  type Recommendation,
  type RecommendationList,
} from '@hub/proto';
import { expectError } from './api-client.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

const PASSWORD = 'Acme-Staff-1';

let stack: TestStack;
let acme: number;
let globex: number;
const people: Record<string, number> = {};

/** Rows as the services would have written them (the rules read the stored data only). */
async function seedAcme() {
  const { sql } = stack;
  await sql.query(
    `INSERT INTO observation.certifications
       (organization_id, user_id, holder_name, kind, subject_id, title, validity_months,
        issued_at, expires_at, verification_code)
     VALUES ($1, $2, 'Otto Operator', 'sop', 900, 'Cooling', 12,
             now() - interval '360 days', now() + interval '5 days', 'TEST-CODE-0001')`,
    [acme, people.otto],
  );
  const questions = JSON.stringify([
    { id: 'q1', text: 'How cold must the room be?', options: ['A', 'B'] },
    { id: 'q2', text: 'Who signs the log?', options: ['A', 'B'] },
  ]);
  for (const [operator, score] of [
    [people.otto, 50],
    [people.olga, 60],
  ] as const) {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO observation.observations
         (organization_id, evaluation_id, document_id, evaluation_title, questions, operator_id,
          operator_name, observer_id, observer_name, status, pass_mark, score, passed,
          started_at, completed_at)
       VALUES ($1, 1, 900, 'Cooling', $2::jsonb, $3, 'Someone', $4, 'Ann Admin', 'completed', 80,
               $5, false, now() - interval '2 days', now() - interval '2 days')
       RETURNING id`,
      [acme, questions, operator, people.ann, score],
    );
    await sql.query(
      `INSERT INTO observation.observation_responses
         (observation_id, question_id, selected_option, selected_option_text, correct,
          time_spent_seconds, manager_notes)
       VALUES ($1, 'q1', 'B', '', false, 3, ''), ($1, 'q2', 'A', '', true, 3, '')`,
      [rows[0]!.id],
    );
  }
  // SOP 900 is in the library (being read again): recommendations leave deleted SOPs out.
  await sql.query(
    `INSERT INTO library.documents
       (id, organization_id, title, file_name, file_size, storage_prefix, source_key, uploaded_by)
     VALUES (900, $1, 'Cooling', 'cooling.pdf', 10, 'c/', 'c/source.pdf', $2)`,
    [acme, people.ann],
  );
  await sql.query(
    `INSERT INTO library.documents
       (organization_id, title, file_name, file_size, storage_prefix, source_key, uploaded_by,
        processing_stage, processing_error)
     VALUES ($1, 'Broken scan', 'broken.pdf', 10, 'x/', 'x/source.pdf', $2, 'failed',
             'The file is not a readable PDF')`,
    [acme, people.ann],
  );
}

async function signIn(email: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, PASSWORD)).status).toBe(200);
  return session;
}

const byRule = (list: RecommendationList, rule: Recommendation['rule']) =>
  list.recommendations.filter((item) => item.rule === rule);

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  for (const [key, role, organizationId] of [
    ['ann', 'admin', acme],
    ['sue', 'training_supervisor', acme],
    ['otto', 'operator', acme],
    ['olga', 'operator', acme],
    ['gina', 'admin', globex],
  ] as const) {
    people[key] = await stack.createUser({
      email: `${key}@${organizationId === acme ? 'acme' : 'globex'}.test`,
      name: key === 'ann' ? 'Ann Admin' : key,
      password: PASSWORD,
      role,
      organizationId,
    });
  }
  await seedAcme();
});

afterAll(async () => {
  await stack?.stop();
});

describe('recommendations', () => {
  it('runs the rules on the first visit and shows what they found, with figures', async () => {
    const ann = await signIn('ann@acme.test');
    const list = await ann.call(api.recommendations);
    expect(list.evaluatedAt).not.toBeNull();

    const [expiring] = byRule(list, 'certification_expiring_unscheduled');
    expect(expiring).toMatchObject({ priority: 'High', category: 'Safety Enhancements' });
    expect(expiring!.description).toContain('Otto Operator\'s certification "Cooling"');
    // The same in words any client can render: a catalog key and its parts, stored.
    expect(expiring!.text).toEqual({
      key: 'certification_expiring_unscheduled',
      params: { holder: 'Otto Operator', title: 'Cooling', days: expect.any(Number) },
    });

    const [belowMark] = byRule(list, 'sop_pass_rate_below_mark');
    expect(belowMark!.description).toContain('averaged 55%');
    expect(belowMark!.priority).toBe('High');

    const missed = byRule(list, 'question_missed_by_most');
    expect(missed.map((item) => item.description)).toEqual([
      expect.stringContaining('"How cold must the room be?"'),
    ]);

    const idle = byRule(list, 'supervisor_without_observations');
    expect(idle.map((item) => item.title)).toEqual(['Plan observations with sue']);

    const [failed] = byRule(list, 'document_processing_failed');
    expect(failed!.description).toContain('The file is not a readable PDF');
    expect(failed!.category).toBe('Cost Optimization');

    expect(list.figures).toEqual({
      active: list.recommendations.length,
      implementedThisQuarter: 0,
      highPriority: list.recommendations.filter((item) => item.priority === 'High').length,
      impactScore: 0,
    });
  });

  it('keeps every organization to its own recommendations and refuses operators', async () => {
    const ann = await signIn('ann@acme.test');
    const gina = await signIn('gina@globex.test');
    const acmeList = await ann.call(api.recommendations);
    const globexList = await gina.call(api.recommendations);
    expect(globexList.recommendations).toEqual([]);
    const someId = acmeList.recommendations[0]!.id;
    const some = { params: { id: someId } };
    const foreign = await expectError(gina.call(api.dismissRecommendation, some), 404);
    expect(foreign.message).toBe(RECOMMENDATION_NOT_FOUND);

    const otto = await signIn('otto@acme.test');
    await expectError(otto.call(api.recommendations), 403);
    await expectError(otto.call(api.dismissRecommendation, some), 403);
    await expectError(new ApiSession(stack.url).call(api.recommendations), 401);
  });

  it('dismisses and implements with who and when, and the figures follow', async () => {
    const ann = await signIn('ann@acme.test');
    const list = await ann.call(api.recommendations);
    const [idle] = byRule(list, 'supervisor_without_observations');
    const [failed] = byRule(list, 'document_processing_failed');

    const dismissed = await ann.call(api.dismissRecommendation, { params: { id: idle!.id } });
    expect(dismissed).toMatchObject({
      state: 'dismissed',
      decidedBy: { id: people.ann, name: 'Ann Admin' },
    });
    const again = ann.call(api.implementRecommendation, { params: { id: idle!.id } });
    expect((await expectError(again, 400)).message).toBe(RECOMMENDATION_ALREADY_DECIDED);

    const implemented = await ann.call(api.implementRecommendation, {
      params: { id: failed!.id },
    });
    expect(implemented).toMatchObject({ state: 'implemented' });

    const after = await ann.call(api.recommendations);
    const active = after.recommendations.filter((item) => item.state === 'active');
    expect(after.figures.active).toBe(active.length);
    expect(after.figures.implementedThisQuarter).toBe(1);
    // Implemented weight 2 (Medium) against the active ones' weights (High 3, Medium 2, Low 1).
    const weights = { High: 3, Medium: 2, Low: 1 } as const;
    const activeWeight = active.reduce((sum, item) => sum + weights[item.priority], 0);
    expect(after.figures.impactScore).toBe(Math.round((100 * 2) / (2 + activeWeight)) / 10);
  });

  it('re-evaluates on demand: decided ones stay decided, resolved ones go away', async () => {
    const ann = await signIn('ann@acme.test');
    await stack.sql.query(`DELETE FROM observation.certifications WHERE organization_id = $1`, [
      acme,
    ]);
    const list = await ann.call(api.evaluateRecommendations);
    expect(byRule(list, 'certification_expiring_unscheduled')).toEqual([]);
    expect(byRule(list, 'supervisor_without_observations').map((item) => item.state)).toEqual([
      'dismissed',
    ]);
    expect(byRule(list, 'document_processing_failed').map((item) => item.state)).toEqual([
      'implemented',
    ]);
    expect(byRule(list, 'question_missed_by_most')).toHaveLength(1);
  });

  it('recommends nothing about suspended people, whom nobody can observe', async () => {
    const suspended: Record<string, number> = {};
    for (const [key, role] of [
      ['sam', 'training_supervisor'],
      ['oscar', 'operator'],
    ] as const) {
      suspended[key] = await stack.createUser({
        email: `${key}@acme.test`,
        name: key,
        role,
        organizationId: acme,
      });
    }
    await stack.sql.query(
      `INSERT INTO observation.certifications
         (organization_id, user_id, holder_name, kind, subject_id, title, validity_months,
          issued_at, expires_at, verification_code, reobservation_version, reobservation_since)
       VALUES ($1, $2, 'oscar', 'sop', 901, 'Slicing', 12, now() - interval '360 days',
               now() + interval '5 days', 'TEST-CODE-0002', NULL, NULL),
              ($1, $2, 'oscar', 'sop', 902, 'Frying', 12, now() - interval '30 days',
               now() + interval '300 days', 'TEST-CODE-0003', 2, now())`,
      [acme, suspended.oscar],
    );
    await stack.sql.query(`UPDATE identity.users SET suspended_at = now() WHERE id = ANY($1)`, [
      Object.values(suspended),
    ]);

    const list = await (await signIn('ann@acme.test')).call(api.evaluateRecommendations);
    const titles = list.recommendations.map((item) => item.title).join('\n');
    expect(titles).not.toContain('sam');
    expect(titles).not.toContain('oscar');
    expect(byRule(list, 'sop_reobservation_needed')).toEqual([]);
  });

  it('recommends nothing about an SOP deleted from the library', async () => {
    const ann = await signIn('ann@acme.test');
    expect(byRule(await ann.call(api.evaluateRecommendations), 'sop_pass_rate_below_mark')).toEqual(
      [expect.objectContaining({ state: 'active' })],
    );
    await stack.sql.query(`DELETE FROM library.documents WHERE id = 900`);
    const list = await ann.call(api.evaluateRecommendations);
    expect(byRule(list, 'sop_pass_rate_below_mark')).toEqual([]);
    expect(byRule(list, 'question_missed_by_most')).toEqual([]);
  });

  it('runs nightly for every organization', async () => {
    await stack.sql.query(`DELETE FROM observation.recommendation_runs`);
    expect(await stack.observation.recommendations.evaluateAll()).toBeGreaterThanOrEqual(2);
    const { rows } = await stack.sql.query(
      `SELECT organization_id FROM observation.recommendation_runs ORDER BY organization_id`,
    );
    expect(rows.map((row: { organization_id: number }) => row.organization_id)).toEqual(
      expect.arrayContaining([acme, globex]),
    );
  });
});
