import type { StepChange } from '@hub/proto';

/**
 * Words that make a heading or a step safety-relevant: the words SOPs use to head their safety
 * sections and to flag hazards (whole words, any case).
 */
const SAFETY_WORDS =
  /\b(safety|safe|safely|unsafe|hazards?|hazardous|dangers?|dangerous|warnings?|caution|ppe|protective|lockout|tagout|loto|emergency|first aid)\b/i;

/** The tag that makes every section of an SOP safety-relevant. */
export const SAFETY_TAG = 'safety';

export const isSafetyTag = (name: string) => name.trim().toLowerCase() === SAFETY_TAG;

export const mentionsSafety = (text: string | null): boolean =>
  text !== null && SAFETY_WORDS.test(text);

/**
 * The changes of a step diff that touch a safety-relevant section: on an SOP tagged "Safety",
 * every change; otherwise a change under a heading that mentions safety, or whose own text
 * (before or after) does, e.g. a safety heading renamed or a WARNING line edited.
 */
export function safetyChanges(changes: readonly StepChange[], taggedSafety: boolean): StepChange[] {
  return changes.filter(
    (change) =>
      change.status !== 'unchanged' &&
      (taggedSafety ||
        mentionsSafety(change.section) ||
        mentionsSafety(change.before) ||
        mentionsSafety(change.after)),
  );
}
