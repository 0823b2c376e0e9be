import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Finding, MAX_FINDINGS_PER_OBSERVATION } from '@hub/proto';
import { expectError } from './api-client.js';
import type { ApiSession, TestStack } from './test-stack.js';
import { COOLING_QUESTIONS, publishedCoolingSop } from './evaluated-document.js';
import {
  type ObservationCast,
  startObservationCast,
  stopObservationCast,
} from './observation-cast.js';

// An observation recorded before the findings cap holds more than the session carries: its
// findings' pages reach every one of them, to be seen and resolved.

const QUESTIONS = COOLING_QUESTIONS.slice(0, 1);

const HELD = MAX_FINDINGS_PER_OBSERVATION + 50;

let cast: ObservationCast;
let stack: TestStack;
let tess: ApiSession;
let observationId: number;

beforeAll(async () => {
  cast = await startObservationCast();
  ({ stack, tess } = cast);
  const { documentId, evaluationId } = await publishedCoolingSop(tess, QUESTIONS);
  ({ id: observationId } = await tess.call(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId, operatorId: cast.ottoId },
  }));
  // Written straight into the table, as before the cap: one statement, so one created_at.
  await stack.observation.dataSource.query(
    `INSERT INTO findings (observation_id, organization_id, severity, category, note, created_by)
     SELECT $1, $2, 'low', 'quality', 'Seeded ' || n, 1 FROM generate_series(1, $3) n`,
    [observationId, cast.acmeId, HELD],
  );
});

afterAll(() => stopObservationCast(cast));

/** Every page from `cursor` on, `limit` at a time. */
async function allPages(limit: number, cursor?: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  let next: string | undefined = cursor;
  do {
    const page = await tess.call(api.observationFindings, {
      params: { id: observationId },
      query: { limit, cursor: next },
    });
    expect(page.totalCount).toBe(HELD);
    expect(page.findings.length).toBeLessThanOrEqual(limit);
    findings.push(...page.findings);
    next = page.nextCursor ?? undefined;
  } while (next);
  return findings;
}

const seeded = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, n) => `Seeded ${from + n}`);

describe("an observation's findings' pages", () => {
  it('answer every finding once, oldest first, also past the first the session carries', async () => {
    const paged = await allPages(40);
    expect(paged.map((finding) => finding.note)).toEqual(seeded(1, HELD));
    expect(new Set(paged.map((finding) => finding.id)).size).toBe(HELD);
    const first = await tess.call(api.observationFindings, { params: { id: observationId } });
    expect(first.findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
  });

  it("continue after the session's findings from its cursor, and a paged one can be resolved", async () => {
    const session = await tess.call(api.observation, { params: { id: observationId } });
    expect(session.findings.map((finding) => finding.note)).toEqual(
      seeded(1, MAX_FINDINGS_PER_OBSERVATION),
    );
    expect(session.findingsCursor).not.toBeNull();
    const rest = await allPages(MAX_FINDINGS_PER_OBSERVATION, session.findingsCursor!);
    expect(rest.map((finding) => finding.note)).toEqual(
      seeded(MAX_FINDINGS_PER_OBSERVATION + 1, HELD),
    );
    const resolved = await tess.call(api.resolveFinding, {
      params: { id: observationId, findingId: rest.at(-1)!.id },
    });
    expect(resolved.status).toBe('resolved');
    const again = await tess.call(api.observation, { params: { id: observationId } });
    expect(again.openFindings).toBe(HELD - 1);
  });

  it('refuse a cursor this list did not answer', async () => {
    await expectError(
      tess.call(api.observationFindings, {
        params: { id: observationId },
        query: { cursor: 'bm90LWEta2V5' },
      }),
      400,
    );
  });

  it("are another organization's 404, and refused to whom the observation is", async () => {
    const gina = await expectError(
      cast.gina.call(api.observationFindings, { params: { id: observationId } }),
      404,
    );
    const ginaSession = await expectError(
      cast.gina.call(api.observation, { params: { id: observationId } }),
      404,
    );
    expect(gina.message).toBe(ginaSession.message);
    // Otto, an operator, may not see observations, his own included.
    await expectError(cast.otto.call(api.observation, { params: { id: observationId } }), 403);
    await expectError(
      cast.otto.call(api.observationFindings, { params: { id: observationId } }),
      403,
    );
  });
});
