import type { ReactElement, RefCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBar, fakeScreen, fakeStack, HEIGHT } from '../toast/fakeScreen';
import { setToastStack } from '../toast/toastClearance';
import { DialogFooter } from './Dialog';

let screen: ReturnType<typeof fakeScreen>;
let releases: (() => void)[];

/**
 * Mounts a DialogFooter's row as React does: its ref called with the element, the cleanup it
 * returns called when the row leaves the page (released after each test if not before).
 */
function mount(row: ReturnType<typeof fakeBar>): () => void {
  const footer = DialogFooter({ children: 'Save' }) as ReactElement<{
    ref: RefCallback<HTMLDivElement>;
  }>;
  const cleanup = footer.props.ref(row.element as HTMLDivElement);
  expect(cleanup).toBeTypeOf('function');
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    (cleanup as () => void)();
  };
  releases.push(release);
  return release;
}

beforeEach(() => {
  screen = fakeScreen();
  releases = [];
  // Toaster's viewport with a toast 76 px high (and the padding below it).
  setToastStack(fakeStack(92).element);
});

afterEach(() => {
  // toastClearance keeps its bars and the viewport: none may stay for the next test or file.
  for (const release of releases.splice(0)) release();
  setToastStack(null);
  vi.unstubAllGlobals();
});

describe("a dialog's action row", () => {
  it('raises toasts above it while it sits on the bottom edge, until it is gone', () => {
    // A phone's full-screen dialog, its long form scrolled to its end: the row 20 px above the
    // bottom edge (the content's padding), 44 px high.
    const release = mount(fakeBar(HEIGHT - 64, 44));
    expect(screen.clearance()).toBe('64px');
    release();
    expect(screen.clearance()).toBe('');
    expect(screen.observed.size).toBe(0);
  });

  it('leaves toasts on the edge while it sits above them, in the middle of the screen', () => {
    // A short form: the row ends 150 px above the bottom edge, higher than the toast reaches.
    mount(fakeBar(HEIGHT - 194, 44));
    expect(screen.clearance()).toBe('');
  });

  it('is a row of its children, at the end of the dialog', () => {
    const footer = DialogFooter({ children: 'Save', className: 'mt-6', testId: 'actions' });
    expect(footer.type).toBe('div');
    expect(footer.props).toMatchObject({
      'data-testid': 'actions',
      className: 'flex flex-wrap items-center justify-end gap-2 mt-6',
      children: 'Save',
    });
  });
});
