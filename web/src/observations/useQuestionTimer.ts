import { MAX_SECONDS_ON_QUESTION } from '@hub/proto';
import { useState } from 'react';
import { secondsBetween } from './format';

const shownStorageKey = (observationId: number) =>
  `hub.observation-question-shown.${observationId}`;

/**
 * When the question was first shown on this device: kept, so that a reload (or a phone bringing
 * back a tab it discarded) goes on counting instead of starting again at 0:00, which recorded a
 * fraction of the time spent. `at` is now, when it is first shown (or nothing can be kept).
 */
export function questionShownAt(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  observationId: number,
  questionId: string,
  at: number,
): number {
  const key = shownStorageKey(observationId);
  try {
    const kept: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof kept === 'object' && kept !== null && 'questionId' in kept && 'shownAt' in kept) {
      const { questionId: keptQuestion, shownAt } = kept;
      if (keptQuestion === questionId && typeof shownAt === 'number' && shownAt <= at) {
        return shownAt;
      }
    }
    storage.setItem(key, JSON.stringify({ questionId, shownAt: at }));
  } catch {
    // Storage full or refused: counted from now, as before.
  }
  return at;
}

/**
 * The seconds an answer says were spent: at most the contract's maximum, which a question kept
 * open overnight passes, and the server refused the answer over it.
 */
export const secondsSpent = (shownAt: number, at: number) =>
  Math.min(MAX_SECONDS_ON_QUESTION, secondsBetween(shownAt, at));

function keptShownAt(observationId: number, questionId: string): number {
  try {
    return questionShownAt(localStorage, observationId, questionId, Date.now());
  } catch {
    return Date.now();
  }
}

/**
 * The time on the question shown: counted from when it was first shown on this device (the
 * component keyed by question restarts it for the next); `now` is the session's ticking clock
 * (useNow).
 */
export function useQuestionTimer(now: number, observationId: number, questionId: string) {
  const [shownAt] = useState(() => keptShownAt(observationId, questionId));
  return {
    seconds: secondsBetween(shownAt, now),
    /** The seconds spent so far, read at the moment of answering. */
    spentSoFar: () => secondsSpent(shownAt, Date.now()),
  };
}
