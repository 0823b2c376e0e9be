import { i18n } from './i18n';

type Parts = Record<string, string | number>;
type LooseT = (key: string, parts: Parts) => string;

/**
 * The text of a key chosen at run time, by a code the server sent (a validation rule, a
 * recommendation, an onboarding step, a worker's reason), with the parts it sent. Typed
 * i18next checks a literal key's placeholders against the call; for a key from a code it cannot,
 * so catalog.test.ts checks that every language has the same placeholders as English instead.
 */
export function keyedText(key: string, parts: Parts = {}): string {
  return (i18n.t as unknown as LooseT)(key, parts);
}
