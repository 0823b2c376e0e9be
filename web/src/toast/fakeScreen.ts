import { vi } from 'vitest';
import { TOAST_CLEARANCE_VAR } from './toastClearance';

/*
 * The stubbed screen of the toast clearance's unit tests (toastClearance.test.ts, and the dialog
 * footer's in ui/Dialog.test.ts). Test code only: nothing of the app imports it.
 */

/** A phone's screen, 844 px high (the unit project runs in node: no DOM of its own). */
export const HEIGHT = 844;

type Listener = () => void;

/**
 * The little of the DOM that toastClearance reads: the root's inline style, the document's and
 * the window's listeners, animation frames run when the test says, and a ResizeObserver whose
 * callback the test calls.
 */
export function fakeScreen() {
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
export function fakeBar(top: number, height: number, parent: object = {}) {
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

/**
 * Toaster's viewport on the screen's bottom edge, `height` px high: the toasts it holds and its
 * padding below them (16 px with none); `resizeTo` is a toast shown or gone.
 */
export function fakeStack(height: number) {
  let now = height;
  const element = {
    getBoundingClientRect: () => ({ top: HEIGHT - now, height: now, bottom: HEIGHT }),
  } as unknown as HTMLElement;
  return {
    element,
    resizeTo: (to: number) => {
      now = to;
    },
  };
}
