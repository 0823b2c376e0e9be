import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBar, fakeScreen, fakeStack, HEIGHT } from './fakeScreen';
import { keepToastsClearOf, setToastStack, updateToastClearance } from './toastClearance';

let screen: ReturnType<typeof fakeScreen>;
let releases: (() => void)[];

/** Registers the bar as its page's useToastClearance does; released (once) after each test. */
function keepClearOf(bar: ReturnType<typeof fakeBar>): () => void {
  const release = keepToastsClearOf(bar.element);
  let released = false;
  const once = () => {
    if (released) return;
    released = true;
    release();
  };
  releases.push(once);
  return once;
}

beforeEach(() => {
  screen = fakeScreen();
  releases = [];
});

afterEach(() => {
  // The module keeps its bars and Toaster's viewport: none may stay for the next test or file
  // (one module graph).
  for (const release of releases.splice(0)) release();
  setToastStack(null);
  vi.unstubAllGlobals();
});

describe('the space toasts leave free at the bottom of the screen', () => {
  it('is none while no page has a sticky bar', () => {
    updateToastClearance();
    expect(screen.clearance()).toBe('');
    expect(screen.listeners.document.size + screen.listeners.window.size).toBe(0);
  });

  it("is a bar's height while the bar is stuck to the bottom, and none once it is gone", () => {
    const release = keepClearOf(fakeBar(HEIGHT - 64, 64));
    expect(screen.clearance()).toBe('64px');
    // Measured again as a toast opens: unchanged.
    updateToastClearance();
    expect(screen.clearance()).toBe('64px');

    release();
    expect(screen.clearance()).toBe('');
    // Nothing left listening or observing.
    expect([...screen.listeners.document.keys(), ...screen.listeners.window.keys()]).toEqual([]);
    expect(screen.observed.size).toBe(0);
  });

  it("reaches from the bar's top to the screen's bottom, whole pixels, below the edge left out", () => {
    // A bar stuck 16 px below the edge (sticky -bottom-4), 72.4 px high: 56.4 px of it shows.
    keepClearOf(fakeBar(HEIGHT - 56.4, 72.4));
    expect(screen.clearance()).toBe('57px');
  });

  it('leaves out a bar in the upper half of the screen, or off the screen', () => {
    keepClearOf(fakeBar(HEIGHT / 2 - 10, 64));
    keepClearOf(fakeBar(HEIGHT + 20, 64));
    keepClearOf(fakeBar(HEIGHT - 64, 0));
    expect(screen.clearance()).toBe('');
  });

  it('follows the bar as the page scrolls, the window resizes or the bar resizes', () => {
    const bar = fakeBar(HEIGHT / 2 - 10, 64);
    keepClearOf(bar);
    expect(screen.clearance()).toBe('');

    // Scrolled until the bar is stuck: measured on the next frame, once however many events.
    bar.moveTo(HEIGHT - 64);
    screen.listeners.document.get('scroll')?.();
    screen.listeners.document.get('scroll')?.();
    expect(screen.frames.size).toBe(1);
    expect(screen.clearance()).toBe('');
    screen.runFrames();
    expect(screen.clearance()).toBe('64px');

    bar.moveTo(HEIGHT - 80);
    screen.listeners.window.get('resize')?.();
    screen.runFrames();
    expect(screen.clearance()).toBe('80px');

    expect(screen.observed).toContain(bar.element);
    bar.moveTo(HEIGHT - 48);
    screen.resize();
    screen.runFrames();
    expect(screen.clearance()).toBe('48px');
  });

  it("keeps the highest bar's reach, and the other bar's once one is gone", () => {
    const parent = {};
    const low = fakeBar(HEIGHT - 40, 40, parent);
    const high = fakeBar(HEIGHT - 100, 60, parent);
    keepClearOf(low);
    const releaseHigh = keepClearOf(high);
    expect(screen.clearance()).toBe('100px');
    expect(screen.observed).toContain(parent);

    releaseHigh();
    expect(screen.clearance()).toBe('40px');
    // The parent still holds a bar: still observed.
    expect(screen.observed).toContain(parent);
  });

  it('drops a measurement still waiting for its frame when the last bar goes', () => {
    const bar = fakeBar(HEIGHT - 64, 64);
    const release = keepClearOf(bar);
    screen.listeners.document.get('scroll')?.();
    expect(screen.frames.size).toBe(1);
    release();
    expect(screen.frames.size).toBe(0);
    expect(screen.clearance()).toBe('');
  });

  it('leaves toasts on the edge below a bar they would not reach, raised once they would', () => {
    // Toaster's viewport with no toast: its padding only.
    const stack = fakeStack(16);
    setToastStack(stack.element);
    // A short dialog's action row, in the lower half but 236 px above the bottom edge.
    const row = fakeBar(HEIGHT - 300, 64);
    keepClearOf(row);
    expect(screen.observed).toContain(stack.element);
    expect(screen.clearance()).toBe('');

    // A toast 100 px high: still below the row, left on the edge (measured as it opens).
    stack.resizeTo(116);
    updateToastClearance();
    expect(screen.clearance()).toBe('');

    // Three lines more of it: it would lie over the row, raised above it (measured on the next
    // frame after the viewport resized).
    stack.resizeTo(250);
    screen.resize();
    screen.runFrames();
    expect(screen.clearance()).toBe('300px');

    // The form scrolled to its end: the row on the edge, the toast above it.
    row.moveTo(HEIGHT - 84);
    stack.resizeTo(116);
    screen.listeners.document.get('scroll')?.();
    screen.runFrames();
    expect(screen.clearance()).toBe('84px');
  });

  it('counts a bar stuck to the bottom edge while the viewport holds no toast', () => {
    setToastStack(fakeStack(16).element);
    keepClearOf(fakeBar(HEIGHT - 56.4, 72.4));
    expect(screen.clearance()).toBe('57px');
  });
});
