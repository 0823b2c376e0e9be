import { useEffect, useState } from 'react';

/** Spec section 9: the observation timers tick every second. */
export const TICK_MS = 1000;

/** The current time, updated every second while mounted. */
export function useNow(intervalMs = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
