import { useEffect, type RefObject } from 'react';

/**
 * The space, in px, that toasts leave free at the bottom of the screen, where they sit at every
 * width. Toaster's viewport reads it; the pages' sticky action bars set it while they are mounted,
 * so a toast (five seconds) never lies over Save or Publish and swallows their clicks. Unset while
 * no bar reaches into the screen's lower half.
 */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

const bars = new Set<HTMLElement>();
/** The bars' parents observed, with how many bars each one holds. */
const parents = new Map<HTMLElement, number>();
let observer: ResizeObserver | undefined;
let frame = 0;

/**
 * How far up from the screen's bottom the bars reach. A bar in the upper half of the screen (a
 * short page whose bar is not stuck) is left out: the one toast at the bottom cannot reach it, and
 * raising the toast above it would push the toast off the screen.
 */
function clearance(): number {
  const height = window.innerHeight;
  let reach = 0;
  for (const bar of bars) {
    const box = bar.getBoundingClientRect();
    if (box.height === 0 || box.bottom <= 0 || box.top >= height) continue;
    const above = height - box.top;
    if (above <= height / 2) reach = Math.max(reach, Math.ceil(above));
  }
  return reach;
}

/** Measures again now; Toaster calls it as a toast opens, the bar may have moved since. */
export function updateToastClearance(): void {
  if (bars.size > 0 || document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VAR)) {
    update();
  }
}

function update(): void {
  frame = 0;
  const style = document.documentElement.style;
  const reach = clearance();
  if (reach > 0) style.setProperty(TOAST_CLEARANCE_VAR, `${reach}px`);
  else style.removeProperty(TOAST_CLEARANCE_VAR);
}

function schedule(): void {
  if (frame === 0) frame = requestAnimationFrame(update);
}

/**
 * Keeps toasts clear of `bar` until the returned function is called (useToastClearance calls it
 * from an effect; the unit test directly).
 */
export function keepToastsClearOf(bar: HTMLElement): () => void {
  if (bars.size === 0) {
    // Capture: the page scrolls inside main (or a dialog), whose scroll events do not bubble.
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    // Without ResizeObserver (jsdom) scrolling, resizing and each toast still measure.
    observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined;
  }
  bars.add(bar);
  observer?.observe(bar);
  // A bar that is not stuck moves when the page above it grows. Kept now: by the cleanup React has
  // taken the bar out of the page.
  const parent = bar.parentElement;
  if (parent) {
    if (!parents.has(parent)) observer?.observe(parent);
    parents.set(parent, (parents.get(parent) ?? 0) + 1);
  }
  update();
  return () => {
    bars.delete(bar);
    observer?.unobserve(bar);
    if (parent) {
      const left = (parents.get(parent) ?? 1) - 1;
      if (left > 0) parents.set(parent, left);
      else {
        parents.delete(parent);
        observer?.unobserve(parent);
      }
    }
    if (bars.size === 0) {
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      observer = undefined;
      if (frame !== 0) cancelAnimationFrame(frame);
    }
    update();
  };
}

/** Keeps toasts clear of a sticky bottom bar while it is mounted (and `active`). */
export function useToastClearance(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const bar = ref.current;
    if (!active || !bar) return undefined;
    return keepToastsClearOf(bar);
  }, [ref, active]);
}
