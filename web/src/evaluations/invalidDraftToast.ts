import { dismissToast, toast, type ToastInput } from '../toast/toastStore';

/**
 * The toast saying why the draft cannot be saved. Toasts sit in the bottom right corner, over the
 * editor's sticky Save and Publish buttons, and this one kept them covered for its whole display
 * time after the problem was fixed: it is closed as soon as the draft has nothing left to fix.
 */
export class InvalidDraftToast {
  private shown: number | null = null;

  show(input: ToastInput): void {
    this.shown = toast(input);
  }

  /** With the draft's current count of problems. */
  settle(problems: number): void {
    if (problems > 0 || this.shown === null) return;
    // A toast shown since replaced this one (one toast at a time): closing its id closes nothing.
    dismissToast(this.shown);
    this.shown = null;
  }
}
