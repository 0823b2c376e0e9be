import { describe, expect, it } from 'vitest';
import type { WorkEvent } from '@hub/proto';
import { latestWork } from './stats.controller.js';

const event = (id: string, occurredAt: string): WorkEvent => ({
  id,
  kind: 'certification_issued',
  title: id,
  detail: '',
  text: { key: 'certificationIssued', params: { person: id, subject: id } },
  occurredAt,
});

describe("the Hub's work events of every service", () => {
  it('are merged newest first, up to the limit', () => {
    expect(
      latestWork(
        [
          event('a', '2026-11-25T08:00:00.000Z'),
          event('b', '2026-11-25T10:00:00.000Z'),
          event('c', '2026-11-25T09:00:00.000Z'),
        ],
        2,
      ).map((e) => e.id),
    ).toEqual(['b', 'c']);
  });
});
