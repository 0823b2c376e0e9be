import type { OnboardingStep } from '@hub/proto';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';
import { onboardingSteps } from '../i18n/locales/en/onboarding-steps';

type CountKey = keyof (typeof onboardingSteps)['counts'];
/** The counts the catalog words ('sops' of 'sops_one'); any other part is shown as it is. */
const COUNTED = new Set(
  Object.keys(onboardingSteps.counts).map((key) => key.replace(/_(one|many|other)$/, '')),
);

/**
 * A checklist step's label and detail in the reader's language, from its text key; each count
 * the catalog has a word for is worded first ('3 SOPs processed', '1 SOP procesado').
 */
export function stepWords(step: Pick<OnboardingStep, 'text'>): { label: string; detail: string } {
  const { key, params } = step.text;
  const parts: Record<string, string | number> = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (COUNTED.has(name) && typeof value === 'number') {
      parts[name] = i18n.t(`onboardingSteps.counts.${name as CountKey}`, { count: value });
    }
  }
  return {
    label: i18n.t(`onboardingSteps.steps.${key}.label`),
    detail: keyedText(`onboardingSteps.steps.${key}.detail`, parts),
  };
}
