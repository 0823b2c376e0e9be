import { WorkEvent } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { describeWork } from './hub-activity.js';

const at = new Date('2026-11-01T02:00:00.000Z');

/**
 * The web app words each event in its reader's language from a code and its parts: the English
 * title and detail stay for API clients only.
 */
describe("the observation service's work events", () => {
  it('give an observation its code, its people, its score and its pass', () => {
    const event = describeWork({
      kind: 'observation_completed',
      id: 4,
      person: 'Olga',
      other: 'Tess',
      subject: 'Cooling',
      score: '40.0',
      passed: false,
      at,
    });
    expect(WorkEvent.parse(event)).toEqual(event);
    expect(event.text).toEqual({
      key: 'observationCompleted',
      params: { person: 'Olga', subject: 'Cooling', passed: false, score: 40, observer: 'Tess' },
    });
    expect(event.title).toBe('Olga did not pass "Cooling"');
  });

  it("give a certification's expiry as an instant, not a UTC day", () => {
    const due = new Date('2026-12-01T02:00:00.000Z');
    const event = describeWork({
      kind: 'certification_expiring',
      id: 2,
      person: 'Otto',
      subject: 'Ovens',
      at,
      due,
    });
    expect(WorkEvent.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      id: 'certification_expiring:2',
      text: {
        key: 'certificationExpiring',
        params: { person: 'Otto', subject: 'Ovens', expiresAt: '2026-12-01T02:00:00.000Z' },
      },
    });
  });

  it('give a certification issued its holder and subject', () => {
    const event = describeWork({
      kind: 'certification_issued',
      id: 1,
      person: 'Otto',
      subject: 'Cooling',
      at,
    });
    expect(event.text).toEqual({
      key: 'certificationIssued',
      params: { person: 'Otto', subject: 'Cooling' },
    });
  });
});
