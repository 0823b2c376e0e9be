import { describe, expect, it } from 'vitest';
import {
  expiringCertificationsRule,
  idleSupervisorsRule,
  missedQuestionsRule,
  reobservationRule,
  sopPassRateRule,
} from './rules.js';
import {
  failedDocumentsRule,
  unidentifiedOperatorsRule,
  unpublishedEvaluationsRule,
  type DocumentHealthRow,
} from './content-rules.js';

const now = new Date('2026-11-23T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('certifications expiring with no observation scheduled', () => {
  const row = (id: number, userId: number, days: number) => ({
    id,
    userId,
    holderName: `Person ${userId}`,
    title: 'Cooling',
    documentId: 1,
    expiresAt: inDays(days),
  });

  it('flags those within 30 days, High within a week', () => {
    const findings = expiringCertificationsRule(
      [row(1, 10, 3), row(2, 11, 20), row(3, 12, 30)],
      new Set(),
      now,
    );
    expect(findings.map((finding) => [finding.subjectKey, finding.priority])).toEqual([
      ['certification:1', 'High'],
      ['certification:2', 'Medium'],
      ['certification:3', 'Medium'],
    ]);
    expect(findings[0]!.description).toContain('expires in 3 days');
    expect(findings[0]!.category).toBe('Safety Enhancements');
    expect(findings[0]!.action.href).toBe('/library/observations');
  });

  it('counts calendar days to the day of expiry, not 24-hour periods rounded up', () => {
    // 31 March 10:00 in Madrid, read at 09:00 the day before: 25 hours, 1 day.
    const [finding] = expiringCertificationsRule(
      [{ ...row(1, 10, 0), expiresAt: new Date('2027-03-31T08:00:00Z') }],
      new Set(),
      new Date('2027-03-30T07:00:00Z'),
    );
    expect(finding!.text.params.days).toBe(1);
    expect(finding!.description).toContain('expires in 1 day and');
  });

  it('gives the instant of expiry beside it, for a client to date on its reader’s calendar', () => {
    // 31 March 20:00 in Los Angeles is already 1 April in UTC.
    const [finding] = expiringCertificationsRule(
      [{ ...row(1, 10, 0), expiresAt: new Date('2027-04-01T03:00:00Z') }],
      new Set(),
      new Date('2027-03-30T16:00:00Z'),
    );
    const expires = finding!.evidence.find((item) => item.labelKey === 'expires');
    expect(expires!.valueText).toEqual({
      key: 'date',
      params: { date: '2027-04-01T03:00:00.000Z' },
    });
  });

  it('leaves out the expired, the later ones and those already being observed', () => {
    expect(
      expiringCertificationsRule(
        [row(1, 10, -1), row(2, 11, 31), row(3, 12, 5)],
        new Set([12]),
        now,
      ),
    ).toEqual([]);
  });
});

describe('SOPs scoring below the pass mark', () => {
  const sop = (averageScore: number, observations = 4) => ({
    documentId: 7,
    title: 'Cooling',
    observations,
    passed: 1,
    averageScore,
    passMark: 80,
  });

  it('flags an average under the mark, High when 15 points or more under', () => {
    expect(sopPassRateRule([sop(70)])[0]!.priority).toBe('Medium');
    expect(sopPassRateRule([sop(65)])[0]!.priority).toBe('High');
    expect(sopPassRateRule([sop(65)])[0]!.description).toContain('averaged 65%');
  });

  it('ignores an average at the mark and a single observation', () => {
    expect(sopPassRateRule([sop(80)])).toEqual([]);
    expect(sopPassRateRule([sop(10, 1)])).toEqual([]);
  });
});

describe('questions missed by more than half', () => {
  const question = (peopleObserved: number, peopleMissed: number) => ({
    documentId: 7,
    sopTitle: 'Cooling',
    questionId: 'q1',
    questionText: 'How cold?',
    peopleObserved,
    peopleMissed,
  });

  it('needs strictly more than half', () => {
    expect(missedQuestionsRule([question(4, 2)])).toEqual([]);
    expect(missedQuestionsRule([question(4, 3)])[0]!.priority).toBe('Medium');
    expect(missedQuestionsRule([question(3, 3)])[0]!.priority).toBe('High');
  });

  it('needs at least two people observed', () => {
    expect(missedQuestionsRule([question(1, 1)])).toEqual([]);
  });

  it('links the evaluation to review', () => {
    const [finding] = missedQuestionsRule([question(2, 2)]);
    expect(finding!.subjectKey).toBe('question:7:q1');
    expect(finding!.action.href).toBe('/library/documents/7/evaluation/edit');
  });
  it("counts people, not 'persons'", () => {
    const [finding] = missedQuestionsRule([question(2, 2)]);
    expect(finding!.description).toMatch(/^2 of 2 people observed missed "How cold\?"/);
  });
});

