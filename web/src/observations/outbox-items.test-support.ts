import type { OutboxItem } from './sessionOutbox';

/** An answer to question `questionId` waiting in the outbox, its key also its idempotency key. */
export const answer = (key: string, questionId: string, index = 0): OutboxItem => ({
  kind: 'response',
  key,
  questionIndex: index,
  body: {
    questionId,
    selectedOption: 'A',
    selectedOptionText: 'Yes',
    timeSpentSeconds: 3,
    managerNotes: '',
    idempotencyKey: key,
  },
});
