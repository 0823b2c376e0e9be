import { QUEUE_CONTRACTS } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { InvalidJobError, parseJob } from './queues.js';

const pdfJob = { documentId: 1, organizationId: 2, sourceKey: 's', outputPrefix: 'o/', run: 3 };

describe('parseJob', () => {
  it('returns the data parsed by the schema of the job name', () => {
    expect(parseJob(QUEUE_CONTRACTS.pdfProcessing, 'process', { ...pdfJob, extra: 1 })).toEqual(
      pdfJob,
    );
  });

  it('refuses a job name the contract does not declare, and bad data, naming the queue', () => {
    expect(() => parseJob(QUEUE_CONTRACTS.pdfProcessing, 'toString', pdfJob)).toThrow(
      new InvalidJobError('pdf-processing has no job "toString"'),
    );
    expect(() =>
      parseJob(QUEUE_CONTRACTS.pdfProcessing, 'process', { ...pdfJob, run: 'x' }),
    ).toThrow(/^Invalid pdf-processing job "process": .*run/s);
  });

  it('parses an inbox message by its kind', () => {
    const message = { kind: 'pdf.failed', documentId: 1, run: 2, reason: 'r' };
    expect(parseJob(QUEUE_CONTRACTS.libraryInbox, 'pdf.failed', message)).toEqual(message);
    expect(() => parseJob(QUEUE_CONTRACTS.libraryInbox, 'pdf.progress', message)).toThrow(
      InvalidJobError,
    );
  });
});

describe('job ids by contract', () => {
  it('names jobs from their data', () => {
    expect(QUEUE_CONTRACTS.pdfProcessing.jobId?.(pdfJob)).toBe('doc-1-run-3');
    expect(
      QUEUE_CONTRACTS.libraryInbox.jobId?.({
        kind: 'quiz.failed',
        documentId: 4,
        run: 5,
        reason: '',
      }),
    ).toBe('quiz-failed-4-run-5');
  });
});