describe('supervisors without observations', () => {
  it('flags the never-observed (Medium) and those idle for over 30 days (Low)', () => {
    const findings = idleSupervisorsRule(
      [
        { userId: 1, name: 'Never', lastObservationAt: null },
        { userId: 2, name: 'Idle', lastObservationAt: inDays(-31) },
        { userId: 3, name: 'Busy', lastObservationAt: inDays(-29) },
      ],
      now,
    );
    expect(findings.map((finding) => [finding.subjectKey, finding.priority])).toEqual([
      ['supervisor:1', 'Medium'],
      ['supervisor:2', 'Low'],
    ]);
    expect(findings.map((finding) => finding.text.key)).toEqual([
      'supervisor_never_observed',
      'supervisor_idle',
    ]);
    expect(findings[1]!.text.params).toEqual({
      name: 'Idle',
      days: 30,
      date: inDays(-31).toISOString().slice(0, 10),
    });
    expect(findings[0]!.evidence[1]!.valueText).toEqual({ key: 'never', params: {} });
  });
});

const document = (overrides: Partial<DocumentHealthRow>): DocumentHealthRow => ({
  documentId: 5,
  title: 'Cooling',
  sopProcessed: true,
  processingError: null,
  evaluationId: null,
  evaluationStatus: null,
  evaluationError: null,
  ...overrides,
});

describe('SOPs with no published evaluation', () => {
  it('asks to publish a draft, or to regenerate a missing one', () => {
    const [draft] = unpublishedEvaluationsRule([
      document({ evaluationId: 3, evaluationStatus: 'draft' }),
    ]);
    expect(draft!.title).toBe('Publish the evaluation of "Cooling"');
    expect(draft!.action.href).toBe('/library/documents/5/evaluation/edit');
    const [missing] = unpublishedEvaluationsRule([document({ evaluationError: 'quota' })]);
    expect(missing!.action.label).toBe('Regenerate the evaluation');
    expect(missing!.description).toContain('generation failed: quota');
  });

  it('ignores published, unprocessed and failed documents', () => {
    expect(
      unpublishedEvaluationsRule([
        document({ evaluationStatus: 'published' }),
        document({ sopProcessed: false }),
        document({ processingError: 'bad pdf' }),
      ]),
    ).toEqual([]);
  });
});

describe('documents that failed processing', () => {
  it('flags each failed document with its error', () => {
    const findings = failedDocumentsRule([
      document({ documentId: 1, processingError: 'Unreadable PDF' }),
      document({ documentId: 2 }),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.category).toBe('Cost Optimization');
    expect(findings[0]!.evidence).toContainEqual({
      label: 'Error',
      labelKey: 'error',
      value: 'Unreadable PDF',
      href: null,
    });
  });

  it("says the same as a catalog key and its parts, for the reader's language", () => {
    const [finding] = failedDocumentsRule([document({ documentId: 1, processingError: 'x' })]);
    expect(finding!.text).toEqual({
      key: 'document_processing_failed',
      params: { title: finding!.evidence[0]!.value },
    });
  });
});

describe('videos with unidentified operators', () => {
  const video = (videoId: number, detectedOperators: number, identifiedOperators: number) => ({
    videoId,
    title: `Video ${videoId}`,
    detectedOperators,
    identifiedOperators,
  });

  it('makes one recommendation with the counts of every video and the latest as evidence', () => {
    const findings = unidentifiedOperatorsRule({
      videoCount: 40,
      unidentifiedOperators: 3,
      latest: [video(1, 3, 1), video(3, 1, 0)],
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence.map((item) => item.label)).toEqual(['Video 1', 'Video 3']);
    expect(findings[0]!.description).toContain('3 operators detected in 40 analysed videos');
    expect(findings[0]!.text).toEqual({
      key: 'video_operators_unidentified',
      params: { operators: 3, videos: 40 },
    });
    expect(findings[0]!.priority).toBe('Medium');
  });

  it('is High from five unidentified people, and absent when all are identified', () => {
    const one = { videoCount: 1, unidentifiedOperators: 5, latest: [video(1, 6, 1)] };
    expect(unidentifiedOperatorsRule(one)[0]!.priority).toBe('High');
    expect(
      unidentifiedOperatorsRule({ videoCount: 0, unidentifiedOperators: 0, latest: [] }),
    ).toEqual([]);
  });
});

describe('people needing re-observation', () => {
  const row = (userId: number, documentId: number, version = 2) => ({
    userId,
    holderName: `Person ${userId}`,
    documentId,
    title: `SOP ${documentId}`,
    version,
    since: inDays(-1),
  });

  it('makes one High safety recommendation per SOP, each person as evidence', () => {
    const findings = reobservationRule([row(10, 1), row(11, 1, 3), row(12, 2)]);
    expect(findings).toHaveLength(2);
    const [first, second] = findings;
    expect(first).toMatchObject({
      rule: 'sop_reobservation_needed',
      subjectKey: 'sop:1',
      category: 'Safety Enhancements',
      priority: 'High',
      title: 'Observe 2 people again on "SOP 1"',
      action: { label: 'Start an observation', href: '/library/observations' },
    });
    expect(first!.description).toContain('Version 2, 3 of "SOP 1"');
    expect(first!.evidence.map((evidence) => evidence.href)).toEqual(['/team/10', '/team/11']);
    expect(first!.evidence[1]!.value).toContain('since version 3');
    expect(second).toMatchObject({
      subjectKey: 'sop:2',
      title: 'Observe 1 person again on "SOP 2"',
    });
  });

  it('recommends nothing when nobody needs it', () => {
    expect(reobservationRule([])).toEqual([]);
  });
});
