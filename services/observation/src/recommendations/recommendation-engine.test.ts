import { describe, expect, it } from 'vitest';
import { identityRpc, libraryRpc, type RpcContract, videoRpc } from '@hub/proto';
import { noHandlerMessage, RpcCallError, type RpcClient } from '@hub/kit';
import { RecommendationEngine } from './recommendation-engine.js';
import type { RecommendationsRepository } from './recommendations.repository.js';
import {
  type ExpiringCertificationRow,
  MAX_EVIDENCE,
  type QuestionResultsRow,
  type ReobservationRow,
  type SopResultsRow,
} from './rules.js';

const NOW = new Date('2026-12-05T12:00:00.000Z');
const KEPT = 1;
/** Deleted from the library since it was observed. */
const DELETED = 2;

const sop = (documentId: number): SopResultsRow => ({
  documentId,
  title: `SOP ${documentId}`,
  observations: 4,
  passed: 0,
  averageScore: 40,
  passMark: 80,
});
const question = (documentId: number): QuestionResultsRow => ({
  documentId,
  sopTitle: `SOP ${documentId}`,
  questionId: 'q1',
  questionText: 'Cool within?',
  peopleObserved: 3,
  peopleMissed: 3,
});
const reobservation = (documentId: number): ReobservationRow => ({
  userId: 5,
  holderName: 'Otto',
  documentId,
  title: `SOP ${documentId}`,
  version: 2,
  since: new Date('2026-12-01T00:00:00.000Z'),
});

const expiring = (id: number, documentId: number | null): ExpiringCertificationRow => ({
  id,
  userId: 5,
  holderName: 'Otto',
  title: documentId === null ? 'Kitchen basics' : `SOP ${documentId}`,
  documentId,
  expiresAt: new Date('2026-12-12T12:00:00.000Z'),
});

/** The previous release's whole answer: MAX_EVIDENCE + 1 videos that left people unidentified. */
const OLDER_GAPS = Array.from({ length: MAX_EVIDENCE + 1 }, (_, index) => ({
  videoId: 100 + index,
  title: `Shift ${index}`,
  detectedOperators: 3,
  identifiedOperators: 1,
  analyzedAt: new Date(Date.UTC(2026, 11, 1 + index)).toISOString(),
}));

/** Identity answering what the engine asks of it, every call recorded. */
type Asked = { pattern: string; request: unknown }[];

function engine(asked: Asked = [], olderVideo = false) {
  const repository = {
    // 31 and 32: of SOPs; 33: a course's.
    expiringCertifications: async () => [
      expiring(31, KEPT),
      expiring(32, DELETED),
      expiring(33, null),
    ],
    operatorsBeingObserved: async () => new Set<number>(),
    sopResults: async () => [sop(KEPT), sop(DELETED)],
    questionResults: async () => [question(KEPT), question(DELETED)],
    pendingReobservations: async () => [reobservation(KEPT), reobservation(DELETED)],
    lastObservationBy: async () => new Map(),
  } as unknown as RecommendationsRepository;
  const answers = new Map<string, unknown>([
    // Otto (5) holds the certifications; Sue (6) is a supervisor who has observed nobody.
    [identityRpc.memberIdPage.pattern, [5]],
    [
      identityRpc.memberPage.pattern,
      {
        members: [
          { id: 6, name: 'Sue', role: 'training_supervisor', isActive: true, suspended: false },
        ],
        total: 1,
      },
    ],
    [
      libraryRpc.documentHealth.pattern,
      [
        {
          documentId: KEPT,
          title: 'SOP 1',
          sopProcessed: true,
          processingError: null,
          evaluationId: 9,
          evaluationStatus: 'published',
          evaluationError: null,
        },
      ],
    ],
    [
      videoRpc.identificationGapCounts.pattern,
      { videoCount: 0, unidentifiedOperators: 0, latest: [] },
    ],
  ]);
  if (olderVideo) answers.set(videoRpc.identificationGaps.pattern, OLDER_GAPS);
  const unknown = olderVideo ? videoRpc.identificationGapCounts.pattern : null;
  const rpc = {
    call: (contract: RpcContract, request: unknown) => {
      asked.push({ pattern: contract.pattern, request });
      // A video pod of the previous release, which answers this failure for a pattern it lacks.
      if (contract.pattern === unknown)
        return Promise.reject(
          new RpcCallError({ kind: 'internal', message: noHandlerMessage(contract.pattern) }),
        );
      if (!answers.has(contract.pattern)) throw new Error(`not answered: ${contract.pattern}`);
      return Promise.resolve(answers.get(contract.pattern));
    },
  } as unknown as RpcClient;
  return new RecommendationEngine(repository, rpc);
}

