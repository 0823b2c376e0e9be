import type { TeamMember } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import {
  advanceLabel,
  completionToast,
  countersText,
  documentsWithEvaluation,
  findingsText,
  formatElapsed,
  isObserver,
  isTrainingEditor,
  observableMembers,
  observationStatusBadge,
  progressPercent,
  questionPosition,
  scoreText,
  secondsBetween,
  startAttempt,
  startRequest,
} from './format';
import { i18n } from '../i18n/i18n';

/** Intl separates the French % sign with a (narrow) no-break space. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('timers', () => {
  it('formats m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(9)).toBe('0:09');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(3725)).toBe('62:05');
    expect(formatElapsed(-4)).toBe('0:00');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });

  it('counts whole seconds since a date or a time', () => {
    const now = Date.parse('2025-01-01T10:01:05.900Z');
    expect(secondsBetween('2025-01-01T10:00:00Z', now)).toBe(65);
    expect(secondsBetween(now + 5000, now)).toBe(0);
    expect(secondsBetween('not a date', now)).toBe(0);
  });
});

describe('session progress', () => {
  it('is the current index over the total', () => {
    expect(progressPercent(0, 4)).toBe(0);
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(9, 4)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
    expect(questionPosition(0, 4)).toBe('Question 1 of 4');
    expect(questionPosition(3, 4)).toBe('Question 4 of 4');
  });

  it('completes on the last question', () => {
    expect(advanceLabel(0, 3)).toBe('Next Question');
    expect(advanceLabel(2, 3)).toBe('Complete Observation');
  });

  it('reports the score with its verdict', () => {
    expect(scoreText(null, null)).toBeNull();
    expect(scoreText(83.3, true)).toBe('83.3% · Pass');
    expect(scoreText(40, false)).toBe('40% · Fail');
    expect(completionToast('Olga', 100, true)).toEqual({
      title: 'Observation Completed',
      description: 'Olga scored 100% · Pass.',
    });
  });

  /** 79.6 at a pass mark of 80 read '80% · Fail', where the Hub and the member page say 79.6%. */
  it('writes the score as stored, in the reader’s number format', async () => {
    expect(scoreText(79.6, false)).toBe('79.6% · Fail');
    try {
      await i18n.changeLanguage('fr');
      expect(spaces(scoreText(79.6, false)!)).toBe('79,6 % · Échoué');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('list texts', () => {
  it('names statuses, counters and findings', () => {
    expect(observationStatusBadge('in_progress').label).toBe('In progress');
    expect(observationStatusBadge('completed').label).toBe('Completed');
    expect(countersText({ open: 1, inProgress: 2, resolved: 3, total: 6 })).toBe(
      'Open 1 · In Progress 2 · Resolved 3 · Total 6',
    );
    expect(findingsText(0, 0)).toBe('No findings');
    expect(findingsText(1, 1)).toBe('1 finding (1 open)');
    expect(findingsText(3, 0)).toBe('3 findings');
  });

  it('matches the server roles', () => {
    expect(isObserver('manager')).toBe(true);
    expect(isObserver('operator')).toBe(false);
    expect(isTrainingEditor('training_supervisor')).toBe(true);
    expect(isTrainingEditor('manager')).toBe(false);
  });
});

describe('start observation', () => {
  const member = (patch: Partial<TeamMember>): TeamMember => ({
    id: 1,
    name: 'Olga',
    email: 'olga@x.test',
    role: 'operator',
    department: 'operator',
    status: 'active',
    performance: null,
    presentToday: false,
    profilePicture: null,
    ...patch,
  });

  it('offers active operators and training supervisors only', () => {
    const members = [
      member({ id: 1 }),
      member({ id: 2, role: 'training_supervisor' }),
      member({ id: 3, role: 'manager' }),
      member({ id: 4, status: 'pending' }),
    ];
    expect(observableMembers(members, 3).map((m) => m.id)).toEqual([1, 2]);
  });

  it('leaves the observer out of the people he may observe', () => {
    const members = [member({ id: 1 }), member({ id: 2, role: 'training_supervisor' })];
    expect(observableMembers(members, 2).map((m) => m.id)).toEqual([1]);
  });

  it('offers documents with an evaluation only', () => {
    expect(
      documentsWithEvaluation([
        { evaluationId: 3, evaluationStatus: 'published' },
        { evaluationId: 4, evaluationStatus: 'draft' },
        { evaluationId: null, evaluationStatus: null },
      ]),
    ).toHaveLength(1);
  });

  it('asks for an operator, then a document with evaluation', () => {
    const documents = [
      { id: 10, evaluationId: 5 },
      { id: 11, evaluationId: null },
    ];
    expect(startRequest({ operatorId: '', documentId: '10', initialNotes: '' }, documents)).toEqual(
      {
        error: {
          title: 'Missing Information',
          description: 'Please select an operator to observe',
          variant: 'destructive',
        },
      },
    );
    expect(
      startRequest({ operatorId: '4', documentId: '11', initialNotes: '' }, documents),
    ).toEqual({
      error: {
        title: 'Missing Information',
        description: 'Please select a document with evaluation',
        variant: 'destructive',
      },
    });
    expect(
      startRequest({ operatorId: '4', documentId: '10', initialNotes: ' first shift ' }, documents),
    ).toEqual({
      body: { sopDocumentId: 10, evaluationId: 5, operatorId: 4, initialNotes: 'first shift' },
    });
  });

  it('keeps the key of a start across its retries, a new one for another observation', () => {
    const keys = ['key-1', 'key-2', 'key-3'];
    const newKey = () => keys.shift()!;
    const body = { sopDocumentId: 10, evaluationId: 5, operatorId: 4, initialNotes: '' };
    const first = startAttempt(undefined, body, newKey);
    expect(first).toEqual({ key: 'key-1', body: { ...body, idempotencyKey: 'key-1' } });
    // Submitted again after an error or a timeout, notes changed or not: the same key.
    const retry = startAttempt(first, { ...body, initialNotes: 'more' }, newKey);
    expect(retry.body).toEqual({ ...body, initialNotes: 'more', idempotencyKey: 'key-1' });
    // Another operator or evaluation is another observation: a new key.
    const other = startAttempt(retry, { ...body, operatorId: 7 }, newKey);
    expect(other.key).toBe('key-2');
    expect(startAttempt(other, { ...other.body, evaluationId: 6 }, newKey).key).toBe('key-3');
  });
});
