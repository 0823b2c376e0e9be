import { useEffect, type RefObject } from 'react';

/**
 * The space, in px, that toasts leave free at the bottom of the screen, where they sit at every
 * width. Toaster's viewport reads it; the pages' sticky action bars set it while they are mounted,
 * so a toast (five seconds) never lies over Save or Publish and swallows their clicks; so do the
 * dialogs' action rows (DialogFooter), at the bottom of a long form scrolled to its end. Unset while
 * no bar reaches into the screen's lower half, or while the toasts would not reach the bars there.
 */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

const bars = new Set<HTMLElement>();
/**
 * Toaster's viewport: the toasts and the padding below them (none above), so its height is how far
 * up from the bottom edge they reach.
 */
let stack: HTMLElement | null = null;
/** The bars' parents observed, with how many bars each one holds. */
const parents = new Map<HTMLElement, number>();
let observer: ResizeObserver | undefined;
let frame = 0;

/**
 * How far up from the screen's bottom the bars reach. A bar in the upper half of the screen (a
 * short page whose bar is not stuck) is left out: the one toast at the bottom cannot reach it, and
 * raising the toast above it would push the toast off the screen. So is a bar the toasts, on the
 * bottom edge, would not reach (a short dialog's action row in the middle of the screen): raised
 * above it, a toast would lie over the fields it follows instead of the empty space below it.
 */
function clearance(): number {
  const height = window.innerHeight;
  // Without Toaster's viewport (not mounted yet) the toasts may reach the whole lower half.
  const toasts = stack ? stack.getBoundingClientRect().height : height / 2;
  let reach = 0;
  for (const bar of bars) {
    const box = bar.getBoundingClientRect();
    if (box.height === 0 || box.bottom <= 0 || box.top >= height) continue;
    if (height - box.bottom >= toasts) continue;
    const above = height - box.top;
    if (above <= height / 2) reach = Math.max(reach, Math.ceil(above));
  }
  return reach;
}

/**
 * Toaster's viewport, as its ref: its height tells which bars the toasts it holds would reach from
 * the bottom edge. Measured again as it resizes, while a bar is kept clear of.
 */
export function setToastStack(element: HTMLElement | null): void {
  if (stack) observer?.unobserve(stack);
  stack = element;
  if (stack) observer?.observe(stack);
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
    if (stack) observer?.observe(stack);
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
