import { CATCH_ALL_OPTION } from '../evaluation-generator.ts';
import { randomOrder } from './seeded-random.ts';

export const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

export const MAX_OPTION_LENGTH = 300;

export const usableOption = (text: string) =>
  text.trim().length > 0 && text.length <= MAX_OPTION_LENGTH && !CATCH_ALL_OPTION.test(text);

/**
 * Picks up to `count` wrong answers: first from the preferred pool (the SOP's own words, shuffled
 * by the seed), then from the fallback pool in order; never the answer, never twice.
 */
export function pickDistractors(
  correct: string,
  preferred: readonly string[],
  fallback: readonly string[],
  count: number,
  random: () => number,
  alsoWrong: (candidate: string) => boolean = () => true,
): string[] {
  const seen = new Set([normalise(correct)]);
  const picked: string[] = [];
  const consider = (candidate: string) => {
    const key = normalise(candidate);
    if (seen.has(key) || !usableOption(candidate) || !alsoWrong(candidate)) return;
    seen.add(key);
    picked.push(candidate.trim());
  };
  for (const candidate of randomOrder(preferred, random)) {
    if (picked.length >= count) return picked;
    consider(candidate);
  }
  for (const candidate of fallback) {
    if (picked.length >= count) return picked;
    consider(candidate);
  }
  return picked;
}
