import { useState } from 'react';
import { secondsBetween } from './format';

/**
 * The time on the question shown: counted from when it was first shown (the component keyed by
 * question restarts it); `now` is the session's ticking clock (useNow).
 */
export function useQuestionTimer(now: number) {
  const [shownAt] = useState(() => Date.now());
  return {
    seconds: secondsBetween(shownAt, now),
    /** The seconds spent so far, read at the moment of answering. */
    spentSoFar: () => secondsBetween(shownAt, Date.now()),
  };
}
