import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from '../toast/toastStore';
import { InvalidDraftToast } from './invalidDraftToast';

const CANNOT_SAVE = { title: 'Cannot save', variant: 'destructive' as const };
const openTitles = () =>
  getToasts()
    .filter((item) => item.open)
    .map((item) => item.title);

// dismissToast drops a closed toast after TOAST_REMOVE_DELAY: that timer is not left behind.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * The toast sits where the toasts sit, over the editor's sticky Save button: while it stayed
 * for its whole display time, the click on Save after the fix waited for it (about 5 s).
 */
describe('the toast saying why the draft cannot be saved', () => {
  it('stays while the draft still has problems, and closes once it has none', () => {
    const invalid = new InvalidDraftToast();
    invalid.show(CANNOT_SAVE);
    expect(openTitles()).toEqual(['Cannot save']);
    invalid.settle(1);
    expect(openTitles()).toEqual(['Cannot save']);
    invalid.settle(0);
    expect(openTitles()).toEqual([]);
  });

  it('leaves a toast shown after it alone', () => {
    const invalid = new InvalidDraftToast();
    invalid.show(CANNOT_SAVE);
    toast({ title: 'Evaluation saved' });
    invalid.settle(0);
    expect(openTitles()).toEqual(['Evaluation saved']);
    // Closed once: a later fix does not close what came after either.
    toast({ title: 'Evaluation published' });
    invalid.settle(0);
    expect(openTitles()).toEqual(['Evaluation published']);
  });
});
