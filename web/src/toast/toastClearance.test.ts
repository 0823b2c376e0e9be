import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepToastsClearOf, TOAST_CLEARANCE_VAR, updateToastClearance } from './toastClearance';

/** A phone's screen, 844 px high (the unit project runs in node: no DOM of its own). */
const HEIGHT = 844;

type Listener = () => void;

/**
 * The little of the DOM that toastClearance reads: the root's inline style, the document's and
 * the window's listeners, animation frames run when the test says, and a ResizeObserver whose
 * callback the test calls.
 */
function fakeScreen() {
  const style = new Map<string, string>();
  const listeners = { document: new Map<string, Listener>(), window: new Map<string, Listener>() };
  const frames = new Map<number, FrameRequestCallback>();
  let lastFrame = 0;
  const observed = new Set<object>();
  let resized: Listener | undefined;
  const target = (kept: Map<string, Listener>) => ({
    addEventListener: (type: string, listener: Listener) => void kept.set(type, listener),
    removeEventListener: (type: string, listener: Listener) => {
      if (kept.get(type) === listener) kept.delete(type);
    },
  });
  vi.stubGlobal('document', {
    ...target(listeners.document),
    documentElement: {
      style: {
        getPropertyValue: (name: string) => style.get(name) ?? '',
        setProperty: (name: string, value: string) => void style.set(name, value),
        removeProperty: (name: string) => void style.delete(name),
      },
    },
  });
  vi.stubGlobal('window', { ...target(listeners.window), innerHeight: HEIGHT });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(++lastFrame, callback);
    return lastFrame;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => void frames.delete(id));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: Listener) {
        resized = callback;
      }
      observe(element: object) {
        observed.add(element);
      }
      unobserve(element: object) {
        observed.delete(element);
      }
      disconnect() {
        observed.clear();
        resized = undefined;
      }
    },
  );
  return {
    /** What Toaster's viewport reads: '' while toasts sit on the screen's bottom edge. */
    clearance: () => style.get(TOAST_CLEARANCE_VAR) ?? '',
    listeners,
    observed,
    frames,
    runFrames() {
      const waiting = [...frames.values()];
      frames.clear();
      for (const callback of waiting) callback(0);
    },
    resize: () => resized?.(),
  };
}

/** A bar whose top lies `top` px down the screen; `moveTo` is a scroll or a resize. */
function fakeBar(top: number, height: number, parent: object = {}) {
  const box = { top, height };
  const element = {
    parentElement: parent,
    getBoundingClientRect: () => ({ ...box, bottom: box.top + box.height }),
  } as unknown as HTMLElement;
  return {
    element,
    moveTo: (to: number) => {
      box.top = to;
    },
  };
}

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
  // The module keeps its bars: none may stay for the next test or file (one module graph).
  for (const release of releases.splice(0)) release();
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
});
