import type {
  Recommendation,
  RecommendationEvidence,
  RecommendationText,
  TextParams,
} from '@hub/proto';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';
import { formatDate, formatPercent, todayCalendarDay } from '../i18n/format';

type CountWord = 'days' | 'people' | 'observations' | 'operators' | 'videos';

/** The parts each count of a text is worded with ('3 days', '1 persona'). */
const COUNTED: Record<string, CountWord> = {
  days: 'days',
  people: 'people',
  observations: 'observations',
  observed: 'people',
  operators: 'operators',
  videos: 'videos',
};

/** The server's parts made readable: counts worded, percentages and dates in the reader's form. */
function readableParams(params: TextParams): Record<string, string | number> {
  const readable: Record<string, string | number> = { ...params };
  for (const [name, value] of Object.entries(params)) {
    const word = COUNTED[name];
    if (word && typeof value === 'number') {
      readable[name] = i18n.t(`recommendationTexts.counts.${word}`, { count: value });
    }
  }
  if (typeof params.average === 'number') readable.average = formatPercent(params.average);
  if (typeof params.passMark === 'number') readable.passMark = formatPercent(params.passMark);
  if (typeof params.date === 'string') readable.date = formatDate(params.date);
  return readable;
}

const DAY_MS = 86_400_000;

/**
 * The instant a certification expires, from its "Expires" evidence; null for one stored with
 * its UTC day only, whose stored count stands.
 */
function expiryOf(recommendation: Recommendation): Date | null {
  const expires = recommendation.evidence.find((item) => item.labelKey === 'expires');
  const date = expires?.valueText?.params.date;
  if (typeof date !== 'string' || !date.includes('T')) return null;
  const expiry = new Date(date);
  return Number.isNaN(expiry.getTime()) ? null : expiry;
}

/**
 * Calendar days from now to the day of expiry where the reader is (0 on that day), as the date
 * beside it shows: the rules' count is on UTC's calendar and as of their run.
 */
function daysUntilExpiry(expiry: Date, now: Date): number {
  // todayCalendarDay names the day any instant falls on in the reader's zone.
  const between = Date.parse(todayCalendarDay(expiry)) - Date.parse(todayCalendarDay(now));
  return Math.max(0, Math.round(between / DAY_MS));
}

/** The text's parts as of `now`: an expiry's days counted again on the reader's calendar. */
function paramsAsOf(
  recommendation: Recommendation,
  text: RecommendationText,
  now: Date,
): TextParams {
  const expiring = text.key === 'certification_expiring_unscheduled';
  const expiry = expiring ? expiryOf(recommendation) : null;
  return expiry ? { ...text.params, days: daysUntilExpiry(expiry, now) } : text.params;
}

/**
 * A recommendation's title, description and action in the reader's language, from its text key;
 * one stored before texts had keys keeps the English words the rules wrote then.
 */
export function recommendationWords(recommendation: Recommendation, now: Date = new Date()) {
  const { text } = recommendation;
  if (!text) {
    const { title, description, action } = recommendation;
    return { title, description, action: action.label };
  }
  const params = readableParams(paramsAsOf(recommendation, text, now));
  const base = `recommendationTexts.texts.${text.key}` as const;
  return {
    title: keyedText(`${base}.title`, params),
    description: keyedText(`${base}.description`, params),
    action: i18n.t(`${base}.action`),
  };
}

/** An evidence row's label: the catalog's for a fixed one, else the name it shows. */
export function evidenceLabel(item: RecommendationEvidence): string {
  return item.labelKey ? i18n.t(`recommendationTexts.evidence.${item.labelKey}`) : item.label;
}

/** An evidence row's value: worded by its key when it has one, else as stored (a title, a name). */
export function evidenceValue(item: RecommendationEvidence): string | null {
  const { valueText } = item;
  if (!valueText) return item.value;
  const { key, params } = valueText;
  if (key === 'date' && typeof params.date === 'string') return formatDate(params.date);
  if (key === 'percent' && typeof params.value === 'number') return formatPercent(params.value);
  return keyedText(`recommendationTexts.values.${key}`, readableParams(params));
}
