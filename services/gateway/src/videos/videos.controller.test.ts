import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { recordedAtOf } from './videos.controller.js';

describe('recordedAtOf', () => {
  it('keeps a recording date the database can store, as ISO', () => {
    expect(recordedAtOf('2026-11-20')).toBe('2026-11-20T00:00:00.000Z');
    expect(recordedAtOf('2026-11-20T08:00:00.000Z')).toBe('2026-11-20T08:00:00.000Z');
  });

  it('refuses, before the file, a year PostgreSQL cannot store', () => {
    for (const raw of ['99999-01-01', '275760-09-13', '-000001-01-01T00:00:00Z']) {
      expect(() => recordedAtOf(raw)).toThrow(BadRequestException);
    }
    try {
      recordedAtOf('99999-01-01');
    } catch (error) {
      expect((error as BadRequestException).getResponse()).toEqual({
        message: 'Recording date is not a valid date',
        field: 'recordingDate',
      });
    }
  });
});