/**
 * A deleted SOP's observations and certifications stay as history, but a recommendation to
 * retrain on it, clarify its evaluation (a link to an editor that answers "not found") or
 * observe people again on it asks for what nobody can do.
 */
describe('recommendations about SOPs', () => {
  it('leave out the SOPs deleted from the library', async () => {
    const findings = await engine().findings(7, NOW);
    expect(findings.map((finding) => [finding.rule, finding.subjectKey]).sort()).toEqual([
      ['certification_expiring_unscheduled', 'certification:31'],
      ['certification_expiring_unscheduled', 'certification:33'],
      ['question_missed_by_most', `question:${KEPT}:q1`],
      ['sop_pass_rate_below_mark', `sop:${KEPT}`],
      ['sop_reobservation_needed', `sop:${KEPT}`],
      ['supervisor_without_observations', 'supervisor:6'],
    ]);
  });
});

/**
 * Every run asked identity for the whole organization (18 MiB at 100,000 people, on the first
 * visit, each "evaluate" and nightly) to find a few supervisors and the certifications' holders.
 */
describe('the people recommendations ask identity for', () => {
  it('are the holders and the supervisors who can be observed, never everyone', async () => {
    const asked: Asked = [];
    await engine(asked).findings(7, NOW);
    const patterns = asked.map((call) => call.pattern);
    expect(patterns).not.toContain(identityRpc.members.pattern);
    expect(patterns).not.toContain(identityRpc.memberIds.pattern);
    expect(asked).toContainEqual({
      pattern: identityRpc.memberIdPage.pattern,
      request: {
        organizationId: 7,
        active: true,
        suspended: false,
        userIds: [5],
        afterId: 0,
        limit: 1,
      },
    });
    expect(asked).toContainEqual({
      pattern: identityRpc.memberPage.pattern,
      request: {
        organizationId: 7,
        roles: ['training_supervisor'],
        active: true,
        suspended: false,
        offset: 0,
        limit: 1000,
      },
    });
  });
});

/** Every run read every analysed video with a person not identified (years of videos). */
describe('the videos recommendations ask for', () => {
  it("are the gaps' counts and the evidence's few videos, not every video", async () => {
    const asked: Asked = [];
    await engine(asked).findings(7, NOW);
    expect(asked).toContainEqual({
      pattern: videoRpc.identificationGapCounts.pattern,
      request: { organizationId: 7, limit: MAX_EVIDENCE },
    });
  });
});

describe('recommendations during a rolling upgrade', () => {
  it("count the identification gaps of a previous release's video pod from its whole list", async () => {
    const asked: Asked = [];
    const findings = await engine(asked, true).findings(7, NOW);
    expect(asked).toContainEqual({
      pattern: videoRpc.identificationGaps.pattern,
      request: { organizationId: 7 },
    });
    const gaps = findings.find((finding) => finding.subjectKey === 'videos');
    const count = MAX_EVIDENCE + 1;
    expect(gaps?.text).toEqual({
      key: 'video_operators_unidentified',
      params: { operators: 2 * count, videos: count },
    });
    // The latest analysed first: the oldest is the one left out.
    expect(gaps?.evidence.map((row) => row.label)).toEqual(
      OLDER_GAPS.slice(1)
        .reverse()
        .map((video) => video.title),
    );
  });
});
