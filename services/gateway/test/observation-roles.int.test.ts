import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import type { ApiSession } from './test-stack.js';
import { signedIn } from './tenant-fixtures.js';
import { COOLING_QUESTIONS, publishedCoolingSop } from './evaluated-document.js';
import {
  type ObservationCast,
  startObservationCast,
  stopObservationCast,
} from './observation-cast.js';

// Who may record what in an observation: the person observed is its subject, never its recorder.

const QUESTIONS = COOLING_QUESTIONS.slice(0, 2);

let cast: ObservationCast;
let tess: ApiSession;
let tina: ApiSession;
let tinaId: number;
let documentId: number;
let evaluationId: number;

beforeAll(async () => {
  cast = await startObservationCast();
  const { stack, acmeId } = cast;
  tess = cast.tess;
  // A training supervisor is observed too, and holds a staff role.
  tinaId = await stack.createUser({
    email: 'tina@acme.test',
    name: 'Tina Trainee',
    password: 'Acme-Super-2',
    role: 'training_supervisor',
    organizationId: acmeId,
  });
  tina = await signedIn(stack, 'tina@acme.test', 'Acme-Super-2');
  ({ documentId, evaluationId } = await publishedCoolingSop(tess, QUESTIONS));
});

afterAll(() => stopObservationCast(cast));

describe('the person observed', () => {
  it('cannot answer, add or resolve findings in their own observation', async () => {
    const { id } = await tess.call(api.createObservation, {
      body: { sopDocumentId: documentId, evaluationId, operatorId: tinaId },
    });
    const session = await tina.call(api.observation, { params: { id } });
    expect(session.operatorId).toBe(tinaId);
    const answer = (by: ApiSession, index: number, letter: string) =>
      by.call(api.observationResponse, {
        params: { id },
        body: { questionId: session.questions[index]!.id, selectedOption: letter },
      });
    // Both right: passed, and certified, on their own word.
    for (const [index, letter] of ['A', 'B'].entries()) {
      const refused = await expectError(answer(tina, index, letter), 403);
      expect(refused.message).toBe('You cannot record your own observation.');
    }
    const finding = { severity: 'low', category: 'quality', note: 'Fine' } as const;
    const added = await expectError(
      tina.call(api.addFinding, { params: { id }, body: finding }),
      403,
    );
    expect(added.message).toBe('You cannot record your own observation.');
    const recorded = await tess.call(api.addFinding, {
      params: { id },
      body: { severity: 'high', category: 'safety', note: 'No gloves' },
    });
    await expectError(
      tina.call(api.resolveFinding, { params: { id, findingId: recorded.id } }),
      403,
    );
    const after = await tess.call(api.observation, { params: { id } });
    expect(after).toMatchObject({ status: 'in_progress', responses: [] });
    expect(after.findings.map((f) => [f.note, f.status])).toEqual([['No gloves', 'open']]);
    const held = await tess.call(api.certifications, { query: { userId: tinaId } });
    expect(held.certifications).toEqual([]);

    // The observer records as ever.
    expect(await answer(tess, 0, 'A')).toMatchObject({ completed: false });
    expect(await answer(tess, 1, 'B')).toMatchObject({ completed: true, passed: true });
  });
});
